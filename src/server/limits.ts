/**
 * Caps the dispatches running at once. A request over the cap is answered at once as overloaded
 * (a non-2xx answer, which every host treats as a failed HTTP hook) rather than queued behind
 * work that could outlast the host's timeout.
 */
export class ConcurrencyGate {
  readonly #max: number;
  #running = 0;

  constructor(max: number) {
    this.#max = max;
  }

  get running(): number {
    return this.#running;
  }

  tryEnter(): boolean {
    if (this.#running >= this.#max) return false;
    this.#running += 1;
    return true;
  }

  leave(): void {
    this.#running -= 1;
  }
}

/** Never wait closer than this to the host's own timeout: the answer still has to travel. */
const DEADLINE_MARGIN_MAX_MS = 1_000;
const DEADLINE_MARGIN_SHARE = 0.1;
/** The `timeout` query parameter is in seconds, like the hooks' own `timeout` field. */
const MAX_TIMEOUT_SECONDS = 3_600;

/**
 * How long the server may take before it must answer: the host's timeout for the hook (the
 * `timeout` query parameter, else the host's default for the event) less a margin of 10%, at
 * most one second.
 */
export function answerDeadlineMs(hostTimeoutMs: number, timeoutParam: string | undefined): number {
  const seconds = timeoutParam === undefined ? Number.NaN : Number(timeoutParam);
  const timeoutMs =
    Number.isFinite(seconds) && seconds > 0 ? Math.min(seconds, MAX_TIMEOUT_SECONDS) * 1000 : hostTimeoutMs;
  return Math.max(1, timeoutMs - Math.min(DEADLINE_MARGIN_MAX_MS, timeoutMs * DEADLINE_MARGIN_SHARE));
}
