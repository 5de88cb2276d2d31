import { resolveEventName } from '../events/dialect-names.ts';
import { EVENT_NAMES } from '../model/event-name.ts';
import type { HostFormat } from './host-formats/types.ts';

/**
 * Caps the dispatches running at once, in all and per team. A request over a cap is answered at
 * once as overloaded (a non-2xx answer, which every host treats as a failed HTTP hook) rather
 * than queued behind work that could outlast the host's timeout. The per-team cap keeps one
 * team's slow hooks or busy machines from taking every slot, which would fail every other
 * team's guards open.
 */
export class ConcurrencyGate {
  readonly #max: number;
  readonly #perTeam: () => number;
  readonly #byTeam = new Map<string, number>();
  #running = 0;

  /** `perTeam` is asked on each entry: the team count, and so the default share, can change on reload. */
  constructor(max: number, perTeam: () => number = () => max) {
    this.#max = max;
    this.#perTeam = perTeam;
  }

  get running(): number {
    return this.#running;
  }

  /** Takes a slot for `team`; otherwise says which cap is reached. */
  tryEnter(team: string): { ok: true } | { ok: false; why: string } {
    if (this.#running >= this.#max) return { ok: false, why: `${this.#max} dispatches are running` };
    const mine = this.#byTeam.get(team) ?? 0;
    const share = this.#perTeam();
    if (mine >= share)
      return {
        ok: false,
        why: `team "${team}" already runs ${mine} dispatches, its share of limits.maxConcurrent`,
      };
    this.#running += 1;
    this.#byTeam.set(team, mine + 1);
    return { ok: true };
  }

  leave(team: string): void {
    this.#running -= 1;
    const left = (this.#byTeam.get(team) ?? 1) - 1;
    if (left > 0) this.#byTeam.set(team, left);
    else this.#byTeam.delete(team);
  }
}

/** With several teams, the most of `maxConcurrent` one team may hold by default. */
const SEVERAL_TEAMS_SHARE = 0.5;

/**
 * A team's share of `maxConcurrent` unless `limits.maxConcurrentPerTeam` says otherwise: all of
 * it for a server of one team, half of it with several, so one team cannot take every slot.
 */
export function teamShare(maxConcurrent: number, perTeam: number | undefined, teams: number): number {
  if (perTeam !== undefined) return Math.min(perTeam, maxConcurrent);
  return teams > 1 ? Math.ceil(maxConcurrent * SEVERAL_TEAMS_SHARE) : maxConcurrent;
}

/** Never wait closer than this to the host's own timeout: the answer still has to travel. */
const DEADLINE_MARGIN_MAX_MS = 1_000;
const DEADLINE_MARGIN_SHARE = 0.1;
/** The `timeout` query parameter is in seconds, like the hooks' own `timeout` field. */
const MAX_TIMEOUT_SECONDS = 3_600;
/**
 * A smaller `timeout` (a typo such as `0.001`) would answer every request with an audited 504 at
 * once, which both hosts treat as a failed hook: the guard off. Hosts count hook timeouts in whole
 * seconds, so waiting one second costs nothing a host would have waited for.
 */
const MIN_TIMEOUT_SECONDS = 1;

/** After the deadline, the share of the margin left to hear from the cancelled hooks. */
const ABORT_SETTLE_SHARE = 0.5;

/** The host's timeout for the hook: the `timeout` query parameter, else the host's default. */
function hostTimeoutOf(hostTimeoutMs: number, timeoutParam: string | undefined): number {
  const seconds = timeoutParam === undefined ? Number.NaN : Number(timeoutParam);
  return Number.isFinite(seconds) && seconds > 0
    ? Math.min(Math.max(seconds, MIN_TIMEOUT_SECONDS), MAX_TIMEOUT_SECONDS) * 1000
    : hostTimeoutMs;
}

function marginOf(timeoutMs: number): number {
  return Math.min(DEADLINE_MARGIN_MAX_MS, timeoutMs * DEADLINE_MARGIN_SHARE);
}

/**
 * How long the server may take before it must answer: the host's timeout for the hook (the
 * `timeout` query parameter, else the host's default for the event) less a margin of 10%, at
 * most one second.
 */
export function answerDeadlineMs(hostTimeoutMs: number, timeoutParam: string | undefined): number {
  const timeoutMs = hostTimeoutOf(hostTimeoutMs, timeoutParam);
  return Math.max(1, timeoutMs - marginOf(timeoutMs));
}

/**
 * How long, once the deadline has cancelled the hooks still running, the server waits for the
 * dispatch to settle (to answer a deny that had already arrived): half the margin, so the
 * answer still reaches the host in time.
 */
export function abortSettleMs(hostTimeoutMs: number, timeoutParam: string | undefined): number {
  return marginOf(hostTimeoutOf(hostTimeoutMs, timeoutParam)) * ABORT_SETTLE_SHARE;
}

/**
 * The deadline as far as it is known before the body is read (the token lookup comes first):
 * the URL's event, else the host's shortest default, so the lookup never outlasts the host.
 */
export function earlyDeadlineMs(
  format: HostFormat,
  pathEvent: string | undefined,
  timeout: string | undefined,
): number {
  const event = pathEvent ? resolveEventName(pathEvent)?.event : undefined;
  const hostTimeoutMs = event
    ? format.defaultTimeoutMs(event)
    : Math.min(...EVENT_NAMES.map((name) => format.defaultTimeoutMs(name)));
  return answerDeadlineMs(hostTimeoutMs, timeout);
}
