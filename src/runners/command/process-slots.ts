import { readFileSync } from 'node:fs';

/**
 * A cap on hook processes running at once. Every process costs the host descriptors (two pipes
 * and a stdin file while it starts), so 500 matching hooks at `ulimit -n 1024` used to fail every
 * spawn with EMFILE — the guard among them included (issue 13 item 4). Runs beyond the cap queue
 * in arrival order; waiting counts against each run's own timeout.
 */
export interface ProcessSlots {
  /** Resolves once a slot is free; call the returned function exactly once to give it back. */
  acquire(): Promise<() => void>;
  /** A slot now, without waiting, when one is free (no promise, no timer: the common case). */
  tryAcquire(): (() => void) | undefined;
  readonly limit: number;
}

/** Descriptors budgeted per running hook: two pipe ends, the stdin file, and headroom. */
const DESCRIPTORS_PER_PROCESS = 8;
/** The cap when the descriptor limit cannot be read (no /proc), or is unlimited. */
const FALLBACK_LIMIT = 64;
const MAX_DEFAULT_LIMIT = 256;

export function createProcessSlots(limit: number): ProcessSlots {
  let running = 0;
  const waiting: Array<() => void> = [];
  const release = (): void => {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  };
  return {
    limit,
    tryAcquire() {
      if (running >= limit) return undefined;
      running += 1;
      return once(release);
    },
    acquire() {
      if (running < limit) {
        running += 1;
        return Promise.resolve(once(release));
      }
      return new Promise((resolve) => waiting.push(() => resolve(once(release))));
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
