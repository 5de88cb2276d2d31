import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sessionFile } from '../../src/bridge/session-file.ts';
import { runCliInProcess } from '../helpers/cli.ts';
import { makeTree } from '../helpers/temp-dir.ts';
import { claudePreToolUse } from './guards.ts';

const BLOCK = { decision: 'block', reason: 'keep going' };

function stopPayload(project: string, active: boolean): string {
  const { tool_name: _n, tool_input: _i, tool_use_id: _u, ...common } = claudePreToolUse(project, '');
  return JSON.stringify({
    ...common,
    hook_event_name: 'Stop',
    stop_hook_active: active,
    last_assistant_message: 'done',
  });
}

describe('bridge: state across invocations', () => {
  it('counts Stop blocks across processes: the 9th block in a row is overridden (claude-code-hooks.md §2.18)', async () => {
    const project = makeTree(
      {
        '.github/hooks/stop.json': {
          version: 1,
          hooks: { agentStop: [{ type: 'command', bash: `echo '${JSON.stringify(BLOCK)}'` }] },
        },
      },
      'bridge-state',
    );
    const stateDir = join(project, '.state');
    const args = ['bridge', '--host', 'claude-code', '--cwd', project, '--no-user', '--state-dir', stateDir];
    const answers: string[] = [];
    for (let i = 0; i < 9; i++)
      answers.push((await runCliInProcess(args, { stdin: stopPayload(project, i > 0) })).stdout);
    for (const answer of answers.slice(0, 8)) expect(JSON.parse(answer)).toEqual(BLOCK);
    expect(JSON.parse(answers[8] as string)).not.toHaveProperty('decision');
    expect(existsSync(sessionFile(stateDir, 'bridge-session'))).toBe(true);

    const end = JSON.stringify({
      ...JSON.parse(stopPayload(project, false)),
      hook_event_name: 'SessionEnd',
      reason: 'other',
    });
    expect(await runCliInProcess(args, { stdin: end })).toEqual({ code: 0, stdout: '{}\n', stderr: '' });
    // SessionEnd cleans up the session's file.
    expect(existsSync(sessionFile(stateDir, 'bridge-session'))).toBe(false);
  });
});
