import { afterEach, describe, expect, it } from 'vitest';
import { normalizeOutput } from '../../src/engine/read-output/normalize-output.ts';
import {
  type CopilotSdkHookInput,
  type CopilotSdkHooks,
  createHookEngine,
  type HookEngine,
  registerCopilotSdkHooks,
} from '../../src/index.ts';

const BASH = { tool_name: 'Bash', tool_input: { command: 'git push --force' }, tool_use_id: 'toolu_02' };

let engine: HookEngine | undefined;
afterEach(async () => {
  await engine?.close();
  engine = undefined;
});

async function newEngine(profile: 'claude-code' | 'copilot-cli' = 'copilot-cli'): Promise<HookEngine> {
  engine = await createHookEngine({ discover: false, sessionId: 'copilot-session', profile });
  return engine;
}

describe('registerCopilotSdkHooks (other-agents-hooks.md §1.7)', () => {
  it('onPreToolUse gets the camelCase payload and its deny blocks the call', async () => {
    const engine = await newEngine();
    const inputs: CopilotSdkHookInput[] = [];
    const sessions: string[] = [];
    registerCopilotSdkHooks(engine, {
      onPreToolUse: async (input, invocation) => {
        inputs.push(input);
        sessions.push(invocation.sessionId);
        const args = input.toolArgs as { command?: string };
        return args.command?.includes('--force')
          ? { permissionDecision: 'deny', permissionDecisionReason: 'no force pushes' }
          : null;
      },
    });
    const result = await engine.dispatch('preToolUse', BASH);
    expect(result.decision).toBe('deny');
    expect(result.reason).toBe('no force pushes');
    expect(inputs[0]).toMatchObject({ toolName: 'bash', toolArgs: { command: 'git push --force' } });
    expect(typeof inputs[0]?.timestamp).toBe('number');
    expect(inputs[0]).not.toHaveProperty('tool_name');
    expect(sessions).toEqual(['copilot-session']);
  });

  it('modifiedArgs becomes updatedInput', async () => {
    const engine = await newEngine();
    registerCopilotSdkHooks(engine, {
      onPreToolUse: async (input) => ({
        permissionDecision: 'allow',
        modifiedArgs: { ...(input.toolArgs as object), command: 'git push' },
      }),
    });
    const result = await engine.dispatch('preToolUse', BASH);
    expect(result.decision).toBe('allow');
    expect(result.updatedInput).toEqual({ command: 'git push' });
  });

  it('onUserPromptSubmitted modifiedPrompt becomes result.updatedPrompt, with additionalContext', async () => {
    const engine = await newEngine();
    const prompts: unknown[] = [];
    registerCopilotSdkHooks(engine, {
      onUserPromptSubmitted: async (input) => {
        prompts.push(input.prompt);
        return {
          modifiedPrompt: `${String(input.prompt)} (answer in French)`,
          additionalContext: 'The user is in Lyon.',
        };
      },
    });
    const result = await engine.dispatch('userPromptSubmitted', { prompt: 'what time is it' });
    expect(prompts).toEqual(['what time is it']);
    expect(result.updatedPrompt).toBe('what time is it (answer in French)');
    expect(result.additionalContext).toEqual(['The user is in Lyon.']);
    expect(result.diagnostics).toEqual([]);
  });

  it('modifiedPrompt also works under the claude-code profile; the last rewrite wins', async () => {
    const engine = await newEngine('claude-code');
    registerCopilotSdkHooks(engine, { onUserPromptSubmitted: async () => ({ modifiedPrompt: 'first' }) });
    registerCopilotSdkHooks(engine, { onUserPromptSubmitted: async () => ({ modifiedPrompt: 'second' }) });
    const result = await engine.dispatch('UserPromptSubmit', { prompt: 'p' });
    expect(result.updatedPrompt).toBe('second');
    expect(result.diagnostics.map((d) => d.code)).toContain('ENGINE_OUTPUT_CONFLICT');
  });

  it('null and undefined mean no change', async () => {
    const engine = await newEngine();
    let calls = 0;
    registerCopilotSdkHooks(engine, {
      onPreToolUse: async () => {
        calls += 1;
        return null;
      },
      onUserPromptSubmitted: async () => {
        calls += 1;
        return undefined;
      },
    });
    const tool = await engine.dispatch('preToolUse', BASH);
    const prompt = await engine.dispatch('userPromptSubmitted', { prompt: 'hello' });
    expect(calls).toBe(2);
    expect(tool.decision).toBeNull();
    expect(tool.updatedInput).toBeNull();
    expect(prompt.decision).toBeNull();
    expect(prompt.updatedPrompt).toBeUndefined();
    expect(prompt.additionalContext).toEqual([]);
    expect([...tool.diagnostics, ...prompt.diagnostics]).toEqual([]);
  });

  it('a throwing onPreToolUse denies (fail closed); a timeout fails open (§1.5)', async () => {
    const engine = await newEngine();
    const off = registerCopilotSdkHooks(engine, {
      onPreToolUse: async () => {
        throw new Error('boom');
      },
    });
    const errored = await engine.dispatch('preToolUse', BASH);
    expect(errored.decision).toBe('deny');
    expect(errored.reason).toMatch(/hook errored/);
    off();
    const slow = registerCopilotSdkHooks(
      engine,
      {
        onPreToolUse: (_input, { signal }) =>
          new Promise((_, reject) => signal.addEventListener('abort', () => reject(signal.reason))),
      },
      { timeoutMs: 50 },
    );
    const timedOut = await engine.dispatch('preToolUse', BASH);
    expect(timedOut.decision).toBeNull();
    expect(slow.issues).toMatchObject([{ event: 'PreToolUse', kind: 'timeout' }]);
  });

  it('refuses a callback it would not run instead of dropping it silently', async () => {
    const engine = await newEngine();
    const deny = async () => ({ permissionDecision: 'deny' as const, permissionDecisionReason: 'no' });
    const hooks = { onPretoolUse: deny } as CopilotSdkHooks;
    expect(() => registerCopilotSdkHooks(engine, hooks)).toThrow(
      expect.objectContaining({
        code: 'ENGINE_UNKNOWN_EVENT',
        message: expect.stringMatching(/onPreToolUse\?/),
      }),
    );
    expect(() => registerCopilotSdkHooks(engine, { onAgentStop: deny } as CopilotSdkHooks)).toThrow(
      /unknown callback "onAgentStop"/,
    );
    // Nothing was registered: the known callback next to the unknown one did not slip in.
    const mixed = { onPreToolUse: deny, onPreMcpToolCall: deny } as CopilotSdkHooks;
    expect(() => registerCopilotSdkHooks(engine, mixed)).toThrow(/onPreMcpToolCall/);
    expect((await engine.dispatch('preToolUse', BASH)).decision).toBeNull();
  });

  it('onSessionStart additionalContext and onPostToolUse modifiedResult reach the result', async () => {
    const engine = await newEngine();
    registerCopilotSdkHooks(engine, {
      onSessionStart: async () => ({ additionalContext: 'repo uses pnpm' }),
      onPostToolUse: async (input) => ({
        modifiedResult: { resultType: 'success', textResultForLlm: `[redacted] ${String(input.toolName)}` },
      }),
    });
    const start = await engine.dispatch('sessionStart', { source: 'startup' });
    expect(start.additionalContext).toEqual(['repo uses pnpm']);
    const post = await engine.dispatch('postToolUse', { ...BASH, tool_response: { stdout: 'secret' } });
    expect(post.updatedToolOutput).toEqual({ resultType: 'success', textResultForLlm: '[redacted] bash' });
  });
});

describe('modifiedPrompt (copilot-cli-observed.md: honoured from command hooks too)', () => {
  it('a Copilot-dialect hook rewrites the prompt; a Claude-dialect one cannot', () => {
    const output = { modifiedPrompt: 'rewritten' };
    const copilot = normalizeOutput('UserPromptSubmit', output, 'copilot');
    expect(copilot.effect.updatedPrompt).toBe('rewritten');
    expect(copilot.warnings).toEqual([]);
    const claude = normalizeOutput('UserPromptSubmit', output, 'claude');
    expect(claude.effect.updatedPrompt).toBeUndefined();
    expect(claude.warnings.join()).toMatch(/modifiedPrompt/);
  });
});
