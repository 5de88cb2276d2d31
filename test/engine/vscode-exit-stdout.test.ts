// VS Code parses a hook's stdout only on exit 0 (other-agents-hooks.md §2.5
// `NodeHookExecutor.executeCommand`): exit 2 is a blocking error carrying stderr, any other code a
// non-blocking warning. Claude Code reads the JSON on every exit code (claude-code-hooks.md §3.2).
// Each case runs the real fixture answer.sh through the engine, under both profiles.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createHookEngine, type DispatchResult, type InlineSource } from '../../src/index.ts';

const ANSWER = fileURLToPath(new URL('../fixtures/copilot/answer.sh', import.meta.url));
const STDERR = 'reason from stderr';

/** A hook that prints `output` as JSON on stdout and STDERR on stderr, then exits with `exit`. */
const answer = (output: object, exit: number) =>
  `sh ${ANSWER} '${JSON.stringify(output)}' '${STDERR}' ${exit}`;

function source(profile: 'vscode' | 'claude-code', event: string, command: string): InlineSource {
  if (profile === 'vscode') {
    const config = { hooks: { [event]: [{ type: 'command', command }] } };
    return { file: '.github/hooks/guard.json', kind: 'vscode-hooks', scope: 'project', config };
  }
  const config = { hooks: { [event]: [{ hooks: [{ type: 'command', command }] }] } };
  return { file: '.claude/settings.json', kind: 'claude-settings', scope: 'project', config };
}

async function dispatch(
  profile: 'vscode' | 'claude-code',
  event: string,
  command: string,
  input: Record<string, unknown>,
): Promise<DispatchResult> {
  const engine = await createHookEngine({
    discover: false,
    profile,
    sources: [source(profile, event, command)],
  });
  try {
    return await engine.dispatch(event, input);
  } finally {
    await engine.close();
  }
}

/** The warning VS Code's reading gives the hook, and the ENGINE_OUTPUT_IGNORED diagnostic naming it. */
function expectIgnored(result: DispatchResult, ending: string): void {
  const said = `ignored the JSON object on stdout ("hookSpecificOutput"): VS Code parses stdout only on exit 0 (other-agents-hooks.md §2.5), and ${ending}`;
  expect(result.hooks[0]?.warnings.join('\n')).toContain(said);
  const ignored = result.diagnostics.filter((d) => d.code === 'ENGINE_OUTPUT_IGNORED').map((d) => d.message);
  expect(ignored.join('\n')).toContain(said);
}

const BLOCKING =
  'exit 2 is a blocking error that carries stderr only; to have the JSON read, print it and exit 0';

const PRE_TOOL_INPUT = { tool_name: 'run_in_terminal', tool_input: { command: 'ls' }, tool_use_id: 't1' };
const PRE_TOOL_JSON = {
  hookSpecificOutput: {
    hookEventName: 'PreToolUse',
    permissionDecision: 'deny',
    permissionDecisionReason: 'reason from json',
    additionalContext: 'context from json',
  },
};

describe('vscode: stdout is read on exit 0 only; exit 2 blocks with stderr (§2.5)', () => {
  it('SessionStart: the additionalContext printed before exit 2 is ignored, and that is said', async () => {
    const json = { hookSpecificOutput: { hookEventName: 'SessionStart', additionalContext: 'x' } };
    const command = answer(json, 2);
    const vscode = await dispatch('vscode', 'SessionStart', command, { source: 'new' });
    expect(vscode.additionalContext).toEqual([]);
    expect(vscode.continue).toBe(true);
    expectIgnored(vscode, BLOCKING);
    const claude = await dispatch('claude-code', 'SessionStart', command, { source: 'startup' });
    expect(claude.additionalContext).toEqual(['x']);
  });

  it('PreToolUse: exit 2 denies with stderr; the JSON reason and context are ignored, and that is said', async () => {
    const command = answer(PRE_TOOL_JSON, 2);
    const vscode = await dispatch('vscode', 'PreToolUse', command, PRE_TOOL_INPUT);
    expect(vscode.decision).toBe('deny');
    expect(vscode.reason).toBe(STDERR);
    expect(vscode.additionalContext).toEqual([]);
    expect(vscode.hooks[0]?.output).toBeNull();
    expectIgnored(vscode, BLOCKING);
    const claude = await dispatch('claude-code', 'PreToolUse', command, PRE_TOOL_INPUT);
    expect(claude.reason).toBe('reason from json');
    expect(claude.additionalContext).toEqual(['context from json']);
  });

  it('Stop: exit 2 keeps the agent going with stderr as the reason, not the JSON reason', async () => {
    const json = {
      hookSpecificOutput: { hookEventName: 'Stop', decision: 'block', reason: 'reason from json' },
    };
    const vscode = await dispatch('vscode', 'Stop', answer(json, 2), { stop_hook_active: false });
    expect(vscode.decision).toBe('block');
    expect(vscode.reason).toBe(STDERR);
    expectIgnored(vscode, BLOCKING);
  });

  it('PostToolUse: exit 2 blocks with stderr; the JSON context is ignored', async () => {
    const json = {
      hookSpecificOutput: { hookEventName: 'PostToolUse', additionalContext: 'context from json' },
    };
    const input = { ...PRE_TOOL_INPUT, tool_response: 'ok' };
    const vscode = await dispatch('vscode', 'PostToolUse', answer(json, 2), input);
    expect(vscode.decision).toBe('block');
    expect(vscode.reason).toBe(STDERR);
    expect(vscode.additionalContext).toEqual([]);
    expectIgnored(vscode, BLOCKING);
  });

  it('UserPromptSubmit: exit 2 blocks with stderr; the JSON context is ignored', async () => {
    const json = {
      hookSpecificOutput: { hookEventName: 'UserPromptSubmit', additionalContext: 'context from json' },
    };
    const vscode = await dispatch('vscode', 'UserPromptSubmit', answer(json, 2), { prompt: 'hi' });
    expect(vscode.decision).toBe('block');
    expect(vscode.additionalContext).toEqual([]);
    expectIgnored(vscode, BLOCKING);
  });

  it('exit 1: the JSON deny is not read either, and that is said', async () => {
    const vscode = await dispatch('vscode', 'PreToolUse', answer(PRE_TOOL_JSON, 1), PRE_TOOL_INPUT);
    expect(vscode.decision).toBeNull();
    expect(vscode.additionalContext).toEqual([]);
    expectIgnored(vscode, 'exit 1 is a non-blocking warning carrying stderr; to have the JSON read');
  });

  it('exit 0: the JSON is read, and nothing is said about stdout', async () => {
    const vscode = await dispatch('vscode', 'PreToolUse', answer(PRE_TOOL_JSON, 0), PRE_TOOL_INPUT);
    expect(vscode.decision).toBe('deny');
    expect(vscode.reason).toBe('reason from json');
    expect(vscode.additionalContext).toEqual(['context from json']);
    expect(vscode.hooks[0]?.warnings).toEqual([]);
  });
});
