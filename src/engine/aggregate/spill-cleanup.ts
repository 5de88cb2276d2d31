// Deleting spilled output (issue 13 item 10): a session's folder when the session ends, and any
// session folder nothing was spilled to for a day. Only folders that pass the same privacy check
// as for writing are touched, and nothing is followed through a symbolic link: a link or a
// folder someone else owns is left alone.
import { lstatSync, readdirSync, rmdirSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { notPrivate, sessionFolderName, spillRoot } from './spill-dir.ts';

/** A session folder nothing was spilled to for this long is removed (the host's session is long over). */
export const STALE_SPILL_AGE_MS = 24 * 60 * 60 * 1000;
/** A process sweeps a spill root at most this often: a sweep is a readdir and a stat per session. */
const SWEEP_INTERVAL_MS = 60 * 60 * 1000;

const lastSweep = new Map<string, number>();

/**
 * Removes one session folder: its files and links (unlink never follows a link), then the folder.
 * A sub-folder (never written by the engine) stays, and so does the folder holding it.
 * Returns why it could not, or undefined (also when there was nothing to remove).
 */
function removeSessionFolder(dir: string): string | undefined {
  try {
    const refused = notPrivate(dir);
    if (refused) return refused;
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (!lstatSync(path).isDirectory()) unlinkSync(path);
    }
    rmdirSync(dir);
    return undefined;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === 'ENOENT' ? undefined : (error as Error).message;
  }
}

/** SessionEnd: the session's spills are deleted; why not, when something was in the way. */
export function deleteSessionSpills(base: string, sessionId: string): string | undefined {
  return removeSessionFolder(join(spillRoot(base), sessionFolderName(sessionId)));
}

/**
 * Removes every session folder under `base`'s spill root whose last spill is older than a day
 * (a folder's mtime moves with each file written into it). Cheap and throttled: at most once an
 * hour per process and base; a missing root costs one failed stat. Never throws.
 */
export function sweepStaleSpills(base: string, now: number = Date.now()): void {
  const last = lastSweep.get(base);
  if (last !== undefined && now - last < SWEEP_INTERVAL_MS) return;
  lastSweep.set(base, now);
  const root = spillRoot(base);
  try {
    if (notPrivate(root)) return;
    for (const name of readdirSync(root)) {
      const dir = join(root, name);
      const stat = lstatSync(dir);
      if (stat.isDirectory() && now - stat.mtimeMs > STALE_SPILL_AGE_MS) removeSessionFolder(dir);
    }
  } catch {
    // No root yet (nothing ever spilled), or it vanished meanwhile: nothing to sweep.
  }
}
