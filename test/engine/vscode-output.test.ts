// How VS Code's shipped hook service reads a VS Code-dialect hook's output (other-agents-hooks.md
// §2.5, `ChatHookService.executeHook` and its "Per-event aggregation" table). Each case runs a
// real fixture process through the engine with a `.github/hooks/*.json`-format source.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createHookEngine, type DispatchResult, type InlineSource } from '../../src/index.ts';

const ANSWER = fileURLToPath(new URL('../fixtures/copilot/answer.sh', import.meta.url));

/** A hook that prints `output` (JSON) and `stderr`, then exits with `exit`. */
const print = (output: object | null, exit = 0, stderr = '') =>
  `sh ${ANSWER} '${output ? JSON.stringify(output) : ''}' '${stderr}' ${exit}`;

/** A VS Code hook file (PascalCase keys, flat entries) running `commands` in order on `event`. */
function vscodeSource(event: string, commands: string[]): InlineSource {
  const entries = commands.map((command) => ({ type: 'command', command }));
  return {
    file: '.github/hooks/guard.json',
    kind: 'vscode-hooks',
    scope: 'project',
    config: { hooks: { [event]: entries } },
  };
}

async function dispatch(event: string, commands: string[], input: Record<string, unknown> = {}) {
  const engine = await createHookEngine({
    discover: false,
    profile: 'vscode',
    sources: [vscodeSource(event, commands)],
  });
  try {
    return await engine.dispatch(event, input);
  } finally {
    await engine.close();
  }
}

const STOP_INPUT = { stop_hook_active: false };
const SUBAGENT_INPUT = {
  stop_hook_active: false,
  agent_id: 'a1',
  agent_type: 'Plan',
  agent_transcript_path: '/t',
};
const POST_TOOL_INPUT = {
  tool_name: 'run_in_terminal',
  tool_input: { command: 'ls' },
  tool_use_id: 't1',
  tool_response: 'ok',
};

/** The hook's warnings and the ENGINE_OUTPUT_IGNORED diagnostics, which name the hook. */
function ignoredNotes(result: DispatchResult): { warnings: string; diagnostics: string } {
  return {
    warnings: result.hooks.flatMap((hook) => hook.warnings).join('\n'),
    diagnostics: result.diagnostics
      .filter((d) => d.code === 'ENGINE_OUTPUT_IGNORED')
      .map((d) => d.message)
      .join('\n'),
  };
}

const NESTED_BLOCK = (event: string, reason: string) => ({
  hookSpecificOutput: { hookEventName: event, decision: 'block', reason },
});

