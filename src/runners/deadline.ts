// One deadline per run: the run's own timeout or the engine's abort signal, whichever comes first.
// Every runner uses it (process, HTTP, model and MCP calls, function hooks), so a timeout and a
// cancellation look the same everywhere and are told apart the same way.
import type { RunnerDiagnostic } from './types.ts';

/** setTimeout fires at once for delays beyond a signed 32-bit millisecond count. */
export const MAX_TIMER_MS = 2 ** 31 - 1;

/** A run's clock without a signal of its own: `onEnd` is told when the time is up or the caller aborts. */
export interface RunClock {
  /** The time ran out. */
  readonly timedOut: boolean;
  /** The caller's signal aborted before the time ran out: the run was cancelled. */
  readonly cancelled: boolean;
  /** Starts the clock again with `ms` from now, unless the deadline has already passed. */
  restart(ms: number): void;
  /** Stops the clock for good and lets go of the caller's signal; later `restart` and `follow` do nothing. */
  dispose(): void;
  /** From now on `next`, not the caller's signal, cancels the run (at once if it already has). */
  follow(next: AbortSignal): void;
}

export interface Deadline extends RunClock {
  /** Aborts when the time is up or the caller's signal aborts. */
  readonly signal: AbortSignal;
}

/**
 * Starts the clock for one run of at most `timeoutMs` under the caller's `signal`; `onEnd` runs
 * once, with the reason (a TimeoutError, or the caller's reason). A runner that only needs to be
 * told, such as the command runner, saves an AbortController per run (issue 16 item 4).
 */
export function startClock(
  signal: AbortSignal | undefined,
  timeoutMs: number,
  onEnd: (reason: unknown) => void,
): RunClock {
  let current = signal;
  let ended = false;
  let expired = false;
  // Disposed: the run is over (a command hook exited), so nothing may start the clock again.
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const arm = (ms: number): void => {
    clearTimeout(timer);
    timer = setTimeout(expire, Math.min(Math.max(0, ms), MAX_TIMER_MS));
  };
  const expire = (): void => {
    if (ended) return;
    ended = true;
    expired = true;
    onEnd(new DOMException('hook timed out', 'TimeoutError'));
  };
  const cancel = (): void => {
    clearTimeout(timer);
    if (ended) return;
    ended = true;
    onEnd(current?.reason);
  };
  if (current?.aborted) cancel();
  else {
    current?.addEventListener('abort', cancel, { once: true });
    arm(timeoutMs);
  }
  return {
    get timedOut() {
      return expired;
    },
    get cancelled() {
      return ended && !expired;
    },
    restart(ms) {
      if (!ended && !stopped) arm(ms);
    },
    dispose() {
      stopped = true;
      clearTimeout(timer);
      current?.removeEventListener('abort', cancel);
    },
    follow(next) {
      if (stopped) return;
      current?.removeEventListener('abort', cancel);
      current = next;
      if (ended) return;
      if (next.aborted) cancel();
      else next.addEventListener('abort', cancel, { once: true });
    },
  };
}

/** Starts the clock for one run of at most `timeoutMs` under the caller's `signal`. */
export function startDeadline(signal: AbortSignal | undefined, timeoutMs: number): Deadline {
  const controller = new AbortController();
  const clock = startClock(signal, timeoutMs, (reason) => controller.abort(reason));
  return {
    signal: controller.signal,
    get timedOut() {
      return clock.timedOut;
    },
    get cancelled() {
      return clock.cancelled;
    },
    restart: clock.restart,
    dispose: clock.dispose,
    follow: clock.follow,
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
