// The bridge's answer to VS Code on Stop: VS Code reads the block only from hookSpecificOutput and
// only "with a non-empty reason" (other-agents-hooks.md §2.5), so a block the engine decided without
// a reason (a Claude hook's bare `{"decision":"block"}`, an exit 2 with nothing on stderr) still
// carries one: otherwise VS Code would let the agent stop although a guard blocked.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCliInProcess } from '../helpers/cli.ts';
import { makeTree } from '../helpers/temp-dir.ts';

async function vscodeStop(command: string) {
  const stop = { hooks: { Stop: [{ hooks: [{ type: 'command', command }] }] } };
  const project = makeTree({ '.claude/settings.json': stop }, 'bridge-vscode-stop');
  const payload = {
    timestamp: '2026-12-07T10:00:00.000Z',
    hook_event_name: 'Stop',
    session_id: 's',
    transcript_path: join(project, 't.jsonl'),
    cwd: project,
    stop_hook_active: false,
  };
  const args = [
    'bridge',
    '--host',
    'vscode',
    '--cwd',
    project,
    '--no-user',
    '--state-dir',
    join(project, '.state'),
  ];
  return runCliInProcess(args, { stdin: JSON.stringify(payload) });
}

describe('bridge --host vscode: a Stop block always reaches VS Code with a reason', () => {
  it.each([
    ['a Claude hook blocking without a reason', `cat >/dev/null; echo '{"decision":"block"}'`],
    ['an exit 2 with nothing on stderr', 'cat >/dev/null; exit 2'],
  ])('%s: nested block with a non-empty reason', async (_name, command) => {
    const run = await vscodeStop(command);
    expect(run.code).toBe(0);
    const answer = JSON.parse(run.stdout) as {
      decision?: unknown;
      hookSpecificOutput?: Record<string, unknown>;
    };
    expect(answer.decision).toBeUndefined();
    expect(answer.hookSpecificOutput).toMatchObject({ hookEventName: 'Stop', decision: 'block' });
    expect(answer.hookSpecificOutput?.reason).toMatch(/\S/);
  });
});
