import { readFileSync } from 'node:fs';
import type { Scope } from '../../model/source.ts';

/**
 * A cap on hook processes running at once. Every process costs the host descriptors (two pipes
 * and a stdin file while it starts), so 500 matching hooks at `ulimit -n 1024` used to fail every
 * spawn with EMFILE — the guard among them included (issue 13 item 4). Runs beyond the cap queue
 * in arrival order; waiting counts against each run's own timeout.
 *
 * The hosts run every matching hook at once, so the cap is the engine's own, and it must not let a
 * repository switch off someone else's guard: a project's slow hooks holding every slot would keep
 * a user's or an administrator's deny hook from starting until its timeout, a non-blocking error
 * (fail-open). So a share of the slots is kept for `protected` runs (hooks of the user, policy,
 * session and command line, see `slotClaimOf`), and a waiting protected run is served first.
 */
export interface ProcessSlots {
  /** Resolves once a slot is free; call the returned function exactly once to give it back. */
  acquire(claim?: SlotClaim): Promise<() => void>;
  /** A slot now, without waiting, when one is free (no promise, no timer: the common case). */
  tryAcquire(claim?: SlotClaim): (() => void) | undefined;
  readonly limit: number;
  /** Slots only `protected` runs may take. */
  readonly reserved: number;
}

/**
 * `protected`: a hook a repository or a third party cannot have written (managed, policy, user,
 * session or command-line scope), which may take any slot. `shared`: every other hook (project,
 * local, plugin, skill or agent frontmatter), which leaves the reserved slots free.
 */
export type SlotClaim = 'protected' | 'shared';

/** A scope whose hooks a checked-out repository or an installed plugin cannot have written. */
const PROTECTED_SCOPES: ReadonlySet<Scope> = new Set(['managed', 'policy', 'user', 'session', 'cli']);

/** The claim a hook of `scope` makes on the slots. */
export function slotClaimOf(scope: Scope): SlotClaim {
  return PROTECTED_SCOPES.has(scope) ? 'protected' : 'shared';
}

/** The share of the slots kept for protected runs (at least one slot once there are two). */
const RESERVED_SLOT_DIVISOR = 8;

/** Descriptors budgeted per running hook: two pipe ends, the stdin file, and headroom. */
const DESCRIPTORS_PER_PROCESS = 8;
/** The cap when the descriptor limit cannot be read (no /proc), or is unlimited. */
const FALLBACK_LIMIT = 64;
const MAX_DEFAULT_LIMIT = 256;

export function createProcessSlots(limit: number): ProcessSlots {
  const reserved = limit < 2 ? 0 : Math.max(1, Math.floor(limit / RESERVED_SLOT_DIVISOR));
  let running = 0;
  let runningShared = 0;
  const waiting: Record<SlotClaim, Array<() => void>> = { protected: [], shared: [] };
  const free = (claim: SlotClaim): boolean =>
    running < limit && (claim === 'protected' || runningShared < limit - reserved);
  const take = (claim: SlotClaim): (() => void) => {
    running += 1;
    if (claim === 'shared') runningShared += 1;
    return once(() => {
      running -= 1;
      if (claim === 'shared') runningShared -= 1;
      handOver();
    });
  };
  // A freed slot goes to the runs already waiting, protected ones first, never to whoever asks next.
  const handOver = (): void => {
    for (const claim of ['protected', 'shared'] as const) {
      while (waiting[claim].length > 0 && free(claim)) waiting[claim].shift()?.();
    }
  };
  const tryAcquire = (claim: SlotClaim = 'shared'): (() => void) | undefined =>
    waiting[claim].length === 0 && free(claim) ? take(claim) : undefined;
  return {
    limit,
    reserved,
    tryAcquire,
    acquire(claim = 'shared') {
      const now = tryAcquire(claim);
      if (now) return Promise.resolve(now);
      return new Promise((resolve) => waiting[claim].push(() => resolve(take(claim))));
    },
  };
}

/** The default cap: an eighth of the soft descriptor limit, between 1 and 256. */
export function defaultProcessLimit(): number {
  const soft = softDescriptorLimit();
  if (soft === undefined) return FALLBACK_LIMIT;
  return Math.max(1, Math.min(MAX_DEFAULT_LIMIT, Math.floor(soft / DESCRIPTORS_PER_PROCESS)));
}

let shared: ProcessSlots | undefined;

/** The slots every default command runner of this process shares (descriptors are per process). */
export function sharedProcessSlots(): ProcessSlots {
  shared ??= createProcessSlots(defaultProcessLimit());
  return shared;
}

function softDescriptorLimit(): number | undefined {
  try {
    const limits = readFileSync('/proc/self/limits', 'utf8');
    const match = /^Max open files\s+(\d+|unlimited)/m.exec(limits);
    if (match === null || match[1] === 'unlimited') return undefined;
    return Number(match[1]);
  } catch {
    return undefined;
  }
}

function once(release: () => void): () => void {
  let done = false;
  return () => {
    if (done) return;
    done = true;
    release();
  };
}
