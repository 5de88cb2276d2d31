// The private folders hosts keep stdin and env files in are removed when the host exits, even of a
// signal; a host killed with SIGKILL (a timeout in the program that started it) cannot do that,
// and its empty folder stays. Each folder's name carries its host's pid, so a later host can
// remove those whose host is gone.
import { lstatSync, readdirSync, rmdirSync, rmSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { anyAlive } from './kill-tree.ts';

/** Prefix of every host's private folder; the host's pid and a random suffix follow. */
export const HOOK_DIR_PREFIX = 'agent-hooks-';
/**
 * A folder is removed only when it has not changed for this long (every hook run creates a file in
 * it) and its host's pid is not running: a pid from another pid namespace sharing /dev/shm looks
 * dead from here, so age, not the pid alone, keeps a live host's folder.
 */
export const STALE_DIR_AGE_MS = 24 * 60 * 60 * 1000;

/** `agent-hooks-<pid>-`: the prefix `mkdtemp` completes for this process. */
export function hookDirPrefix(parent: string): string {
  return join(parent, `${HOOK_DIR_PREFIX}${process.pid}-`);
}

/** Removes the stale folders of dead hosts from `parent` (only this user's; errors are ignored). */
export function sweepStaleHookDirs(parent: string): void {
  const now = Date.now();
  let names: string[];
  try {
    names = readdirSync(parent);
  } catch {
    return;
  }
  const uid = process.getuid?.();
  for (const name of names) {
    const pid = ownerPid(name);
    if (pid === undefined || pid === process.pid) continue;
    const path = join(parent, name);
    try {
      const stat = lstatSync(path);
      const mine = uid === undefined || stat.uid === uid;
      if (!stat.isDirectory() || !mine || now - stat.mtimeMs < STALE_DIR_AGE_MS || anyAlive([pid])) continue;
      removeFlatDirectory(path);
    } catch {
      // Gone already, or not ours to remove.
    }
  }
}

function ownerPid(name: string): number | undefined {
  const match = /^agent-hooks-(\d+)-[^/]+$/.exec(name);
  return match ? Number(match[1]) : undefined;
}

/**
 * The folders hold files only (stdin and env files, a spare stdin file): they are emptied and
 * removed with a few calls, without the recursive remover, whose module a CLI would otherwise
 * load on every start only to exit (issue 16 item 4). Anything unexpected goes the long way.
 */
export function removeFlatDirectory(dir: string): void {
  try {
    for (const name of readdirSync(dir)) unlinkSync(join(dir, name));
    rmdirSync(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') rmSync(dir, { recursive: true, force: true });
  }
}
