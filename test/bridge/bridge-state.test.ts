import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runBridge } from '../../src/bridge/run-bridge.ts';
import { sessionFile } from '../../src/bridge/session-file.ts';
import type { ProfileName } from '../../src/model/profile-name.ts';
import { runCliInProcess } from '../helpers/cli.ts';
import { makeTree } from '../helpers/temp-dir.ts';
import { claudePreToolUse, guardTree, HOSTS } from './guards.ts';

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

/** Each host's Stop payload, without `stop_hook_active` (some hosts do not send it). */
function hostStop(host: ProfileName, project: string): { stdin: string; event: string[] } {
  if (host === 'copilot-cli')
    return {
      stdin: JSON.stringify({ sessionId: 'cap-session', timestamp: 1, cwd: project }),
      event: ['--event', 'agentStop'],
    };
  const payload = {
    session_id: 'cap-session',
    hook_event_name: 'Stop',
    cwd: project,
    transcript_path: join(project, 't.json'),
  };
  return { stdin: JSON.stringify(payload), event: [] };
}

describe('bridge: the Stop loop cap is said, never silent', () => {
  for (const host of HOSTS) {
    it(`under ${host}, the block the cap overrides is said on stderr${host === 'copilot-cli' ? '' : ' and in systemMessage'}`, async () => {
      const project = makeTree(
        {
          '.claude/settings.json': {
            hooks: { Stop: [{ hooks: [{ type: 'command', command: `echo '${JSON.stringify(BLOCK)}'` }] }] },
          },
        },
        'bridge-cap',
      );
      // The Claude file is native under Claude Code and Copilot CLI: run it anyway.
      const args = [
        'bridge',
        '--host',
        host,
        '--cwd',
        project,
        '--no-user',
        '--include-native',
        '--state-dir',
        join(project, '.state'),
      ];
      const { stdin, event } = hostStop(host, project);
      const runs = [];
      for (let i = 0; i < 9; i++) runs.push(await runCliInProcess([...args, ...event], { stdin }));
      for (const run of runs.slice(0, 8)) {
        expect(run).toMatchObject({ code: 0, stderr: '' });
        expect(run.stdout).toContain('"decision":"block"');
      }
      const ninth = runs[8]!;
      const note =
        'agent-hooks bridge: ENGINE_STOP_CAP_REACHED: Stop: the hooks blocked the agent from stopping 9 times in a row, past the loop cap of 8: this block (its reason: keep going) is overridden and the agent stops';
      expect(ninth.code).toBe(0);
      expect(ninth.stderr).toBe(`${note}\n`);
      const answer = JSON.parse(ninth.stdout) as Record<string, unknown>;
      expect(answer).not.toHaveProperty('decision');
      expect(answer).not.toHaveProperty('hookSpecificOutput');
      if (host === 'copilot-cli') expect(answer).toEqual({});
      else expect(answer).toEqual({ systemMessage: note });
    });
  }
});

describe('bridge: a bridge started by a bridged hook', () => {
  it('runs nothing, so an installed bridge entry in another host’s file never loops or runs hooks twice', async () => {
    const project = makeTree(guardTree('vscode'), 'bridge-nested');
    const stdin = JSON.stringify(claudePreToolUse(project, 'rm -rf /'));
    const base = { host: 'claude-code' as const, stdin, cwd: project, noUser: true, stateDir: null };
    const nested = await runBridge({ ...base, env: { ...process.env, AGENT_HOOKS_BRIDGE: '1' } });
    expect(nested.answer).toEqual({ stdout: '{}\n', stderr: '', exitCode: 0 });
    expect(existsSync(join(project, '.payloads'))).toBe(false);
    // The bridge's own hooks see the marker.
    const top = await runBridge({ ...base, env: { ...process.env, AGENT_HOOKS_BRIDGE: '' } });
    expect(top.answer.stdout).toContain('"permissionDecision":"deny"');
    expect(readFileSync(join(project, '.payloads/vscode.bridge-marker'), 'utf8')).toBe('1');
  });
});
