import type { FunctionHandler } from '../config/model.ts';
import type { RunnerResult, RunRequest } from '../runners/types.ts';

/** seed 004 / claude-code-hooks.md §4.8: function hooks time out after 5 s unless told otherwise. */
export const FUNCTION_HOOK_DEFAULT_TIMEOUT_MS = 5_000;

/**
 * Runs an in-process callback. Returning `false`, throwing or timing out is a blocking error
 * carrying the hook's `errorMessage`; returning an object is read like a command's JSON stdout.
 */
export async function runFunctionHandler(request: RunRequest<FunctionHandler>): Promise<RunnerResult> {
  const started = performance.now();
  const { callback, errorMessage } = request.handler.spec;
  const controller = new AbortController();
  const onAbort = () => controller.abort(request.signal.reason);
  request.signal.addEventListener('abort', onAbort, { once: true });
  let timer: NodeJS.Timeout | undefined;
  const result = (partial: Partial<RunnerResult>): RunnerResult => ({
    exitCode: 0,
    signal: null,
    stdout: '',
    stderr: '',
    timedOut: false,
    cancelled: false,
    durationMs: Math.round(performance.now() - started),
    ...partial,
  });
  try {
    const timeout = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), request.timeoutMs);
    });
    const value = await Promise.race([
      Promise.resolve().then(() => callback(request.payload, controller.signal, request.messages)),
      timeout,
    ]);
    if (request.signal.aborted) return result({ exitCode: null, cancelled: true });
    if (value === 'timeout') {
      controller.abort(new Error('function hook timed out'));
      return result({
        exitCode: 2,
        stderr: errorMessage ?? `function hook timed out after ${request.timeoutMs} ms`,
      });
    }
    if (value === false)
      return result({ exitCode: 2, stderr: errorMessage ?? 'function hook returned false' });
    if (typeof value === 'object' && value !== null) return result({ stdout: JSON.stringify(value) });
    return result({});
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    return result({ exitCode: 2, stderr: errorMessage ? `${errorMessage} (${detail})` : detail });
  } finally {
    clearTimeout(timer);
    request.signal.removeEventListener('abort', onAbort);
  }
}
