import type { FunctionHandler } from '../../model/handler.ts';
import { type RunnerResult, type RunRequest, runnerResult } from '../types.ts';

/** seed 004 / claude-code-hooks.md §4.8: function hooks time out after 5 s unless told otherwise. */
export const FUNCTION_HOOK_DEFAULT_TIMEOUT_MS = 5_000;

const TIMED_OUT = Symbol('timed out');

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof (value as { then?: unknown } | null)?.then === 'function';
}

/**
 * Runs an in-process callback. Returning `false`, throwing or timing out is a blocking error
 * carrying the hook's `errorMessage`; returning an object is read like a command's JSON stdout.
 */
export async function runFunctionHandler(request: RunRequest<FunctionHandler>): Promise<RunnerResult> {
  const started = performance.now();
  const { callback, errorMessage } = request.handler.spec;
  const result = (partial: Partial<RunnerResult>): RunnerResult =>
    runnerResult({ exitCode: 0, durationMs: Math.round(performance.now() - started), ...partial });
  // A callback that takes no signal needs no controller of its own: the hot path of an
  // in-process hook allocates nothing it does not use (bench function-hook-throughput).
  const controller = callback.length >= 2 ? new AbortController() : undefined;
  const onAbort = controller ? () => controller.abort(request.signal.reason) : undefined;
  if (onAbort) request.signal.addEventListener('abort', onAbort, { once: true });
  let timer: NodeJS.Timeout | undefined;
  try {
    let value: unknown = callback(request.payload, controller?.signal ?? request.signal, request.messages);
    // Only a callback that returned a promise can time out; a synchronous answer is final.
    if (isThenable(value)) {
      const timeout = new Promise<typeof TIMED_OUT>((resolve) => {
        timer = setTimeout(() => resolve(TIMED_OUT), request.timeoutMs);
      });
      value = await Promise.race([value, timeout]);
    }
    if (request.signal.aborted) return result({ exitCode: null, cancelled: true });
    if (value === TIMED_OUT) {
      controller?.abort(new Error('function hook timed out'));
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
    if (onAbort) request.signal.removeEventListener('abort', onAbort);
  }
}
