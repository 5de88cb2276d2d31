import { isProcessTreeAlive, killProcessTree, processTreePids } from './kill-tree.ts';
import { unregisterLiveProcess } from './live-processes.ts';

/** Time between SIGTERM and SIGKILL when a hook times out or is cancelled. */
export const KILL_GRACE_MS = 2_000;

/** The kill ladder of one hook's process tree: SIGTERM, then SIGKILL after a grace period. */
export interface Terminator {
  /** Starts the ladder; later calls do nothing. */
  terminate(): void;
  /** Whether the ladder has started (the process then leaves the live set on its own). */
  readonly started: boolean;
  /** Every process of the tree the ladder found (the group's members and every descendant). */
  readonly found: ReadonlySet<number>;
}

export function processTerminator(
  pid: number | undefined,
  platform: NodeJS.Platform,
  graceMs: number = KILL_GRACE_MS,
): Terminator {
  let started = false;
  const found = new Set<number>();
  const walk = (): void => {
    if (pid !== undefined) for (const member of processTreePids(pid, platform)) found.add(member);
  };
  return {
    terminate() {
      if (started || pid === undefined) return;
      started = true;
      // The tree is walked while the hook still lives: once it dies, its children go to init.
      walk();
      killProcessTree(pid, 'SIGTERM', platform, found);
      const grace = setTimeout(() => {
        walk();
        // The leader may be gone while a descendant that ignored SIGTERM still lives.
        if (isProcessTreeAlive(pid, platform) || found.size > 0)
          killProcessTree(pid, 'SIGKILL', platform, found);
        unregisterLiveProcess(pid);
      }, graceMs);
      grace.unref();
    },
    get started() {
      return started;
    },
    found,
  };
}