describe('vscode: Stop and SubagentStop block only from hookSpecificOutput with a reason (§2.5)', () => {
  it('a nested decision:block with a reason blocks the Stop, the reason fed back', async () => {
    const result = await dispatch('Stop', [print(NESTED_BLOCK('Stop', 'run the tests'))], STOP_INPUT);
    expect(result.decision).toBe('block');
    expect(result.reason).toBe('run the tests');
  });

  it('a top-level decision:block on Stop is ignored, and the hook is told where it belongs', async () => {
    const result = await dispatch(
      'Stop',
      [print({ decision: 'block', reason: 'run the tests' })],
      STOP_INPUT,
    );
    expect(result.decision).toBeNull();
    const { warnings, diagnostics } = ignoredNotes(result);
    expect(warnings).toMatch(
      /ignored top-level "decision".*put decision and reason inside hookSpecificOutput/,
    );
    expect(diagnostics).toMatch(
      /^Stop hook .*answer\.sh.*put decision and reason inside hookSpecificOutput/m,
    );
  });

  it('a top-level decision:block on SubagentStop (the seed 000 example) is ignored with the fix', async () => {
    const result = await dispatch(
      'SubagentStop',
      [print({ decision: 'block', reason: 'Verify subagent results before completing' })],
      SUBAGENT_INPUT,
    );
    expect(result.decision).toBeNull();
    expect(ignoredNotes(result).warnings).toMatch(/put decision and reason inside hookSpecificOutput/);
  });

  it('a nested decision:block with an empty or missing reason does not block, and says why', async () => {
    for (const output of [
      NESTED_BLOCK('Stop', ''),
      { hookSpecificOutput: { hookEventName: 'Stop', decision: 'block' } },
    ]) {
      const result = await dispatch('Stop', [print(output)], STOP_INPUT);
      expect(result.decision).toBeNull();
      const { warnings, diagnostics } = ignoredNotes(result);
      expect(warnings).toMatch(/non-empty hookSpecificOutput\.reason/);
      expect(diagnostics).toMatch(/^Stop hook .*non-empty hookSpecificOutput\.reason/m);
    }
  });

  it('exit 2 blocks the Stop with stderr as the reason', async () => {
    const result = await dispatch('Stop', [print(null, 2, 'tests are failing')], STOP_INPUT);
    expect(result.decision).toBe('block');
    expect(result.reason).toBe('tests are failing');
  });

  it('a Stop output is accepted on SubagentStop, a SubagentStop output is not accepted on Stop', async () => {
    const sub = await dispatch(
      'SubagentStop',
      [print(NESTED_BLOCK('Stop', 'check the plan'))],
      SUBAGENT_INPUT,
    );
    expect(sub.decision).toBe('block');
    expect(sub.reason).toBe('check the plan');
    const stop = await dispatch('Stop', [print(NESTED_BLOCK('SubagentStop', 'check the plan'))], STOP_INPUT);
    expect(stop.decision).toBeNull();
    expect(ignoredNotes(stop).warnings).toMatch(
      /ignored "hookSpecificOutput": its hookEventName "SubagentStop"/,
    );
  });
});

describe('vscode: hookEventName that names another event (§2.5)', () => {
  it('a top-level hookEventName for another event ignores the whole output, and says so', async () => {
    const output = {
      hookEventName: 'PreToolUse',
      continue: false,
      stopReason: 'halt',
      ...NESTED_BLOCK('Stop', 'r'),
    };
    const result = await dispatch('Stop', [print(output)], STOP_INPUT);
    expect(result.decision).toBeNull();
    expect(result.continue).toBe(true);
    const { warnings, diagnostics } = ignoredNotes(result);
    expect(warnings).toMatch(
      /ignored the whole output: its top-level hookEventName "PreToolUse" does not match the event Stop/,
    );
    expect(diagnostics).toMatch(/^Stop hook .*ignored the whole output/m);
  });

  it('a matching top-level hookEventName (or Stop on SubagentStop) is read as usual', async () => {
    const stop = await dispatch(
      'Stop',
      [print({ hookEventName: 'Stop', ...NESTED_BLOCK('Stop', 'r') })],
      STOP_INPUT,
    );
    expect(stop.decision).toBe('block');
    const sub = await dispatch(
      'SubagentStop',
      [print({ hookEventName: 'Stop', ...NESTED_BLOCK('Stop', 'r') })],
      SUBAGENT_INPUT,
    );
    expect(sub.decision).toBe('block');
    expect(ignoredNotes(sub).warnings).toBe('');
  });

  it('a hookSpecificOutput for another event strips only hookSpecificOutput: the top level still counts', async () => {
    const output = {
      systemMessage: 'checked',
      continue: false,
      hookSpecificOutput: { hookEventName: 'PreToolUse', additionalContext: 'x' },
    };
    const result = await dispatch('PostToolUse', [print(output)], POST_TOOL_INPUT);
    expect(result.systemMessages).toEqual(['checked']);
    expect(result.continue).toBe(false);
    expect(result.additionalContext).toEqual([]);
    expect(ignoredNotes(result).warnings).toMatch(
      /ignored "hookSpecificOutput": its hookEventName "PreToolUse"/,
    );
  });
});

