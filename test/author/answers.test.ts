import { describe, expect, it } from 'vitest';
import {
  allow,
  block,
  context,
  defer,
  defineHook,
  deny,
  type Host,
  stop,
  systemMessage,
  updateInput,
} from '../../src/author.ts';
import { outputSchema } from '../../src/events/wire/schemas.ts';
import type { Dialect } from '../../src/index.ts';

// What an SDK hook prints for each host, in-process through hook.invoke() (no process).

const CLAUDE = { hook_event_name: 'PreToolUse', session_id: 's', cwd: '/repo', tool_use_id: 't' };
const bash = (command: string) => ({
  ...CLAUDE,
  tool_name: 'Bash',
  tool_input: { command, description: 'd' },
});
const DIALECT: Record<Host, Dialect> = {
  'claude-code': 'claude',
  'copilot-cli': 'copilot',
  vscode: 'vscode',
};

describe('PreToolUse answers per host', () => {
  const hook = defineHook('PreToolUse', () => [
    allow('fine'),
    updateInput({ command: 'ls -la', description: undefined }),
    context('listed'),
    systemMessage('rewritten'),
  ]);

  it.each([
    [
      'claude-code',
      {
        systemMessage: 'rewritten',
        hookSpecificOutput: {
          hookEventName: 'PreToolUse',
          permissionDecision: 'allow',
          permissionDecisionReason: 'fine',
          updatedInput: { command: 'ls -la' },
          additionalContext: 'listed',
        },
      },
    ],
    [
      'copilot-cli',
      {
        permissionDecision: 'allow',
        permissionDecisionReason: 'fine',
        modifiedArgs: { command: 'ls -la' },
        additionalContext: 'listed',
      },
    ],
  ] as const)(
    '%s: the whole input, merged from the patch (undefined removes a field)',
    async (host, output) => {
      const run = await hook.invoke(bash('ls'), { host });
      expect(run.output).toEqual(output);
      expect(run.exitCode).toBe(0);
      expect(outputSchema('PreToolUse', DIALECT[host]).safeParse(run.output).success).toBe(true);
    },
  );

  it('copilot-cli: systemMessage is not among its outputs, so it is dropped with a coded warning', async () => {
    const run = await hook.invoke(bash('ls'), { host: 'copilot-cli' });
    expect(run.stderr).toContain(
      'AUTHOR_UNSUPPORTED_ON_HOST: PreToolUse hook "hook": systemMessage() on PreToolUse: Copilot CLI does not read it there; dropped',
    );
  });

  it('defer() is Claude Code only: no decision elsewhere, with a warning', async () => {
    const deferring = defineHook('PreToolUse', () => defer());
    expect((await deferring.invoke(bash('ls'))).output).toEqual({
      hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'defer' },
    });
    const vscode = await deferring.invoke(bash('ls'), { host: 'vscode' });
    expect(vscode.output).toEqual({});
    expect(vscode.diagnostics).toHaveLength(1);
  });
});

