// Claude Code's TaskCompleted and TeammateIdle have no JSON decision: the bridge blocks them with
// exit 2 (claude-code-hooks.md §3.3). Claude Code still reads the JSON on stdout with exit 2
// (§3.2 "JSON is read on every exit code"), so what else the hooks said goes there.
import { describe, expect, it } from 'vitest';
import { runCliInProcess } from '../helpers/cli.ts';
import { makeTree, writeFile } from '../helpers/temp-dir.ts';

/** Claude hooks of `event`, one command each; Claude Code's own file, run with --include-native. */
function claudeHooks(event: string, commands: string[]): Record<string, object> {
  return {
    '.claude/settings.json': {
      hooks: { [event]: [{ hooks: commands.map((command) => ({ type: 'command', command })) }] },
    },
  };
}

async function claudeCall(project: string, event: string, extra: object) {
  const args = ['bridge', '--host', 'claude-code', '--cwd', project, '--no-user', '--include-native'];
  const stdin = JSON.stringify({ hook_event_name: event, session_id: 's', cwd: project, ...extra });
  return runCliInProcess([...args, '--state-dir', `${project}/.state`], { stdin });
}

const BLOCK = "echo 'not done yet' >&2; exit 2";
const HALT = `echo '${JSON.stringify({ continue: false, stopReason: 'halt team' })}'`;

describe('bridge under Claude Code: an exit-2 block keeps the JSON the other hooks gave', () => {
  for (const [event, extra] of [
    ['TaskCompleted', { task_id: '1', task_subject: 'ship it' }],
    ['TeammateIdle', { teammate_name: 'ann', team_name: 'core' }],
  ] as const) {
    it(`${event}: exit 2 with the reason on stderr, and continue: false on stdout (claude-code-hooks.md §2.17, §2.20)`, async () => {
      const project = makeTree(claudeHooks(event, [BLOCK, HALT]), 'bridge-exit2');
      const run = await claudeCall(project, event, extra);
      expect(run).toEqual({
        code: 2,
        stdout: `${JSON.stringify({ continue: false, stopReason: 'halt team' })}\n`,
        stderr: 'not done yet\n',
      });
    });
  }

  it('a block alone is still exit 2 with nothing on stdout', async () => {
    const project = makeTree(claudeHooks('TaskCompleted', [BLOCK]), 'bridge-exit2');
    const run = await claudeCall(project, 'TaskCompleted', { task_id: '1', task_subject: 'ship it' });
    expect(run).toEqual({ code: 2, stdout: '', stderr: 'not done yet\n' });
  });

  it('a broken neighbour file is shown to the user in systemMessage, not added to the reason the model reads', async () => {
    const project = makeTree(claudeHooks('TaskCompleted', [BLOCK]), 'bridge-exit2');
    const broken = writeFile(project, '.github/hooks/broken.json', '{ "hooks": { "TaskCompleted": [ }');
    const run = await claudeCall(project, 'TaskCompleted', { task_id: '1', task_subject: 'ship it' });
    expect(run.code).toBe(2);
    expect(run.stderr).toBe('not done yet\n');
    const out = JSON.parse(run.stdout) as { systemMessage?: string };
    expect(out.systemMessage).toContain(broken);
  });
});
