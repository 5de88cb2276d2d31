// VS Code's common payload names (other-agents-hooks.md §2.5 "Discrepancy"): its hook service sends
// `session_id`/`hook_event_name`, its documentation (seed 000) `sessionId`/`hookEventName`. VS Code
// hooks get both spellings, and the bridge reads either from a VS Code host's stdin.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sessionFile } from '../../src/bridge/session-file.ts';
import { runCliInProcess } from '../helpers/cli.ts';
import { REPO_ROOT } from '../helpers/paths.ts';
import { makeTree, type TreeSpec } from '../helpers/temp-dir.ts';
import { claudePreToolUse, denyStdout, guardTree, vscodePreToolUse } from './guards.ts';

const SHIPPED_NAMES = join(REPO_ROOT, 'test/fixtures/bridge/vscode-shipped-names.mjs');
const SESSION = 'bridge-session';

/** VS Code's own format, in a folder only VS Code reads (not native to Claude Code). */
const VSCODE_HOOK: TreeSpec = {
  '.vscode/settings.json': { 'chat.hookFilesLocations': { '.vscode/hooks': true } },
  '.vscode/hooks/names.json': {
    hooks: { PreToolUse: [{ type: 'command', command: `node ${SHIPPED_NAMES}`, timeout: 10 }] },
  },
};

function bridge(host: string, project: string, stdin: string, extra: string[] = []) {
  const args = [
    'bridge',
    '--host',
    host,
    '--cwd',
    project,
    '--no-user',
    '--state-dir',
    join(project, '.state'),
  ];
  return runCliInProcess([...args, ...extra], { stdin });
}

function seen(project: string, name: string): Record<string, unknown> {
  const file = join(project, '.payloads', `${name}.json`);
  expect(existsSync(file)).toBe(true);
  return JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
}

/** VS Code's payload with its common names spelled only as the code sends them, or only as documented. */
function spelled(payload: Record<string, unknown>, spelling: 'shipped' | 'documented'): string {
  const { hook_event_name, session_id, ...rest } = payload;
  const names =
    spelling === 'shipped'
      ? { hook_event_name, session_id }
      : { hookEventName: hook_event_name, sessionId: session_id };
  return JSON.stringify({ ...names, ...rest });
}

/** VS Code's Stop payload: its PreToolUse one without the tool fields. */
function vscodeStop(project: string): Record<string, unknown> {
  const { tool_name: _n, tool_input: _i, tool_use_id: _u, ...common } = vscodePreToolUse(project, '');
  return { ...common, hook_event_name: 'Stop', stop_hook_active: false };
}

describe('VS Code payload names (other-agents-hooks.md §2.5)', () => {
  it('a VS Code hook reading session_id and hook_event_name sees them, and the documented aliases too', async () => {
    const project = makeTree(VSCODE_HOOK, 'vscode-names');
    const run = await bridge('claude-code', project, JSON.stringify(claudePreToolUse(project, 'rm -rf /')));
    expect(run).toEqual({
      code: 0,
      stdout: denyStdout('claude-code', `rm -rf refused in session ${SESSION}`),
      stderr: '',
    });
    const names = seen(project, 'vscode-names');
    expect(names).toEqual({
      timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      hook_event_name: 'PreToolUse',
      session_id: SESSION,
      sessionId: SESSION,
      hookEventName: 'PreToolUse',
    });
  });

  for (const spelling of ['shipped', 'documented'] as const) {
    it(`--host vscode: a payload with only the ${spelling} names resolves the event and the session`, async () => {
      const project = makeTree({ ...VSCODE_HOOK, ...guardTree('claude') }, 'vscode-names');
      const stdin = spelled(vscodePreToolUse(project, 'rm -rf /'), spelling);
      const run = await bridge('vscode', project, stdin, ['--include-native']);
      expect(run).toEqual({
        code: 0,
        stdout: denyStdout(
          'vscode',
          `guard claude: rm -rf is destructive\nrm -rf refused in session ${SESSION}`,
        ),
        stderr: '',
      });
      expect(seen(project, 'claude')).toMatchObject({ session_id: SESSION, hook_event_name: 'PreToolUse' });
      expect(seen(project, 'vscode-names')).toMatchObject({
        session_id: SESSION,
        hook_event_name: 'PreToolUse',
        sessionId: SESSION,
        hookEventName: 'PreToolUse',
      });
    });

    it(`--host vscode: a Stop payload with only the ${spelling} names keeps the session's state`, async () => {
      // A Claude hook: VS Code does not read Claude files by default, so the bridge runs it.
      const command = `echo '{"decision":"block","reason":"go on"}'`;
      const stop = { hooks: { Stop: [{ hooks: [{ type: 'command', command }] }] } };
      const project = makeTree({ '.claude/settings.json': stop }, 'vscode-names');
      const run = await bridge('vscode', project, spelled(vscodeStop(project), spelling));
      expect(run.code).toBe(0);
      expect(JSON.parse(run.stdout)).toMatchObject({
        hookSpecificOutput: { decision: 'block', reason: 'go on' },
      });
      expect(existsSync(sessionFile(join(project, '.state'), SESSION))).toBe(true);
    });
  }
});
