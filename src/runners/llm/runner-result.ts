import { type RunnerResult, runnerResult } from '../types.ts';

/**
 * Builders for the "behaves like a command" results of non-process runners (src/runners/types.ts),
 * shared by the prompt, agent and mcp_tool runners.
 */
export function successResult(startedAt: number, stdout = '', notes?: string[]): RunnerResult {
  return base(startedAt, { exitCode: 0, stdout, ...(notes?.length ? { notes } : {}) });
}

/** A blocking answer: exit 2 with the reason on stderr; the engine applies the event's exit-2 effect. */
export function blockingResult(startedAt: number, reason: string): RunnerResult {
  return base(startedAt, { exitCode: 2, stderr: reason });
}

/** A non-blocking error (the engine blocks only with `onFailure: "block"`). */
export function failureResult(startedAt: number, code: string, message: string): RunnerResult {
  return base(startedAt, { failure: { code, message } });
}

export function timedOutResult(startedAt: number, timeoutMs: number): RunnerResult {
  return base(startedAt, { timedOut: true, notes: [`no answer within ${timeoutMs} ms`] });
}

export function cancelledResult(startedAt: number, note: string): RunnerResult {
  return base(startedAt, { cancelled: true, notes: [note] });
}

function base(startedAt: number, fields: Partial<RunnerResult>): RunnerResult {
  return runnerResult({ durationMs: Date.now() - startedAt, ...fields });
}

/**
 * One abort signal for a run: the engine's `signal` or our own deadline, whichever comes first.
 * `timedOut()` tells the two apart afterwards (the engine may also abort with a TimeoutError).
 */
export function runDeadline(
  signal: AbortSignal,
  timeoutMs: number,
): {
  signal: AbortSignal;
  timedOut: () => boolean;
  dispose: () => void;
} {
  const controller = new AbortController();
  let fired = false;
  const timer = setTimeout(() => {
    fired = true;
    controller.abort(new DOMException('hook timed out', 'TimeoutError'));
  }, timeoutMs);
  const onAbort = (): void => controller.abort(signal.reason);
  if (signal.aborted) onAbort();
  else signal.addEventListener('abort', onAbort, { once: true });
  return {
    signal: controller.signal,
    timedOut: () =>
      fired || (signal.aborted && (signal.reason as Error | undefined)?.name === 'TimeoutError'),
    dispose: () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
    },
  };
}

/** The result for a run whose signal fired: a timeout, or a cancellation by the engine. */
export function abortedResult(startedAt: number, timeoutMs: number, timedOut: boolean): RunnerResult {
  return timedOut
    ? timedOutResult(startedAt, timeoutMs)
    : cancelledResult(startedAt, 'cancelled by the engine');
}
