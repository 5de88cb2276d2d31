import { describe, expect, it } from 'vitest';
import type { FunctionHandler } from '../../../src/model/handler.ts';
import { runFunctionHandler } from '../../../src/runners/function/function-runner.ts';
import type { RunRequest } from '../../../src/runners/types.ts';

function request(
  callback: FunctionHandler['spec']['callback'],
  timeoutMs = 5_000,
): RunRequest<FunctionHandler> {
  const input = { hook_event_name: 'Stop', session_id: 's' };
  return {
    handler: {
      type: 'function',
      event: 'Stop',
      eventKey: 'Stop',
      dialect: 'claude',
      source: { file: '<session>', pointer: '/session/f', scope: 'session' },
      spec: { id: 'f', callback, errorMessage: 'blocked by f' },
    },
    event: 'Stop',
    input,
    payload: { ...input },
    payloadJson: '',
    projectDir: '/tmp',
    sessionId: 's',
    timeoutMs,
    signal: new AbortController().signal,
    env: {},
    policy: {},
  };
}

describe('function runner: structured results', () => {
  it('returns the object a callback gives as the output, never printed and parsed again', async () => {
    const answer = { decision: 'block', reason: 'not yet' };
    const result = await runFunctionHandler(request(() => answer));
    expect(result.output).toBe(answer);
    expect(result.stdout).toBe('');
    expect(result.exitCode).toBe(0);
  });

  it('awaits a promised object the same way', async () => {
    const result = await runFunctionHandler(request(async () => ({ continue: false })));
    expect(result.output).toEqual({ continue: false });
  });

  it('blocks on false and on a throw, with the hook error message', async () => {
    expect(await runFunctionHandler(request(() => false))).toMatchObject({
      exitCode: 2,
      stderr: 'blocked by f',
    });
    const thrown = await runFunctionHandler(
      request(() => {
        throw new Error('boom');
      }),
    );
    expect(thrown).toMatchObject({ exitCode: 2, stderr: 'blocked by f (boom)' });
  });

  it('times out a promise that never settles, with RUNNER_TIMEOUT', async () => {
    const result = await runFunctionHandler(request(() => new Promise(() => {}), 1));
    expect(result).toMatchObject({ exitCode: 2, stderr: 'blocked by f' });
    expect(result.diagnostics?.map((found) => found.code)).toEqual(['RUNNER_TIMEOUT']);
  });
});
