import { afterEach, describe, expect, it } from 'vitest';
import {
  createHookEngine,
  type HookEngine,
  registerClaudeSdkHooks,
  type SdkCallbackIssue,
} from '../../src/index.ts';

const BASH = { tool_name: 'Bash', tool_input: { command: 'rm -rf build' }, tool_use_id: 'toolu_01' };

let engine: HookEngine | undefined;
afterEach(async () => {
  await engine?.close();
  engine = undefined;
});

async function newEngine(): Promise<HookEngine> {
  engine = await createHookEngine({ discover: false, sessionId: 'sdk-session' });
  return engine;
}

/** Resolves when `signal` aborts: a callback that never answers on its own. */
function untilAborted(signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) => signal.addEventListener('abort', () => reject(signal.reason)));
}

describe('registerClaudeSdkHooks (claude-code-hooks.md §7.1)', () => {
  it('calls a PreToolUse callback with (input, toolUseId, { signal }) and honours its deny', async () => {
    const engine = await newEngine();
    const calls: { input: Record<string, unknown>; toolUseId: string | undefined; signal: unknown }[] = [];
    registerClaudeSdkHooks(engine, {
      PreToolUse: [
        {
          matcher: 'Bash',
          hooks: [
            async (input, toolUseId, { signal }) => {
              calls.push({ input: input as unknown as Record<string, unknown>, toolUseId, signal });
              return {
                hookSpecificOutput: {
                  hookEventName: 'PreToolUse',
                  permissionDecision: 'deny',
                  permissionDecisionReason: `no ${String(input.tool_input.command).split(' ')[0]} here`,
                },
              };
            },
          ],
        },
      ],
    });
    const result = await engine.dispatch('PreToolUse', BASH);
    expect(result.decision).toBe('deny');
    expect(result.reason).toBe('no rm here');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.toolUseId).toBe('toolu_01');
    expect(calls[0]?.input).toMatchObject({
      hook_event_name: 'PreToolUse',
      session_id: 'sdk-session',
      tool_name: 'Bash',
      tool_input: { command: 'rm -rf build' },
    });
    expect(calls[0]?.signal).toBeInstanceOf(AbortSignal);
    expect(result.hooks[0]?.type).toBe('function');
  });

  it('allows with updatedInput replacing the whole tool input (§2.7)', async () => {
    const engine = await newEngine();
    registerClaudeSdkHooks(engine, {
      PreToolUse: [
        {
          hooks: [
            async (input) => ({
              hookSpecificOutput: {
                hookEventName: 'PreToolUse',
                permissionDecision: 'allow',
                updatedInput: { ...input.tool_input, command: 'rm -rf ./build' },
              },
            }),
          ],
        },
      ],
    });
    const result = await engine.dispatch('PreToolUse', BASH);
    expect(result.decision).toBe('allow');
    expect(result.updatedInput).toEqual({ command: 'rm -rf ./build' });
  });

  it('filters by matcher with Claude semantics (§5.1)', async () => {
    const engine = await newEngine();
    const seen: string[] = [];
    const record = (tag: string) => async (input: { tool_name: string }) => {
      seen.push(`${tag}:${input.tool_name}`);
      return {};
    };
    registerClaudeSdkHooks(engine, {
      PreToolUse: [
        { matcher: 'Write|Edit', hooks: [record('edits')] },
        { matcher: 'mcp__github__.*', hooks: [record('mcp')] },
        { hooks: [record('all')] },
      ],
    });
    await engine.dispatch('PreToolUse', BASH);
    await engine.dispatch('PreToolUse', { ...BASH, tool_name: 'Edit', tool_input: { file_path: '/x' } });
    await engine.dispatch('PreToolUse', { ...BASH, tool_name: 'mcp__github__create_issue', tool_input: {} });
    expect(seen.sort()).toEqual(
      [
        'all:Bash',
        'all:Edit',
        'edits:Edit',
        'all:mcp__github__create_issue',
        'mcp:mcp__github__create_issue',
      ].sort(),
    );
  });

  it('a PreToolUse callback timeout blocks the call and aborts its signal (§2.7)', async () => {
    const engine = await newEngine();
    const issues: SdkCallbackIssue[] = [];
    let signal: AbortSignal | undefined;
    registerClaudeSdkHooks(
      engine,
      {
        PreToolUse: [
          {
            timeout: 0.05,
            hooks: [
              (_input, _id, options) => {
                signal = options.signal;
                return untilAborted(options.signal);
              },
            ],
          },
        ],
      },
      { onIssue: (issue) => issues.push(issue) },
    );
    const result = await engine.dispatch('PreToolUse', BASH);
    expect(result.decision).toBe('deny');
    expect(result.reason).toMatch(/timed out after 0\.05 seconds/);
    expect(signal?.aborted).toBe(true);
    expect(issues).toMatchObject([{ event: 'PreToolUse', kind: 'timeout', toolUseId: 'toolu_01' }]);
  });

  it('a UserPromptSubmit callback timeout blocks the prompt (§3.3)', async () => {
    const engine = await newEngine();
    registerClaudeSdkHooks(engine, {
      UserPromptSubmit: [{ timeout: 0.05, hooks: [(_i, _t, { signal }) => untilAborted(signal)] }],
    });
    const result = await engine.dispatch('UserPromptSubmit', { prompt: 'deploy it' });
    expect(result.decision).toBe('block');
    expect(result.reason).toMatch(/timed out/);
  });

  it('a PostToolUse callback timeout keeps the result and is reported as an issue (§7.1)', async () => {
    const engine = await newEngine();
    const registration = registerClaudeSdkHooks(engine, {
      PostToolUse: [{ timeout: 0.05, hooks: [(_i, _t, { signal }) => untilAborted(signal)] }],
    });
    const result = await engine.dispatch('PostToolUse', { ...BASH, tool_response: { stdout: 'ok' } });
    expect(result.decision).toBeNull();
    expect(result.messages.toModel).toEqual([]);
    expect(registration.issues).toMatchObject([{ event: 'PostToolUse', kind: 'timeout' }]);
  });

  it('{ async: true } lets the dispatch proceed; the signal lives until asyncTimeout (§4.7)', async () => {
    const engine = await newEngine();
    let signal: AbortSignal | undefined;
    const registration = registerClaudeSdkHooks(engine, {
      PreToolUse: [
        {
          hooks: [
            async (_input, _id, options) => {
              signal = options.signal;
              return { async: true, asyncTimeout: 200 };
            },
          ],
        },
      ],
    });
    const result = await engine.dispatch('PreToolUse', BASH);
    expect(result.decision).toBeNull();
    expect(result.hooks[0]?.outcome).toBe('success');
    const pending = registration.pendingAsync();
    expect(pending).toMatchObject([{ event: 'PreToolUse', toolUseId: 'toolu_01', asyncTimeoutMs: 200 }]);
    expect(signal?.aborted).toBe(false);
    await registration.settleAsync();
    expect(signal?.aborted).toBe(true);
    expect(registration.pendingAsync()).toEqual([]);
  });

  it('disposing removes the callbacks and aborts pending async ones', async () => {
    const engine = await newEngine();
    let calls = 0;
    let signal: AbortSignal | undefined;
    const dispose = registerClaudeSdkHooks(engine, {
      Stop: [
        {
          hooks: [
            async (_input, _id, options) => {
              calls += 1;
              signal = options.signal;
              return { async: true, asyncTimeout: 60_000 };
            },
          ],
        },
      ],
    });
    await engine.dispatch('Stop', {});
    expect(dispose.pendingAsync()).toHaveLength(1);
    dispose();
    expect(signal?.aborted).toBe(true);
    expect(dispose.pendingAsync()).toEqual([]);
    await dispose.settleAsync();
    await engine.dispatch('Stop', {});
    expect(calls).toBe(1);
  });

  it('onFailure "block" turns a throw into a deny; the default fails open (§7.1)', async () => {
    const engine = await newEngine();
    const throwing = async (): Promise<never> => {
      throw new Error('policy service unreachable');
    };
    const registration = registerClaudeSdkHooks(engine, {
      PreToolUse: [
        { matcher: 'Bash', hooks: [throwing], onFailure: 'block' },
        { matcher: 'Read', hooks: [throwing] },
      ],
    });
    const blocked = await engine.dispatch('PreToolUse', BASH);
    expect(blocked.decision).toBe('deny');
    expect(blocked.reason).toMatch(/policy service unreachable/);
    const open = await engine.dispatch('PreToolUse', { ...BASH, tool_name: 'Read', tool_input: {} });
    expect(open.decision).toBeNull();
    expect(registration.issues.map((issue) => issue.kind)).toEqual(['error', 'error']);
  });

  it('without onIssue, a failing callback is a coded process warning, never silent', async () => {
    const engine = await newEngine();
    // Warnings are emitted on the next tick: let those of earlier tests go first.
    await new Promise((resolve) => setImmediate(resolve));
    const warnings: { code: unknown; message: string }[] = [];
    const onWarning = (warning: Error & { code?: unknown }) =>
      warnings.push({ code: warning.code, message: warning.message });
    process.on('warning', onWarning);
    try {
      registerClaudeSdkHooks(engine, {
        PreToolUse: [{ matcher: 'Read', hooks: [async () => Promise.reject(new Error('policy down'))] }],
        PostToolUse: [{ hooks: [async () => 'not an object' as never] }],
      });
      await engine.dispatch('PreToolUse', { ...BASH, tool_name: 'Read', tool_input: {} });
      await engine.dispatch('PostToolUse', { ...BASH, tool_response: {} });
      await new Promise((resolve) => setImmediate(resolve));
      expect(warnings).toEqual([
        { code: 'SDK_CALLBACK_FAILED', message: expect.stringContaining('policy down') },
        { code: 'SDK_CALLBACK_INVALID_OUTPUT', message: expect.stringContaining('PostToolUse') },
      ]);
    } finally {
      process.off('warning', onWarning);
    }
  });

  it('onFailure "block" is ignored on Stop; an invalid output is a failure too (§7.1)', async () => {
    const engine = await newEngine();
    registerClaudeSdkHooks(engine, {
      Stop: [{ hooks: [async () => 'not an object' as never], onFailure: 'block' }],
      UserPromptSubmit: [{ hooks: [async () => 42 as never], onFailure: 'block' }],
    });
    expect((await engine.dispatch('Stop', {})).decision).toBeNull();
    const prompt = await engine.dispatch('UserPromptSubmit', { prompt: 'hi' });
    expect(prompt.decision).toBe('block');
    expect(prompt.reason).toMatch(/returned 42, not an object/);
  });

  it('an output failing the schema blocks with onFailure "block", and is a coded diagnostic without it', async () => {
    const engine = await newEngine();
    const misspelt = async () => ({
      hookSpecificOutput: {
        hookEventName: 'PreToolUse' as const,
        permissionDecision: 'Deny' as never,
        permissionDecisionReason: 'no',
      },
    });
    const registration = registerClaudeSdkHooks(engine, {
      PreToolUse: [
        { matcher: 'Bash', hooks: [misspelt], onFailure: 'block' },
        { matcher: 'Read', hooks: [misspelt] },
      ],
    });
    const blocked = await engine.dispatch('PreToolUse', BASH);
    expect(blocked.decision).toBe('deny');
    expect(blocked.reason).toMatch(/failed validation.*"Deny"/);
    const open = await engine.dispatch('PreToolUse', { ...BASH, tool_name: 'Read', tool_input: {} });
    expect(open.decision).toBeNull();
    expect(open.diagnostics.map((d) => d.code)).toEqual(['ENGINE_OUTPUT_IGNORED']);
    expect(registration.issues).toEqual([]);
  });

  it('never deduplicates: the same callback twice runs twice (§4.8)', async () => {
    const engine = await newEngine();
    let calls = 0;
    const callback = async () => {
      calls += 1;
      return {};
    };
    registerClaudeSdkHooks(engine, { PreToolUse: [{ hooks: [callback] }, { hooks: [callback] }] });
    await engine.dispatch('PreToolUse', BASH);
    expect(calls).toBe(2);
  });

  it('coexists with file hooks: a command hook deny beats a callback allow (§3.4)', async () => {
    engine = await createHookEngine({
      discover: false,
      sessionId: 'sdk-session',
      sources: [
        {
          file: 'inline-settings.json',
          kind: 'claude-settings',
          scope: 'project',
          config: {
            hooks: {
              PreToolUse: [
                {
                  matcher: 'Bash',
                  hooks: [
                    {
                      type: 'command',
                      command: `echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"file says no"}}'`,
                    },
                  ],
                },
              ],
            },
          },
        },
      ],
    });
    registerClaudeSdkHooks(engine, {
      PreToolUse: [
        {
          hooks: [
            async () => ({
              hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'allow' },
            }),
          ],
        },
      ],
    });
    const result = await engine.dispatch('PreToolUse', BASH);
    expect(result.hooks.map((hook) => hook.type).sort()).toEqual(['command', 'function']);
    expect(result.decision).toBe('deny');
    expect(result.reason).toBe('file says no');
  });
});