describe('answers on other events', () => {
  it('PermissionRequest: decision.behavior for Claude, flat behavior/message for Copilot', async () => {
    const payload = {
      ...CLAUDE,
      hook_event_name: 'PermissionRequest',
      tool_name: 'Bash',
      tool_input: { command: 'ls' },
    };
    const granting = defineHook('PermissionRequest', () => [allow(), updateInput({ command: 'ls -1' })]);
    expect((await granting.invoke(payload)).output).toEqual({
      hookSpecificOutput: {
        hookEventName: 'PermissionRequest',
        decision: { behavior: 'allow', updatedInput: { command: 'ls -1' } },
      },
    });
    const refusing = defineHook('PermissionRequest', () => deny('not today'));
    expect((await refusing.invoke(payload, { host: 'copilot-cli' })).output).toEqual({
      behavior: 'deny',
      message: 'not today',
    });
  });

  it('UserPromptSubmit: Copilot CLI cannot block a prompt; the context still goes through', async () => {
    const hook = defineHook('UserPromptSubmit', (input) => [
      block(`no secrets in: ${input.prompt}`),
      context('facts'),
    ]);
    const payload = { hook_event_name: 'UserPromptSubmit', session_id: 's', cwd: '/', prompt: 'hi' };
    expect((await hook.invoke(payload)).output).toEqual({
      decision: 'block',
      reason: 'no secrets in: hi',
      hookSpecificOutput: { hookEventName: 'UserPromptSubmit', additionalContext: 'facts' },
    });
    const copilot = await hook.invoke(payload, { host: 'copilot-cli' });
    expect(copilot.output).toEqual({ additionalContext: 'facts' });
    expect(copilot.stderr).toContain(
      'block() on UserPromptSubmit: Copilot CLI does not read it there; dropped',
    );
  });

  it('stop() writes continue: false with the reason for the user', async () => {
    const hook = defineHook('PostToolUse', () => stop('Budget spent'));
    const payload = {
      ...CLAUDE,
      hook_event_name: 'PostToolUse',
      tool_name: 'Read',
      tool_input: { file_path: '/a' },
      tool_response: {},
    };
    expect((await hook.invoke(payload, { host: 'vscode' })).output).toEqual({
      continue: false,
      stopReason: 'Budget spent',
    });
  });

  it('a hook limited by tools gives no decision for other tools without calling the handler', async () => {
    let calls = 0;
    const hook = defineHook('PreToolUse', { tools: ['Write'] }, () => {
      calls++;
      return deny('no');
    });
    expect((await hook.invoke(bash('ls'))).output).toEqual({});
    expect(calls).toBe(0);
    expect(hook.matcher).toBe('Write');
  });
});

describe("a tool input that does not fit its tool (e.g. another host's argument names)", () => {
  const misfit = { ...CLAUDE, tool_name: 'Read', tool_input: { path: '/repo/.env' } };

  it('does not fail a hook that never reads it', async () => {
    const bashOnly = defineHook('PreToolUse', (input) =>
      input.tool_name === 'Bash' ? deny('no shell') : undefined,
    );
    const run = await bashOnly.invoke(misfit);
    expect(run.failure).toBeUndefined();
    expect(run.output).toEqual({});
  });

  it('fails a hook that reads it, even if the handler catches the error', async () => {
    const careless = defineHook('PreToolUse', (input) => {
      try {
        return input.tool_name === 'Read' && input.tool_input.file_path.endsWith('.env')
          ? deny('secret')
          : undefined;
      } catch {
        return allow('could not tell');
      }
    });
    const run = await careless.invoke(misfit);
    expect(run.failure?.kind).toBe('invalid-payload');
    expect(run.failure?.message).toContain(
      'tool_input.file_path: Invalid input: expected string, received undefined',
    );
    expect(run.response.permission).toBe('deny');
  });
});

describe('answers that contradict themselves are failures, not silent drops', () => {
  it.each([
    ['two decisions', () => [allow(), deny('no')], 'two permission decisions (allow, deny); return one'],
    ['a rewrite with deny', () => [deny('no'), updateInput({ a: 1 })], 'updateInput() with deny()'],
    ['context with defer', () => [defer(), context('x')], 'context() with defer()'],
  ])('%s', async (_name, handler, message) => {
    const run = await defineHook('PreToolUse', handler as never).invoke(bash('ls'));
    expect(run.failure?.kind).toBe('invalid-return');
    expect(run.failure?.message).toContain(message);
    expect(run.response.permission).toBe('deny');
  });

  it('a helper the event does not take, from untyped code', async () => {
    const run = await defineHook('Stop', (() => deny('no')) as never).invoke({
      hook_event_name: 'Stop',
      session_id: 's',
      cwd: '/',
      stop_hook_active: false,
    });
    expect(run.failure?.message).toBe(
      'deny() does not apply to Stop (it takes: context(), block(), stop(), systemMessage())',
    );
    // The default outcome on Stop is ignore: the agent stops; the user is told why the hook failed.
    expect(run.output).toEqual({ systemMessage: `Stop hook "hook" failed: ${run.failure?.message}` });
  });

  it('helpers check their arguments', () => {
    expect(() => deny('')).toThrow('deny() needs a non-empty reason');
    expect(() => block(undefined as never)).toThrow('block() needs a non-empty reason');
    expect(() => updateInput(['x'] as never)).toThrow('updateInput() needs an object');
  });
});
