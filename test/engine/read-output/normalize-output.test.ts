import { describe, expect, it } from 'vitest';
import { normalizeOutput } from '../../../src/engine/read-output/normalize-output.ts';

/** Pure table tests: one output object in, the effect and the exact warnings out. */

const pre = (fields: Record<string, unknown>) => ({
  hookSpecificOutput: { hookEventName: 'PreToolUse', ...fields },
});
const request = (decision: unknown) => ({
  hookSpecificOutput: { hookEventName: 'PermissionRequest', decision },
});

describe('normalizeOutput: Claude dialect (claude-code-hooks.md §3.2)', () => {
  it('reads a valid output into the effect, with no warning', () => {
    const output = {
      continue: true,
      systemMessage: 'note',
      ...pre({
        permissionDecision: 'allow',
        permissionDecisionReason: 'safe',
        updatedInput: { command: 'ls -a' },
        additionalContext: 'ctx',
      }),
    };
    expect(normalizeOutput('PreToolUse', output, 'claude')).toEqual({
      effect: {
        continue: true,
        systemMessage: 'note',
        permission: 'allow',
        permissionReason: 'safe',
        updatedInput: { command: 'ls -a' },
        additionalContext: 'ctx',
      },
      warnings: [],
    });
  });

  it('an empty object is no effect', () => {
    expect(normalizeOutput('PreToolUse', {}, 'claude')).toEqual({ effect: {}, warnings: [] });
  });

  it.each([
    [
      'an enum value',
      pre({ permissionDecision: 'maybe', additionalContext: 'kept' }),
      'ignored hookSpecificOutput.permissionDecision "maybe": expected allow, deny, ask or defer',
    ],
    [
      'an object',
      pre({ updatedInput: 'ls', additionalContext: 'kept' }),
      'ignored hookSpecificOutput.updatedInput "ls": expected an object',
    ],
    [
      'a boolean',
      { continue: 'no', ...pre({ additionalContext: 'kept' }) },
      'ignored continue "no": expected a boolean',
    ],
    [
      'a string',
      { systemMessage: 42, ...pre({ additionalContext: 'kept' }) },
      'ignored systemMessage 42: expected a string',
    ],
    [
      'the top-level decision',
      { decision: 'deny', ...pre({ additionalContext: 'kept' }) },
      'ignored decision "deny": expected approve or block',
    ],
  ])('a wrong %s is one warning; its neighbours are still read', (_kind, output, warning) => {
    const { effect, warnings } = normalizeOutput('PreToolUse', output, 'claude');
    expect(warnings).toEqual([warning]);
    expect(effect).toEqual({ additionalContext: 'kept' });
  });

  it('a long found value is cut in the warning', () => {
    const { warnings } = normalizeOutput(
      'PreToolUse',
      pre({ permissionDecision: 'x'.repeat(500) }),
      'claude',
    );
    expect(warnings[0]).toMatch(/^ignored hookSpecificOutput\.permissionDecision "x+…: expected allow/);
    expect(warnings[0]!.length).toBeLessThan(150);
  });

  it('a hookSpecificOutput that is not an object, or names another event, is ignored whole', () => {
    expect(normalizeOutput('PreToolUse', { hookSpecificOutput: 5 }, 'claude').warnings).toEqual([
      'ignored hookSpecificOutput 5: expected an object',
    ]);
    const other = { hookSpecificOutput: { hookEventName: 'PostToolUse', permissionDecision: 'deny' } };
    expect(normalizeOutput('PreToolUse', other, 'claude')).toEqual({
      effect: {},
      warnings: [
        'ignored "hookSpecificOutput": its hookEventName "PostToolUse" does not match the event PreToolUse',
      ],
    });
  });

  it('PermissionRequest: a bad behavior drops the decision; a bad detail keeps the deny (never fails open)', () => {
    expect(normalizeOutput('PermissionRequest', request({ behavior: 'maybe' }), 'claude')).toEqual({
      effect: {},
      warnings: ['ignored hookSpecificOutput.decision.behavior "maybe": expected allow or deny'],
    });
    expect(
      normalizeOutput(
        'PermissionRequest',
        request({ behavior: 'deny', message: 42, interrupt: true }),
        'claude',
      ),
    ).toEqual({
      effect: { permissionRequest: { behavior: 'deny', interrupt: true } },
      warnings: ['ignored hookSpecificOutput.decision.message 42: expected a string'],
    });
    const badRules = request({ behavior: 'allow', updatedPermissions: [{ type: 'setMode' }] });
    const read = normalizeOutput('PermissionRequest', badRules, 'claude');
    expect(read.effect).toEqual({ permissionRequest: { behavior: 'allow' } });
    expect(read.warnings).toEqual([
      'ignored hookSpecificOutput.decision.updatedPermissions.0.mode nothing: expected a string',
    ]);
  });

  it('unknown fields are tolerated; unknown hook-specific fields reach eventFields', () => {
    const output = {
      somethingNew: 1,
      hookSpecificOutput: {
        hookEventName: 'SessionStart',
        sessionTitle: 'T',
        watchPaths: ['a'],
        custom: true,
      },
    };
    expect(normalizeOutput('SessionStart', output, 'claude')).toEqual({
      effect: { eventFields: { sessionTitle: 'T', watchPaths: ['a'], custom: true } },
      warnings: [],
    });
  });

  it('warns about near misses: fields where Claude Code does not read them', () => {
    expect(normalizeOutput('PreToolUse', { permissionDecision: 'deny' }, 'claude').warnings).toEqual([
      'ignored top-level "permissionDecision": Claude Code reads it only inside ' +
        '{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": …}}',
    ]);
    expect(normalizeOutput('Stop', { additionalContext: 'c' }, 'claude').warnings).toEqual([
      'ignored top-level "additionalContext": Claude Code reads it inside ' +
        '{"hookSpecificOutput": {"hookEventName": "Stop", "additionalContext": …}}',
    ]);
    const nested = { hookSpecificOutput: { hookEventName: 'Stop', decision: 'block', reason: 'r' } };
    expect(normalizeOutput('Stop', nested, 'claude')).toEqual({
      effect: {},
      warnings: [
        'ignored hookSpecificOutput.decision: Claude Code reads Stop blocks from top-level "decision"',
      ],
    });
  });

  it('top-level decision: block blocks, PreToolUse reads block/approve as deny/allow', () => {
    expect(normalizeOutput('Stop', { decision: 'block', reason: 'go on' }, 'claude').effect).toEqual({
      block: { reason: 'go on' },
    });
    expect(normalizeOutput('PreToolUse', { decision: 'block', reason: 'no' }, 'claude').effect).toEqual({
      permission: 'deny',
      permissionReason: 'no',
    });
    expect(normalizeOutput('PreToolUse', { decision: 'approve' }, 'claude').effect).toEqual({
      permission: 'allow',
    });
  });
});

describe('normalizeOutput: Copilot dialects (other-agents-hooks.md §1.3, §1.5)', () => {
  it('reads the flat fields the event honours', () => {
    const output = {
      permissionDecision: 'deny',
      permissionDecisionReason: 'r',
      modifiedArgs: { command: 'x' },
    };
    expect(normalizeOutput('PreToolUse', output, 'copilot')).toEqual({
      effect: { permission: 'deny', permissionReason: 'r', updatedInput: { command: 'x' } },
      warnings: [],
    });
    const behavior = { behavior: 'deny', message: 'm', interrupt: true };
    expect(normalizeOutput('PermissionRequest', behavior, 'copilot-compat').effect).toEqual({
      permissionRequest: { behavior: 'deny', message: 'm', interrupt: true },
    });
    const result = { modifiedResult: { resultType: 'success', textResultForLlm: 't' } };
    expect(normalizeOutput('PostToolUse', result, 'copilot').effect).toEqual({
      updatedToolOutput: { resultType: 'success', textResultForLlm: 't' },
    });
    expect(normalizeOutput('Stop', { decision: 'allow' }, 'copilot')).toEqual({ effect: {}, warnings: [] });
  });

  it.each([
    [
      'PreToolUse',
      { permissionDecision: 'defer' },
      'ignored permissionDecision "defer": expected allow, deny or ask',
    ],
    ['PermissionRequest', { behavior: 'maybe' }, 'ignored behavior "maybe": expected allow or deny'],
    [
      'UserPromptTransformed',
      { modifiedTransformedPrompt: '' },
      'ignored modifiedTransformedPrompt "": expected a non-empty string',
    ],
    ['SubagentStop', { modifiedResponse: 7 }, 'ignored modifiedResponse 7: expected a string'],
    [
      'PostToolUse',
      { modifiedResult: { resultType: 'success' } },
      'ignored modifiedResult: it lacks the required field textResultForLlm',
    ],
    ['Stop', { decision: 'deny' }, 'ignored decision "deny": expected block, allow or approve'],
  ] as const)('%s %j: one exact warning, no effect', (event, output, warning) => {
    expect(normalizeOutput(event, output, 'copilot')).toEqual({ effect: {}, warnings: [warning] });
  });

  it('the rewrites go to eventFields; modifiedPrompt rewrites the prompt (copilot-cli-observed.md)', () => {
    expect(
      normalizeOutput('UserPromptTransformed', { modifiedTransformedPrompt: 'x' }, 'copilot').effect,
    ).toEqual({
      eventFields: { modifiedTransformedPrompt: 'x' },
    });
    expect(normalizeOutput('UserPromptSubmit', { modifiedPrompt: 'p' }, 'copilot')).toEqual({
      effect: { updatedPrompt: 'p' },
      warnings: [],
    });
  });

  it('a block from a Copilot permissionRequest hook denies it', () => {
    expect(
      normalizeOutput('PermissionRequest', { decision: 'block', reason: 'no' }, 'copilot').effect,
    ).toEqual({
      permissionRequest: { behavior: 'deny', message: 'no' },
    });
  });
});

describe('normalizeOutput: VS Code (other-agents-hooks.md §2.5)', () => {
  it('reads top-level additionalContext and the nested Stop block; SubagentStop accepts a Stop output', () => {
    expect(normalizeOutput('PostToolUse', { additionalContext: 'c' }, 'vscode')).toEqual({
      effect: { additionalContext: 'c' },
      warnings: [],
    });
    const nested = { hookSpecificOutput: { hookEventName: 'Stop', decision: 'block', reason: 'tests fail' } };
    expect(normalizeOutput('SubagentStop', nested, 'vscode')).toEqual({
      effect: { block: { reason: 'tests fail' } },
      warnings: [],
    });
    expect(normalizeOutput('Stop', nested, 'copilot-compat').effect).toEqual({
      block: { reason: 'tests fail' },
    });
  });

  it('a nested decision other than block is one warning', () => {
    const nested = { hookSpecificOutput: { hookEventName: 'Stop', decision: 'continue' } };
    expect(normalizeOutput('Stop', nested, 'vscode')).toEqual({
      effect: {},
      warnings: ['ignored hookSpecificOutput.decision "continue": expected block'],
    });
  });
});