describe('vscode: PostToolUse, the first top-level decision:block wins (§2.5)', () => {
  it("the first blocking hook's reason is the result's; the later block is reported, not merged", async () => {
    const result = await dispatch(
      'PostToolUse',
      [print({ decision: 'block', reason: 'first' }), print({ decision: 'block', reason: 'second' })],
      POST_TOOL_INPUT,
    );
    expect(result.decision).toBe('block');
    expect(result.reason).toBe('first');
    expect(result.messages.toModel.join('\n')).not.toMatch(/second/);
    const conflicts = result.diagnostics.filter((d) => d.code === 'ENGINE_OUTPUT_CONFLICT');
    expect(conflicts.map((d) => d.message).join('\n')).toMatch(/block .*"second".* the first block wins/);
  });
});

const PRE_TOOL_INPUT = {
  tool_name: 'run_in_terminal',
  tool_input: { command: 'rm -rf build' },
  tool_use_id: 't1',
};

describe('vscode: PreToolUse decides from hookSpecificOutput.permissionDecision only (§2.5)', () => {
  it("a top-level decision (Claude's deprecated block or approve) is ignored, and the hook is told the fix", async () => {
    for (const output of [
      { decision: 'block', reason: 'no deletes' },
      { decision: 'approve', reason: 'fine' },
    ]) {
      const result = await dispatch('PreToolUse', [print(output)], PRE_TOOL_INPUT);
      expect(result.decision).toBeNull();
      expect(result.reason).toBeNull();
      expect(result.messages.toModel).toEqual([]);
      const { warnings, diagnostics } = ignoredNotes(result);
      expect(warnings).toMatch(/ignored top-level "decision".*use hookSpecificOutput\.permissionDecision/);
      expect(diagnostics).toMatch(
        /^PreToolUse hook .*answer\.sh.*use hookSpecificOutput\.permissionDecision/m,
      );
    }
  });

  it('the nested permissionDecision beside an ignored top-level decision decides', async () => {
    const output = {
      decision: 'approve',
      hookSpecificOutput: {
        hookEventName: 'PreToolUse',
        permissionDecision: 'deny',
        permissionDecisionReason: 'no deletes',
      },
    };
    const result = await dispatch('PreToolUse', [print(output)], PRE_TOOL_INPUT);
    expect(result.decision).toBe('deny');
    expect(result.reason).toBe('no deletes');
    expect(ignoredNotes(result).warnings).toMatch(/use hookSpecificOutput\.permissionDecision/);
  });

  it('an invalid permissionDecision (Claude\'s "defer" among them) is ignored with a warning, not read as another decision', async () => {
    for (const value of ['maybe', 'defer', 'DENY']) {
      const output = { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: value } };
      const result = await dispatch('PreToolUse', [print(output)], PRE_TOOL_INPUT);
      expect(result.decision).toBeNull();
      expect(result.terminalReason).toBeUndefined();
      const { warnings, diagnostics } = ignoredNotes(result);
      const ignored = `ignored hookSpecificOutput.permissionDecision "${value}": expected allow, deny or ask`;
      expect(warnings).toContain(ignored);
      expect(diagnostics).toContain(ignored);
    }
  });

  it("an invalid permissionDecision does not outrank another hook's valid one", async () => {
    const defer = { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'defer' } };
    const ask = {
      hookSpecificOutput: {
        hookEventName: 'PreToolUse',
        permissionDecision: 'ask',
        permissionDecisionReason: 'sure?',
      },
    };
    const result = await dispatch('PreToolUse', [print(defer), print(ask)], PRE_TOOL_INPUT);
    // Not interactive: the ask becomes a deny; the defer (above ask in Claude's order) is not read.
    expect(result.decision).toBe('deny');
    expect(result.reason).toBe('sure?');
  });

  it('exit 2 still denies with stderr as the reason', async () => {
    const result = await dispatch('PreToolUse', [print(null, 2, 'no deletes')], PRE_TOOL_INPUT);
    expect(result.decision).toBe('deny');
    expect(result.reason).toBe('no deletes');
    expect(ignoredNotes(result).warnings).toBe('');
  });
});

