import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCliInProcess } from '../helpers/cli.ts';
import { makeTree } from '../helpers/temp-dir.ts';

// What VS Code reads of an answer (other-agents-hooks.md §2.5 "Per-event aggregation"): a
// Stop/SubagentStop goes on only with `hookSpecificOutput.decision: "block"` and a non-empty
// reason, and a permissionDecision it does not know is ignored.

/** A Claude-format hook (not native under VS Code unless chat.useClaudeHooks) that prints `output`. */
function printing(output: unknown) {
  return { hooks: [{ type: 'command', command: `echo '${JSON.stringify(output)}'` }] };
}

async function bridged(hooks: Record<string, unknown>, payload: Record<string, unknown>, host = 'vscode') {
  const project = makeTree({ '.claude/settings.json': { hooks } }, 'bridge-vscode');
  const stdin = JSON.stringify({
    timestamp: '2026-12-01T09:00:00.000Z',
    session_id: 'vscode-session',
    transcript_path: join(project, 'transcript.json'),
    cwd: project,
    ...payload,
  });
  // Copilot CLI reads the Claude file itself: --include-native runs it there too.
  const state = join(project, '.s');
  const args = [
    'bridge',
    '--host',
    host,
    '--cwd',
    project,
    '--no-user',
    '--include-native',
    '--state-dir',
    state,
  ];
  return runCliInProcess(args, { stdin });
}

describe('bridge --host vscode: a Stop block without a reason still blocks', () => {
  const cases = [
    ['Stop', 'a JSON block without reason', printing({ decision: 'block' }), {}],
    ['Stop', 'a JSON block with an empty reason', printing({ decision: 'block', reason: '' }), {}],
    // Claude Code reads exit 2 as a block with stderr as its reason, here empty (claude-code-hooks.md §3.3).
    [
      'SubagentStop',
      'an exit 2 with nothing on stderr',
      { hooks: [{ type: 'command', command: 'exit 2' }] },
      { agent_id: 'a1', agent_type: 'Explore' },
    ],
  ] as const;
  for (const [event, what, group, extra] of cases) {
    it(`${event}: ${what} is nested with the default reason, which VS Code needs to go on`, async () => {
      const run = await bridged(
        { [event]: [group] },
        { hook_event_name: event, stop_hook_active: false, ...extra },
      );
      expect(run).toMatchObject({ code: 0, stderr: '' });
      expect(JSON.parse(run.stdout)).toEqual({
        hookSpecificOutput: { hookEventName: event, decision: 'block', reason: 'blocked by a bridged hook' },
      });
    });
  }

  it('a reason the hook gave is kept', async () => {
    const run = await bridged(
      { Stop: [printing({ decision: 'block', reason: 'tests fail' })] },
      { hook_event_name: 'Stop', stop_hook_active: false },
    );
    expect(JSON.parse(run.stdout)).toEqual({
      hookSpecificOutput: { hookEventName: 'Stop', decision: 'block', reason: 'tests fail' },
    });
  });
});

describe('bridge --host vscode: a PreToolUse defer, which VS Code does not have', () => {
  const call = {
    hook_event_name: 'PreToolUse',
    tool_name: 'run_in_terminal',
    tool_input: { command: 'ls', explanation: 'list', isBackground: false },
    tool_use_id: 'call_1',
  };
  const defer = {
    hookSpecificOutput: {
      hookEventName: 'PreToolUse',
      permissionDecision: 'defer',
      permissionDecisionReason: 'ask the orchestrator',
      additionalContext: 'deferred by policy',
    },
  };
  const note =
    'agent-hooks bridge: defer has no VS Code spelling and is left out; the call goes on to its permission check';

  it('is left out of the answer and said on stderr and in systemMessage', async () => {
    const run = await bridged({ PreToolUse: [printing(defer)] }, call);
    expect(run).toMatchObject({ code: 0, stderr: `${note}\n` });
    expect(JSON.parse(run.stdout)).toEqual({
      hookSpecificOutput: { hookEventName: 'PreToolUse', additionalContext: 'deferred by policy' },
      systemMessage: note,
    });
  });

  it('a deny beside it is the answer, with nothing left out', async () => {
    const deny = { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny' } };
    const run = await bridged({ PreToolUse: [printing(defer), printing(deny)] }, call);
    expect(run).toMatchObject({ code: 0, stderr: '' });
    const out = JSON.parse(run.stdout) as { hookSpecificOutput: Record<string, unknown> };
    expect(out.hookSpecificOutput.permissionDecision).toBe('deny');
  });

  it('Copilot CLI, which has no defer either, is answered the same way (copilot-answer.ts)', async () => {
    const run = await bridged({ PreToolUse: [printing(defer)] }, call, 'copilot-cli');
    expect(run).toMatchObject({
      code: 0,
      stdout: `${JSON.stringify({ additionalContext: 'deferred by policy' })}\n`,
      stderr: `${note.replace('VS Code', 'Copilot CLI')}\n`,
    });
  });
});
