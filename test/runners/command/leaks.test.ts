import { describe, expect, it } from 'vitest';
import { liveProcessCount } from '../../../src/runners/command/live-processes.ts';
import { runCommandHandler } from '../../../src/runners/command/run-command-handler.ts';
import { until } from '../../helpers/poll.ts';
import { descendantPids, openFdCount } from '../../helpers/process.ts';
import { commandRequest } from './helpers.ts';

const RUNS = 200;
const CONCURRENCY = 20;

describe('resource hygiene', () => {
  it('200 runs, 20 at a time, leave no process and no open file descriptor behind', async () => {
    // Warm up once so lazily created module state (temp dir, listeners) is not counted as a leak.
    await runCommandHandler(commandRequest({ command: 'cat >/dev/null' }));
    const fdsBefore = openFdCount();
    const kinds = [
      { command: 'cat; echo out; echo err >&2' },
      { command: 'exit 2' },
      { command: 'sleep 0.01 & echo bg' },
      { command: 'echo', args: ['exec', 'form'] },
      { command: './no-such-script.sh' },
    ];
    let next = 0;
    const results: Awaited<ReturnType<typeof runCommandHandler>>[] = [];
    const worker = async (): Promise<void> => {
      while (next < RUNS) {
        const kind = kinds[next % kinds.length] as (typeof kinds)[number];
        next += 1;
        results.push(
          await runCommandHandler(commandRequest(kind, { event: 'SessionStart', payload: { n: next } })),
        );
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    expect(results).toHaveLength(RUNS);
    expect(results.filter((r) => r.exitCode === 0).length).toBe((RUNS / kinds.length) * 3);
    expect(results.filter((r) => r.exitCode === 2).length).toBe(RUNS / kinds.length);
    expect(results.filter((r) => r.spawnError?.code === 'RUNNER_COMMAND_NOT_FOUND').length).toBe(
      RUNS / kinds.length,
    );

    await until(() => descendantPids().length === 0, 'every hook process to be gone', { deadlineMs: 15_000 });
    await until(() => openFdCount() <= fdsBefore, 'the file descriptors to be closed', {
      deadlineMs: 15_000,
    });
    // A `sleep 0.01 &` left by a hook that exited is orphaned (no longer our descendant) but still
    // in the hook's group, which the runner tracks until it ends: wait for that, with a deadline.
    await until(() => liveProcessCount() === 0, 'every lingering hook group to end', { deadlineMs: 15_000 });
  });
});