describe('vscode: Stop and SubagentStop block reasons are de-duplicated (§2.5)', () => {
  it('a reason two hooks give is fed back once, in first-seen order', async () => {
    const result = await dispatch(
      'Stop',
      [
        print(NESTED_BLOCK('Stop', 'run the tests')),
        print(NESTED_BLOCK('Stop', 'update the changelog')),
        print(NESTED_BLOCK('Stop', 'run the tests')),
      ],
      STOP_INPUT,
    );
    expect(result.decision).toBe('block');
    expect(result.reason).toBe('run the tests\nupdate the changelog');
    const feedback = result.messages.toModel.filter((text) => text.startsWith('Stop hook feedback:'));
    expect(feedback).toEqual([
      'Stop hook feedback:\nrun the tests',
      'Stop hook feedback:\nupdate the changelog',
    ]);
    expect(result.messages.toModel.filter((text) => text.endsWith(': run the tests'))).toHaveLength(1);
    // Every hook still reports its own block.
    expect(result.hooks.map((hook) => hook.effect)).toEqual(['block', 'block', 'block']);
  });

  it('on SubagentStop too, an exit-2 block among them', async () => {
    const result = await dispatch(
      'SubagentStop',
      [
        print(null, 2, 'check the plan'),
        print(NESTED_BLOCK('SubagentStop', 'check the plan')),
        print(null, 2, 'check the plan'),
      ],
      SUBAGENT_INPUT,
    );
    expect(result.decision).toBe('block');
    expect(result.reason).toBe('check the plan');
    expect(result.messages.toModel.filter((text) => text.includes('check the plan'))).toHaveLength(1);
  });
});

/** Claude Code's cap, which the engine keeps under the vscode profile (docs/host-differences.md). */
const STOP_CAP = 8;

describe('vscode: the Stop loop cap (VS Code has none, other-agents-hooks.md §7.1)', () => {
  async function stopEngine(options: { stopBlockCap?: number } = {}) {
    return createHookEngine({
      ...options,
      discover: false,
      profile: 'vscode',
      sources: [vscodeSource('Stop', [print(NESTED_BLOCK('Stop', 'keep going'))])],
    });
  }

  it('the engine caps Stop blocks in a row although VS Code does not, and says so', async () => {
    const engine = await stopEngine();
    try {
      for (let i = 1; i <= STOP_CAP; i++) {
        const result = await engine.dispatch('Stop', { stop_hook_active: i > 1 });
        expect(result.decision).toBe('block');
        expect(result.diagnostics.map((d) => d.code)).not.toContain('ENGINE_STOP_CAP_REACHED');
      }
      const over = await engine.dispatch('Stop', { stop_hook_active: true });
      expect(over.decision).toBeNull();
      expect(over.stopCapReached).toBe(true);
      expect(over.terminalReason).toBe('stop_hook_cap');
      const capped = over.diagnostics.filter((d) => d.code === 'ENGINE_STOP_CAP_REACHED');
      expect(capped).toHaveLength(1);
      expect(capped[0]?.message).toMatch(
        /9 times in a row, past the loop cap of 8: this block \(its reason: keep going\)/,
      );
      expect(capped[0]?.message).toMatch(
        /VS Code itself has no such cap .*cannot keep the agent going forever/,
      );
    } finally {
      await engine.close();
    }
  });

  it('stopBlockCap: 0 turns the cap off, as VS Code has it', async () => {
    const engine = await stopEngine({ stopBlockCap: 0 });
    try {
      for (let i = 1; i <= STOP_CAP + 2; i++) {
        const result = await engine.dispatch('Stop', { stop_hook_active: i > 1 });
        expect(result.decision).toBe('block');
        expect(result.stopCapReached).toBeUndefined();
      }
    } finally {
      await engine.close();
    }
  });
});

