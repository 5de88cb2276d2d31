// Why a file a writer had to read first could not be read, and the fix that is true for that
// errno: a link loop or a folder in the file's place is not fixed by making anything readable.
import { lstatSync, readlinkSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

/** `why` follows the file's name ("X is a …", "X cannot be read …"); `fix` says what to do. */
export interface Unreadable {
  why: string;
  fix: string;
}

/** The nearest folder on `file`'s path that is a file instead, as ENOTDIR means. */
function fileOnPath(file: string): string | undefined {
  for (let dir = dirname(file); dir !== dirname(dir); dir = dirname(dir)) {
    let stat: ReturnType<typeof statSync>;
    try {
      stat = statSync(dir, { throwIfNoEntry: false });
    } catch {
      continue; // ENOTDIR again: the file is further up.
    }
    if (stat?.isDirectory()) return undefined;
    if (stat !== undefined) return dir;
  }
  return undefined;
}

/**
 * What reading `file` failed with (`error`, from readFileSync or lstatSync), for a person: `kind`
 * names what belongs there ("JSON file"). ENOENT means a symbolic link to nothing here: a missing
 * file is no failure, so the caller asks `danglingLinkTarget` before it calls this.
 */
export function unreadable(file: string, error: unknown, kind = 'file'): Unreadable {
  const code = (error as NodeJS.ErrnoException).code ?? String(error);
  if (code === 'ELOOP')
    return {
      why: 'is a symbolic link that leads back to itself (ELOOP: a link loop)',
      fix: `replace the link with the ${kind} it should be, or remove it`,
    };
  if (code === 'EISDIR')
    return { why: `is a folder, where a ${kind} belongs`, fix: 'move the folder out of the way' };
  const target = code === 'ENOENT' ? danglingLinkTarget(file) : undefined;
  if (target !== undefined)
    return {
      why: `is a symbolic link to a file that does not exist (${target})`,
      fix: 'create that file or remove the link',
    };
  const blocker = code === 'ENOTDIR' ? fileOnPath(file) : undefined;
  if (blocker !== undefined)
    return {
      why: `cannot be reached: ${blocker} on its path is a file, where a folder belongs (ENOTDIR)`,
      fix: `move ${blocker} out of the way`,
    };
  if (code === 'EACCES' || code === 'EPERM')
    return { why: `cannot be read (${code})`, fix: 'make it readable for this user' };
  return { why: `cannot be read (${code})`, fix: 'check the path and the disk, then run the command again' };
}

/**
 * Where `file` points when it is a symbolic link to nothing; undefined for anything else. Writing
 * to such a path would create the file the link names, wherever that is (outside the project, in
 * another user's folder), so every writer refuses it, whatever --force says.
 */
export function danglingLinkTarget(file: string): string | undefined {
  try {
    if (!lstatSync(file, { throwIfNoEntry: false })?.isSymbolicLink()) return undefined;
    if (statSync(file, { throwIfNoEntry: false }) !== undefined) return undefined;
    return resolve(dirname(file), readlinkSync(file));
  } catch {
    return undefined; // Not a path to a file at all (ENOTDIR, ELOOP): the write says so itself.
  }
}

/** Why a write to a link to nothing is refused, and what to do: the link and its target named. */
export function danglingLinkRefusal(file: string, target: string): string {
  return `not writing ${file}: it is a symbolic link to a file that does not exist (${target}); create that file or remove the link`;
}
