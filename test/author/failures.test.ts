import { describe, expect, it } from 'vitest';
import { ON_ERROR_TIMEOUT_MS } from '../../src/author/failure.ts';
import { block, context, defineHook } from '../../src/author.ts';

// onError outcomes in-process (the process side is in failures-process.test.ts).

const STOP = { hook_event_name: 'Stop', session_id: 's', cwd: '/', stop_hook_active: false };
const PROMPT = { hook_event_name: 'UserPromptSubmit', session_id: 's', cwd: '/', prompt: 'deploy' };

describe('onError', () => {
  it('a function receives the failure and answers with helpers', async () => {
    const hook = defineHook(
      'UserPromptSubmit',
      { onError: (failure) => [block(`Prompt check unavailable (${failure.kind})`), context('retry later')] },
      () => {
        throw new Error('scanner down');
      },
    );
    const run = await hook.invoke(PROMPT);
    expect(run.failure).toMatchObject({
      kind: 'threw',
      code: 'AUTHOR_HOOK_THREW',
      message: 'the handler threw Error: scanner down',
    });
    expect(run.output).toEqual({
      decision: 'block',
      reason: 'Prompt check unavailable (threw)',
      hookSpecificOutput: { hookEventName: 'UserPromptSubmit', additionalContext: 'retry later' },
    });
    expect(run.stderr).toContain('answered what onError() returned');
  });

  it('an onError function that throws falls back to the default outcome, and says so', async () => {
    const hook = defineHook(
      'PreToolUse',
      {
        onError: () => {
          throw new Error('also broken');
        },
      },
      () => {
        throw new Error('broken');
      },
    );
    const run = await hook.invoke({
      hook_event_name: 'PreToolUse',
      session_id: 's',
      cwd: '/',
      tool_name: 'Glob',
      tool_input: { pattern: '*' },
    });
    expect(run.response.permission).toBe('deny');
    expect(run.stderr).toContain('AUTHOR_ON_ERROR_FAILED: PreToolUse hook "hook": also broken');
  });

  it('an onError function that never answers gives way to the default after ON_ERROR_TIMEOUT_MS', async () => {
    const hook = defineHook('PreToolUse', { onError: () => new Promise(() => {}) }, () => {
      throw new Error('broken');
    });
    const run = await hook.invoke({
      hook_event_name: 'PreToolUse',
      session_id: 's',
      cwd: '/',
      tool_name: 'Glob',
      tool_input: { pattern: '*' },
    });
    expect(run.response.permission).toBe('deny');
    expect(run.stderr).toContain(
      `AUTHOR_ON_ERROR_FAILED: PreToolUse hook "hook": onError() did not answer within ${ON_ERROR_TIMEOUT_MS} ms`,
    );
  });

  it('block on Stop when asked; the default there is ignore (a failing Stop hook must not loop)', async () => {
    const failing = () => {
      throw new Error('x');
    };
    expect((await defineHook('Stop', failing).invoke(STOP)).output).toEqual({
      systemMessage: 'Stop hook "hook" failed: the handler threw Error: x',
    });
    const strict = await defineHook('Stop', { onError: 'block', name: 'tests' }, failing).invoke(STOP);
    expect(strict.output).toMatchObject({
      decision: 'block',
      reason: 'Stop hook "tests" failed: the handler threw Error: x',
    });
  });

  it('a timeout aborts the handler signal and answers at once', async () => {
    let aborted = false;
    const hook = defineHook('Stop', { onError: 'block', timeoutMs: 50 }, (_input, { signal }) => {
      signal.addEventListener('abort', () => {
        aborted = true;
      });
      return new Promise(() => {});
    });
    const run = await hook.invoke(STOP);
    expect(run.failure).toMatchObject({
      kind: 'timeout',
      message: 'the handler did not answer within 50 ms',
    });
    expect(run.response.block).toContain('did not answer within 50 ms');
    expect(aborted).toBe(true);
  });

  it('a caller that cancels gets the onError outcome, not a hang', async () => {
    const controller = new AbortController();
    const hook = defineHook('Stop', { onError: 'block' }, () => new Promise(() => {}));
    const pending = hook.invoke(STOP, { signal: controller.signal });
    controller.abort();
    const run = await pending;
    expect(run.failure?.message).toBe('the handler was cancelled');
  });

  it('the handler gets the host, the event and the payload as sent', async () => {
    const seen: unknown[] = [];
    const hook = defineHook('Stop', (_input, ctx) => {
      seen.push(ctx.host, ctx.event, ctx.payload);
    });
    const payload = { sessionId: 's', timestamp: 1, cwd: '/', stop_hook_active: true };
    await hook.invoke(payload);
    expect(seen).toEqual(['copilot-cli', 'Stop', payload]);
  });
});
