// Issue 16 item 4: the runner's exit and signal listeners used to be installed and removed around
// every hook; they now stay between hooks and go once the host has been idle for a moment.
import { describe, expect, it } from 'vitest';
import { runCommandHandler } from '../../../src/runners/command/run-command-handler.ts';
import { until } from '../../helpers/poll.ts';
import { commandRequest } from './helpers.ts';

describe('the command runner’s signal listeners', () => {
  it('stay from one hook to the next and are removed once no hook has run for a while', async () => {
    const before = process.listenerCount('SIGTERM');
    const first = await runCommandHandler(commandRequest({ command: 'exit 0' }));
    expect(first.exitCode).toBe(0);
    expect(process.listenerCount('SIGTERM')).toBe(before + 1);
    const second = await runCommandHandler(commandRequest({ command: 'exit 3' }));
    expect(second.exitCode).toBe(3);
    expect(process.listenerCount('SIGTERM')).toBe(before + 1);
    await until(() => process.listenerCount('SIGTERM') === before, 'the idle runner to remove its listeners');
  });
});
