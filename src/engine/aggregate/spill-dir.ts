// Spilled hook output can hold anything a hook printed (file contents, tokens). It goes to a folder
// only this user can read, and a folder someone else prepared (to read or swap the files) is
// refused rather than used (issue 13 item 10).
import { lstatSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';

/** Owner only: rwx for the folders, rw for the files. */
export const SPILL_DIR_MODE = 0o700;
export const SPILL_FILE_MODE = 0o600;
/** Permission bits that let group or others in. */
const GROUP_OR_OTHER = 0o077;

/** Why `dir` is not a private folder of this user (a link, a file, another owner, open mode); undefined when it is. */
export function notPrivate(dir: string): string | undefined {
  const stat = lstatSync(dir);
  if (!stat.isDirectory()) return `${dir} is not a folder (a symbolic link or a file)`;
  const uid = process.getuid?.();
  if (uid !== undefined && stat.uid !== uid) return `${dir} belongs to user ${stat.uid}, not to ${uid}`;
  if ((stat.mode & GROUP_OR_OTHER) !== 0) {
    return `${dir} is open to others (mode ${(stat.mode & 0o777).toString(8)}, needs 700)`;
  }
  return undefined;
}

/** Creates `dir` (0700) if absent, then checks it: a real folder, ours, closed to everyone else. */
function ensurePrivate(dir: string): string | undefined {
  try {
    mkdirSync(dir, { mode: SPILL_DIR_MODE });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') return (error as Error).message;
  }
  return notPrivate(dir);
}

/** `<base>/agent-hooks-<uid>`: every session folder of this user lives here. */
export function spillRoot(base: string): string {
  return join(base, `agent-hooks-${process.getuid?.() ?? 'user'}`);
}

/** A session id as a single safe path segment. */
export function sessionFolderName(id: string): string {
  const name = id.replace(/[^A-Za-z0-9._-]/g, '_');
  return name === '' || name === '.' || name === '..' ? 'session' : name;
}

/**
 * The private folder for one session's spills: `<base>/agent-hooks-<uid>/<session>`, each level
 * created 0700 or verified to be this user's and 0700. A reason instead when it cannot be trusted.
 */
export function privateSpillDir(base: string, session: string): { dir: string } | { refused: string } {
  const root = spillRoot(base);
  const dir = join(root, sessionFolderName(session));
  const refused = ensurePrivate(root) ?? ensurePrivate(dir);
  return refused === undefined ? { dir } : { refused };
}
