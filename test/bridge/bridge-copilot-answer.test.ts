// What the bridge answers Copilot CLI when another origin's hook stops or blocks where Copilot's
// output has no field for it (other-agents-hooks.md §1.3): the most restrictive answer it reads,
// or a note on stderr, never silence.
import { describe, expect, it } from 'vitest';
import { runCliInProcess } from '../helpers/cli.ts';
import { makeTree } from '../helpers/temp-dir.ts';

/** A VS Code-format file (no `version`) whose one hook of `event` prints `output`. */
function vscodeHook(event: string, output: object): Record<string, object> {
  const command = `echo '${JSON.stringify(output)}'`;
  return { '.github/hooks/vscode.json': { hooks: { [event]: [{ type: 'command', command, timeout: 10 }] } } };
}

/** A Claude settings file whose one hook of `event` prints `output`. */
function claudeHook(event: string, output: object): Record<string, object> {
  const command = `echo '${JSON.stringify(output)}'`;
  return {
    '.claude/settings.json': {
      hooks: { [event]: [{ matcher: '*', hooks: [{ type: 'command', command }] }] },
    },
  };
}

/** Copilot CLI's call; both files are Copilot's own too, so --include-native runs them. */
async function copilotCall(project: string, event: string, payload: object) {
  const args = ['bridge', '--host', 'copilot-cli', '--cwd', project, '--no-user', '--include-native'];
  const stdin = JSON.stringify({ sessionId: 's', timestamp: 1, cwd: project, ...payload });
  return runCliInProcess([...args, '--state-dir', `${project}/.state`, '--event', event], { stdin });
}

const STOP = { continue: false, stopReason: 'halt the team' };

describe('bridge under Copilot CLI: answers it has no field for', () => {
  it('continue: false on preToolUse denies the call with the stop reason (Copilot fails closed there) and says so', async () => {
    const project = makeTree(vscodeHook('PreToolUse', STOP), 'bridge-copilot');
    const run = await copilotCall(project, 'preToolUse', { toolName: 'bash', toolArgs: { command: 'ls' } });
    expect(run).toEqual({
      code: 0,
      stdout: `${JSON.stringify({ permissionDecision: 'deny', permissionDecisionReason: 'halt the team' })}\n`,
      stderr:
        'agent-hooks bridge: continue: false ("halt the team") cannot stop Copilot CLI from preToolUse; the call is denied instead\n',
    });
  });

  it('continue: false on permissionRequest is a deny with interrupt, which stops the agent (other-agents-hooks.md §1.3)', async () => {
    const project = makeTree(claudeHook('PermissionRequest', STOP), 'bridge-copilot');
    const run = await copilotCall(project, 'permissionRequest', {
      hookName: 'permissionRequest',
      toolName: 'bash',
      toolInput: { command: 'ls' },
    });
    expect(run).toEqual({
      code: 0,
      stdout: `${JSON.stringify({ behavior: 'deny', message: 'halt the team', interrupt: true })}\n`,
      stderr: '',
    });
  });

  it('a block on userPromptSubmitted, which Copilot does not read, is said on stderr', async () => {
    const project = makeTree(
      vscodeHook('UserPromptSubmit', { decision: 'block', reason: 'no secrets' }),
      'bridge-copilot',
    );
    const run = await copilotCall(project, 'userPromptSubmitted', { prompt: 'hi' });
    expect(run.code).toBe(0);
    expect(run.stderr).toBe(
      'agent-hooks bridge: a block on UserPromptSubmit cannot be said to Copilot CLI, which reads no decision there, so it goes on: no secrets\n',
    );
  });

  it('continue: false on userPromptSubmitted, which Copilot cannot express, is said on stderr', async () => {
    const project = makeTree(vscodeHook('UserPromptSubmit', STOP), 'bridge-copilot');
    const run = await copilotCall(project, 'userPromptSubmitted', { prompt: 'hi' });
    expect(run).toEqual({
      code: 0,
      stdout: '{}\n',
      stderr:
        'agent-hooks bridge: continue: false ("halt the team") cannot be said to Copilot CLI on UserPromptSubmit: it has no way to stop the agent there\n',
    });
  });

  it('continue: false with a block on agentStop lets the agent stop: the block, which would make it go on, is left out', async () => {
    const block = { hookSpecificOutput: { hookEventName: 'Stop', decision: 'block', reason: 'go on' } };
    const project = makeTree(vscodeHook('Stop', { ...STOP, ...block }), 'bridge-copilot');
    const run = await copilotCall(project, 'agentStop', {
      transcriptPath: `${project}/t.jsonl`,
      stopReason: 'end_turn',
      stop_hook_active: false,
    });
    expect(run).toEqual({
      code: 0,
      stdout: '{}\n',
      stderr:
        'agent-hooks bridge: continue: false ("halt the team"): Copilot CLI shows no stop reason; the agent stops (the block of another hook is not passed on)\n',
    });
  });
});
