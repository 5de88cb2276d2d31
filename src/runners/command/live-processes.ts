import { monotonicMs } from '../../model/clock.ts';
import { TERMINATING_SIGNALS } from '../../model/terminating-signals.ts';
import { isGroupRunning, killProcessTree, processTreePids } from './kill-tree.ts';
import { removeHookTempDir } from './temp-files.ts';

/**
 * Process trees of running hooks, and of hooks that exited but left background children in their
 * group ("lingering"). Hooks run in their own process group, so a Ctrl-C at the terminal no longer
 * reaches them: the host kills them itself on exit and on every terminating signal
 * (dependencies.md §2(a) step 6), unless the host listens for that signal too and so ends them
 * in its own time. Listeners exist while a tree is tracked and for `IDLE_KEEP_MS`
 * after the last one ends, so an idle host gets Node's default signal behaviour back; a signal in
 * between finds nothing to kill and dies of it as before (`onSignal`). Keeping them across the gap
 * between hooks spares each hook run installing and removing five listeners, whose signal handles
 * cost more than the rest of its bookkeeping (issue 16 item 4).
 */
const live = new Map<number, NodeJS.Platform>();
const lingering = new Map<number, { platform: NodeJS.Platform; release: () => void }>();
let installed = false;
/** How long the listeners stay once no tree is tracked. */
const IDLE_KEEP_MS = 1_000;
let idleSince = 0;
let idleTimer: NodeJS.Timeout | undefined;

function killTree(pid: number, platform: NodeJS.Platform): void {
  killProcessTree(pid, 'SIGKILL', platform, processTreePids(pid, platform));
}

function killAll(): void {
  for (const [pid, platform] of live) killTree(pid, platform);
  for (const [pid, entry] of lingering) {
    entry.release();
    killTree(pid, entry.platform);
  }
  live.clear();
  lingering.clear();
}

function onExit(): void {
  killAll();
}

function onSignal(signal: NodeJS.Signals): void {
  // Another listener means the host handles the signal itself: `serve` lets running guards finish
  // within its grace period, `run` closes its engine. Its shutdown ends the hooks (an engine's
  // close cancels them, 'exit' kills what is left); killing them here made every guard running at
  // a rolling deploy's SIGTERM a crashed hook, answered as an allow.
  if (process.listenerCount(signal) > 1) return;
  killAll();
  uninstall();
  // We were the only listener: restore the default action (terminate) that our listener replaced.
  removeHookTempDir();
  process.kill(process.pid, signal);
}

function sync(): void {
  if (live.size > 0 || lingering.size > 0) {
    if (installed) return;
    process.on('exit', onExit);
    for (const signal of TERMINATING_SIGNALS) process.on(signal, onSignal);
    installed = true;
  } else if (installed) {
    // One timer for a run of hooks, not one per hook: it looks again when it fires.
    idleSince = monotonicMs();
    if (idleTimer === undefined) armIdleTimer(IDLE_KEEP_MS);
  }
}

function armIdleTimer(ms: number): void {
  idleTimer = setTimeout(() => {
    idleTimer = undefined;
    if (!installed || live.size > 0 || lingering.size > 0) return;
    const left = IDLE_KEEP_MS - (monotonicMs() - idleSince);
    if (left > 0) armIdleTimer(left);
    else uninstall();
  }, ms);
  idleTimer.unref();
}

function uninstall(): void {
  process.off('exit', onExit);
  for (const signal of TERMINATING_SIGNALS) process.off(signal, onSignal);
  installed = false;
  clearTimeout(idleTimer);
  idleTimer = undefined;
}

export function registerLiveProcess(pid: number, platform: NodeJS.Platform): void {
  live.set(pid, platform);
  sync();
}

export function unregisterLiveProcess(pid: number): void {
  if (!live.delete(pid)) return;
  sync();
}

/**
 * A hook exited: once the caller has its result (the next turn of the event loop), it is forgotten,
 * or its group is tracked as lingering when processes of it still run. Until then it stays among
 * the live trees, so a host that exits or dies of a signal in between still ends its group. The
 * check is a `kill(-pid, 0)` that fails with an exception after nearly every hook: about 20 µs,
 * which no longer delays the result (issue 16 item 4).
 */
export function releaseAfterExit(
  pid: number,
  platform: NodeJS.Platform,
  lifetime: AbortSignal | undefined,
): void {
  setImmediate(() => {
    if (!live.has(pid)) return;
    unregisterLiveProcess(pid);
    if (isGroupRunning(pid, platform)) trackLingering(pid, platform, lifetime);
  });
}

/**
 * A hook exited while its group still holds processes (`sleep 60 &`): they are ended when `signal`
 * aborts (the engine closes or the dispatch is cancelled) or the host exits, whichever comes first.
 */
export function trackLingering(
  pid: number,
  platform: NodeJS.Platform,
  signal: AbortSignal | undefined,
): void {
  pruneLingering();
  if (signal?.aborted) {
    killTree(pid, platform);
    return;
  }
  const end = (): void => {
    lingering.delete(pid);
    killTree(pid, platform);
    sync();
  };
  signal?.addEventListener('abort', end, { once: true });
  lingering.set(pid, { platform, release: () => signal?.removeEventListener('abort', end) });
  sync();
}

/** Forgets lingering groups whose processes have all ended on their own. */
function pruneLingering(): void {
  for (const [pid, entry] of lingering) {
    if (isGroupRunning(pid, entry.platform)) continue;
    entry.release();
    lingering.delete(pid);
  }
}

/** Number of hook process trees the host would kill on exit right now (for tests and doctor). */
export function liveProcessCount(): number {
  pruneLingering();
  return live.size + lingering.size;
}
