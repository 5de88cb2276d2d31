import { isProcessTreeAlive, killProcessTree } from './kill-tree.ts';
import { unregisterLiveProcess } from './live-processes.ts';

/** Time between SIGTERM and SIGKILL when a hook times out or is cancelled. */
export const KILL_GRACE_MS = 2_000;

/** The kill ladder of one hook's process tree: SIGTERM, then SIGKILL after a grace period. */
export interface Terminator {
  /** Starts the ladder; later calls do nothing. */
  terminate(): void;
  /** Whether the ladder has started (the process then leaves the live set on its own). */
  readonly started: boolean;
}

export function processTerminator(
  pid: number | undefined,
  platform: NodeJS.Platform,
  graceMs: number = KILL_GRACE_MS,
): Terminator {
  let started = false;
  return {
    terminate() {
      if (started || pid === undefined) return;
      started = true;
      killProcessTree(pid, 'SIGTERM', platform);
      const grace = setTimeout(() => {
        // The leader may be gone while a descendant that ignored SIGTERM still lives.
        if (isProcessTreeAlive(pid, platform)) killProcessTree(pid, 'SIGKILL', platform);
        unregisterLiveProcess(pid);
      }, graceMs);
      grace.unref();
    },
    get started() {
      return started;
    },
  };
}
