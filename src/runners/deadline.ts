// One deadline per run: the run's own timeout or the engine's abort signal, whichever comes first.
// Every runner uses it (process, HTTP, model and MCP calls, function hooks), so a timeout and a
// cancellation look the same everywhere and are told apart the same way.
import type { RunnerDiagnostic } from './types.ts';

/** setTimeout fires at once for delays beyond a signed 32-bit millisecond count. */
export const MAX_TIMER_MS = 2 ** 31 - 1;

export interface Deadline {
  /** Aborts when the time is up or the caller's signal aborts. */
  readonly signal: AbortSignal;
  /** The time ran out. */
  readonly timedOut: boolean;
  /** The caller's signal aborted before the time ran out: the run was cancelled. */
  readonly cancelled: boolean;
  /** Starts the clock again with `ms` from now, unless the deadline has already passed. */
  restart(ms: number): void;
  /** Stops the clock and lets go of the caller's signal; call once the run has settled. */
  dispose(): void;
}

/** Starts the clock for one run of at most `timeoutMs` under the caller's `signal`. */
export function startDeadline(signal: AbortSignal | undefined, timeoutMs: number): Deadline {
  const controller = new AbortController();
  let expired = false;
  let timer: NodeJS.Timeout | undefined;
  const arm = (ms: number): void => {
    clearTimeout(timer);
    timer = setTimeout(expire, Math.min(Math.max(0, ms), MAX_TIMER_MS));
  };
  const expire = (): void => {
    expired = true;
    controller.abort(new DOMException('hook timed out', 'TimeoutError'));
  };
  const cancel = (): void => {
    clearTimeout(timer);
    controller.abort(signal?.reason);
  };
  if (signal?.aborted) cancel();
  else {
    signal?.addEventListener('abort', cancel, { once: true });
    arm(timeoutMs);
  }
  return {
    signal: controller.signal,
    get timedOut() {
      return expired;
    },
    get cancelled() {
      return controller.signal.aborted && !expired;
    },
    restart(ms) {
      if (!controller.signal.aborted) arm(ms);
    },
    dispose() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', cancel);
    },
  };
}

/** The coded diagnostic for a run its deadline ended, or undefined when it did not. */
export function deadlineDiagnostic(
  deadline: Pick<Deadline, 'timedOut' | 'cancelled'>,
  what: string,
  timeoutMs: number,
): RunnerDiagnostic | undefined {
  if (deadline.timedOut) {
    return { code: 'RUNNER_TIMEOUT', message: `${what} did not finish within ${timeoutMs} ms` };
  }
  if (deadline.cancelled) return { code: 'RUNNER_CANCELLED', message: `${what} was cancelled by the engine` };
  return undefined;
}
