// Reading a hook configuration file without ever blocking on it. Anyone who can write to the
// repository (a model, a tool) can put a named pipe, a socket or a device where a hook file is
// looked for; `readFile` on a FIFO waits for a writer forever, and the host then times the hook
// out and lets the call go ahead. Only a regular file is read: its type is checked before it is
// opened, and again on the opened descriptor (a file swapped for a FIFO in between), which is
// opened non-blocking so that the open itself cannot wait either.
import {
  closeSync,
  constants,
  fstatSync,
  lstatSync,
  openSync,
  readFileSync,
  readlinkSync,
  type Stats,
  statSync,
} from 'node:fs';
import { open, stat } from 'node:fs/promises';

/** What a path is when it is not a regular file, in words; undefined for a regular file. */
export function notRegularKind(s: Stats): string | undefined {
  if (s.isFile()) return undefined;
  if (s.isDirectory()) return 'a directory';
  if (s.isFIFO()) return 'a named pipe (FIFO)';
  if (s.isSocket()) return 'a socket';
  if (s.isCharacterDevice()) return 'a character device';
  if (s.isBlockDevice()) return 'a block device';
  return 'not a regular file';
}

/** Thrown (with `code` EFTYPE) for a path that is not a regular file: it is not opened, or not read. */
export class NotRegularFileError extends Error {
  readonly code = 'EFTYPE';
  constructor(kind: string) {
    super(`it is ${kind}, not a regular file, so it is not read`);
  }
}

/**
 * Thrown for a symbolic link whose target does not exist. Such a link where a hook file is looked
 * for is almost always a mistake (a moved or unchecked-out target) that turns its hooks off, so it
 * is reported like any other entry that cannot be read, never skipped as a missing file.
 */
export class DanglingLinkError extends Error {
  // No ENOENT `code`: callers take that for a missing file and say nothing.
  constructor(target: string) {
    super(`it is a symbolic link to ${JSON.stringify(target)}, which does not exist, so it is not read`);
  }
}

function errnoCode(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException | undefined)?.code;
}

/**
 * What is at `file`, symbolic links followed, or undefined when nothing is (or the path goes
 * through a file). Throws DanglingLinkError for a link to nothing: a link is looked at (lstat)
 * first, which costs a missing path or a plain file no second call.
 */
export function statFollowingSync(file: string): Stats | undefined {
  try {
    const own = lstatSync(file, { throwIfNoEntry: false });
    if (!own?.isSymbolicLink()) return own;
    const target = statSync(file, { throwIfNoEntry: false });
    if (target === undefined) throw new DanglingLinkError(readlinkSync(file));
    return target;
  } catch (error) {
    // Gone while it was looked at (deleted between the listing and now): not a hook file.
    if (errnoCode(error) === 'ENOENT' || errnoCode(error) === 'ENOTDIR') return undefined;
    throw error;
  }
}

/**
 * What to throw for `error`, met following `file`: DanglingLinkError when it is ENOENT and `file`
 * is a link to nothing, else `error` itself. Every reader goes through it, so each names such a
 * link the same way.
 */
function namingDanglingLink(error: unknown, file: string): unknown {
  if (errnoCode(error) !== 'ENOENT') return error;
  try {
    // Rare (nothing there): one more look tells a link to nothing (it throws) from nothing.
    statFollowingSync(file);
  } catch (dangling) {
    return dangling;
  }
  return error;
}

/** `stat`, with a link to nothing as DanglingLinkError instead of a bare ENOENT. */
async function statFollowing(file: string): Promise<Stats> {
  try {
    return await stat(file);
  } catch (error) {
    throw namingDanglingLink(error, file);
  }
}

// Windows has no O_NONBLOCK (and no FIFOs in the file system): the type checks still apply.
const READ_NON_BLOCKING = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0);

/** The UTF-8 text of `file`, which must be a regular file (symbolic links followed). */
export async function readRegularFile(file: string): Promise<string> {
  const before = notRegularKind(await statFollowing(file));
  if (before !== undefined) throw new NotRegularFileError(before);
  const handle = await open(file, READ_NON_BLOCKING);
  try {
    const now = notRegularKind(await handle.stat());
    if (now !== undefined) throw new NotRegularFileError(now);
    return await handle.readFile('utf8');
  } finally {
    await handle.close();
  }
}

/** The bytes of `file`, opened as `readRegularFile` opens it, for callers that cannot wait. */
export function readRegularFileSync(file: string): Buffer {
  let fd: number;
  try {
    fd = openSync(file, READ_NON_BLOCKING);
  } catch (error) {
    throw namingDanglingLink(error, file);
  }
  try {
    const kind = notRegularKind(fstatSync(fd));
    if (kind !== undefined) throw new NotRegularFileError(kind);
    return readFileSync(fd);
  } finally {
    closeSync(fd);
  }
}
