/** How one in-process SDK callback ended, before the host's rules give it a meaning. */
export type CallbackOutcome =
  | { kind: 'value'; value: unknown }
  | { kind: 'timeout'; timeoutMs: number }
  | { kind: 'error'; error: unknown };

/**
 * Calls `invoke` with a signal of its own and waits at most `timeoutMs`. The signal aborts when
 * `parent` aborts (dispatch cancelled, engine closed) or when the time is up; on success it is
 * left alive, so a callback that answered `{ async: true }` can keep working in the background.
 */
export async function raceCallback(
  invoke: (signal: AbortSignal) => unknown,
  timeoutMs: number,
  parent: AbortSignal,
  controller: AbortController = new AbortController(),
): Promise<CallbackOutcome> {
  const onAbort = () => controller.abort(parent.reason);
  if (parent.aborted) onAbort();
  else parent.addEventListener('abort', onAbort, { once: true });
  let timer: NodeJS.Timeout | undefined;
  try {
    const timeout = new Promise<CallbackOutcome>((resolve) => {
      timer = setTimeout(() => resolve({ kind: 'timeout', timeoutMs }), timeoutMs);
    });
    const run = Promise.resolve()
      .then(() => invoke(controller.signal))
      .then(
        (value): CallbackOutcome => ({ kind: 'value', value }),
        (error: unknown): CallbackOutcome => ({ kind: 'error', error }),
      );
    const outcome = await Promise.race([run, timeout]);
    if (outcome.kind === 'timeout') {
      controller.abort(new Error(`hook callback timed out after ${timeoutMs} ms`));
    }
    return outcome;
  } finally {
    clearTimeout(timer);
    parent.removeEventListener('abort', onAbort);
  }
}

export function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
