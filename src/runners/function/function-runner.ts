import type { FunctionHandler } from '../../model/handler.ts';
import { type Deadline, deadlineDiagnostic, startDeadline } from '../deadline.ts';
import { type RunnerResult, type RunRequest, runnerResult } from '../types.ts';

/** seed 004 / claude-code-hooks.md §4.8: function hooks time out after 5 s unless told otherwise. */
export const FUNCTION_HOOK_DEFAULT_TIMEOUT_MS = 5_000;

const ABORTED = Symbol('aborted');

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof (value as { then?: unknown } | null)?.then === 'function';
}

/**
 * Runs an in-process callback. Returning `false`, throwing or timing out is a blocking error
 * carrying the hook's `errorMessage`; an object it returns is the hook's JSON output, handed to
 * the engine as is (never printed and parsed again).
 */
export async function runFunctionHandler(request: RunRequest<FunctionHandler>): Promise<RunnerResult> {
  const started = performance.now();
  const { callback, errorMessage } = request.handler.spec;
  const result = (partial: Partial<RunnerResult>): RunnerResult =>
    runnerResult({ exitCode: 0, durationMs: Math.round(performance.now() - started), ...partial });
  // A callback that takes no signal needs no deadline until it returns a promise: the hot path of
  // an in-process hook allocates nothing it does not use (bench function-hook-throughput).
  let deadline: Deadline | undefined =
    callback.length >= 2 ? startDeadline(request.signal, request.timeoutMs) : undefined;
  try {
    let value: unknown = callback(request.payload, deadline?.signal ?? request.signal, request.messages);
    // Only a callback that returned a promise can time out; a synchronous answer is final.
    if (isThenable(value)) {
      deadline ??= startDeadline(request.signal, request.timeoutMs);
      value = await Promise.race([value, whenAborted(deadline.signal)]);
    }
    if (request.signal.aborted && !deadline?.timedOut) {
      return result({ exitCode: null, cancelled: true, ...diagnosed(deadline, request.timeoutMs) });
    }
    // A callback that settles because its signal aborted on the timeout still timed out.
    if (value === ABORTED || deadline?.timedOut) {
      const stderr = errorMessage ?? `function hook timed out after ${request.timeoutMs} ms`;
      return result({ exitCode: 2, stderr, ...diagnosed(deadline, request.timeoutMs) });
    }
    return answer(value, errorMessage, result);
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    return result({ exitCode: 2, stderr: errorMessage ? `${errorMessage} (${detail})` : detail });
  } finally {
    deadline?.dispose();
  }
}

/** What the callback's value means: `false` blocks, an object is its output, anything else is success. */
function answer(
  value: unknown,
  errorMessage: string | undefined,
  result: (partial: Partial<RunnerResult>) => RunnerResult,
): RunnerResult {
  if (value === false) return result({ exitCode: 2, stderr: errorMessage ?? 'function hook returned false' });
  if (typeof value !== 'object' || value === null) return result({});
  // An array is no hook output object; it reads as the plain text it prints as.
  if (Array.isArray(value)) return result({ stdout: JSON.stringify(value) });
  return result({ output: value as Record<string, unknown> });
}

function whenAborted(signal: AbortSignal): Promise<typeof ABORTED> {
  return new Promise((resolve) => {
    if (signal.aborted) resolve(ABORTED);
    else signal.addEventListener('abort', () => resolve(ABORTED), { once: true });
  });
}

function diagnosed(deadline: Deadline | undefined, timeoutMs: number): Partial<RunnerResult> {
  const found = deadline && deadlineDiagnostic(deadline, 'the function hook', timeoutMs);
  return found ? { diagnostics: [found] } : {};
}