const SESSION_START_INPUT = { source: 'new' };
const SUBAGENT_START_INPUT = { agent_id: 'a1', agent_type: 'Plan' };
const START_CASES = [
  ['SessionStart', SESSION_START_INPUT],
  ['SubagentStart', SUBAGENT_START_INPUT],
] as const;

const startContext = (event: string, text: string) => ({
  hookSpecificOutput: { hookEventName: event, additionalContext: text },
});

describe('vscode: SessionStart and SubagentStart ignore errors and stop requests (§2.5)', () => {
  it.each(START_CASES)(
    '%s: continue:false and stopReason are ignored, the session goes on, the next hook runs',
    async (event, input) => {
      const stop = { continue: false, stopReason: 'not today', ...startContext(event, 'one') };
      const result = await dispatch(event, [print(stop), print(startContext(event, 'two'))], input);
      expect(result.continue).toBe(true);
      expect(result.stopReason).toBeNull();
      expect(result.terminalReason).toBeUndefined();
      expect(result.hooks).toHaveLength(2);
      // §2.5: "additionalContext joined with \n": every hook's context is kept, the stopping one's too.
      expect(result.additionalContext).toEqual(['one', 'two']);
      expect(result.messages.toUser.join('\n')).not.toContain('not today');
      const { warnings, diagnostics } = ignoredNotes(result);
      const ignored = `ignored "continue": false and "stopReason" "not today": VS Code ignores stop requests on ${event}`;
      expect(warnings).toContain(ignored);
      expect(diagnostics).toMatch(
        new RegExp(`^${event} hook .*answer\\.sh.*block it from a UserPromptSubmit hook`, 'm'),
      );
    },
  );

  it.each(START_CASES)(
    '%s: exit 2 is ignored, its stderr not shown, and the next hook runs',
    async (event, input) => {
      const result = await dispatch(
        event,
        [print(null, 2, 'boom'), print(startContext(event, 'two'))],
        input,
      );
      expect(result.continue).toBe(true);
      expect(result.decision).toBeNull();
      expect(result.hooks.map((hook) => hook.outcome)).toEqual(['non-blocking-error', 'success']);
      expect(result.additionalContext).toEqual(['two']);
      expect(result.messages.toUser).toEqual([]);
      const { warnings, diagnostics } = ignoredNotes(result);
      expect(warnings).toContain(`ignored exit 2: VS Code ignores errors on ${event}`);
      expect(warnings).toContain('its stderr "boom" is not shown');
      expect(diagnostics).toMatch(new RegExp(`^${event} hook .*answer\\.sh.*print \\{"systemMessage"`, 'm'));
    },
  );

  it.each(START_CASES)(
    '%s: exit 1 is a non-blocking warning as on every event: shown, and the session goes on',
    async (event, input) => {
      const result = await dispatch(
        event,
        [print(null, 1, 'oops'), print(startContext(event, 'two'))],
        input,
      );
      expect(result.continue).toBe(true);
      expect(result.hooks.map((hook) => hook.outcome)).toEqual(['non-blocking-error', 'success']);
      expect(result.additionalContext).toEqual(['two']);
      expect(result.messages.toUser.join('\n')).toContain('oops');
      expect(ignoredNotes(result).warnings).toBe('');
    },
  );

  it('continue:false still stops the remaining hooks on other events (UserPromptSubmit)', async () => {
    const stop = { continue: false, stopReason: 'not today' };
    const result = await dispatch('UserPromptSubmit', [print(stop), print({})], { prompt: 'hi' });
    expect(result.continue).toBe(false);
    expect(result.stopReason).toBe('not today');
    expect(result.hooks).toHaveLength(1);
  });
});
