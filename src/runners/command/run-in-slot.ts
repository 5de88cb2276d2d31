import { setTimeout as sleep } from 'node:timers/promises';
import { monotonicMs } from '../../model/clock.ts';
import { type RunnerResult, runnerResult } from '../types.ts';
import { type ProcessOptions, runProcess } from './process.ts';
import type { ProcessSlots, SlotClaim } from './process-slots.ts';

/** Retries of a spawn that failed for want of descriptors or processes (EMFILE, ENFILE, EAGAIN). */
const SHORTAGE_RETRIES = 4;
/** First wait before such a retry; it doubles each time (50, 100, 200, 400 ms). */
const SHORTAGE_BACKOFF_MS = 50;
const SHORTAGE = /\b(EMFILE|ENFILE|EAGAIN)\b/;

/**
 * Runs one hook process inside a slot of `slots`. Waiting for the slot counts against the run's
 * timeout and ends on abort; a spawn that failed because the host ran out of descriptors or
 * processes is the host's momentary shortage, not the hook's failure, and is retried with backoff
 * while time remains. `claim` says which slots the run may take (process-slots.ts).
 */
export async function runInSlot(
  opts: ProcessOptions,
  slots: ProcessSlots,
  claim: SlotClaim = 'shared',
): Promise<RunnerResult> {
  const started = monotonicMs();
  const remaining = (): number => opts.timeoutMs - (monotonicMs() - started);
  // A free slot is taken at once: the wait below costs a timer, an abort listener and a race.
  const release = slots.tryAcquire(claim) ?? (await acquireWithin(slots, claim, remaining(), opts.signal));
  if (release === 'timeout' || release === 'cancelled') {
    const waited = Math.round(monotonicMs() - started);
    if (release === 'cancelled') return runnerResult({ durationMs: waited, cancelled: true });
    // Said as what it is: the hook never ran, so its verdict is missing, not late (a guard queued
    // behind a repository's many slow hooks must not read as a slow guard).
    const message = `the command hook never started: ${heldSlots(slots, claim)} held by other hooks for the whole of its ${opts.timeoutMs} ms timeout`;
    return runnerResult({
      durationMs: waited,
      timedOut: true,
      diagnostics: [{ code: 'RUNNER_TIMEOUT', message }],
    });
  }
  try {
    let result = await runProcess({ ...opts, timeoutMs: remaining() });
    for (let attempt = 0; attempt < SHORTAGE_RETRIES && isShortage(result); attempt++) {
      const wait = SHORTAGE_BACKOFF_MS * 2 ** attempt;
      if (remaining() <= wait || opts.signal?.aborted) break;
      await sleep(wait, undefined, { ref: false });
      result = await runProcess({ ...opts, timeoutMs: remaining() });
    }
    return result;
  } finally {
    release();
  }
}

/** Which slots a run that never started waited for. */
function heldSlots(slots: ProcessSlots, claim: SlotClaim): string {
  if (claim === 'protected' || slots.reserved === 0) return 'every process slot (maxConcurrentProcesses) was';
  const open = slots.limit - slots.reserved;
  return `all ${open} process slots open to project, plugin and frontmatter hooks (maxConcurrentProcesses ${slots.limit}, of which ${slots.reserved} are kept for user and policy hooks) were`;
}

function isShortage(result: RunnerResult): boolean {
  return result.spawnError !== undefined && SHORTAGE.test(result.spawnError.message);
}

async function acquireWithin(
  slots: ProcessSlots,
  claim: SlotClaim,
  timeoutMs: number,
  signal: AbortSignal | undefined,
): Promise<(() => void) | 'timeout' | 'cancelled'> {
  const slot = slots.acquire(claim);
  let timer: NodeJS.Timeout | undefined;
  let onAbort: (() => void) | undefined;
  const gaveUp = new Promise<'timeout' | 'cancelled'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), Math.max(0, timeoutMs));
    onAbort = () => resolve('cancelled');
    signal?.addEventListener('abort', onAbort, { once: true });
    if (signal?.aborted) resolve('cancelled');
  });
  const first = await Promise.race([slot, gaveUp]);
  clearTimeout(timer);
  if (onAbort) signal?.removeEventListener('abort', onAbort);
  // A slot that arrives after we gave up goes straight back.
  if (typeof first !== 'function') void slot.then((release) => release());
  return first;
}
