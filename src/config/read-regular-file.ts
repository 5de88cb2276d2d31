// Reading a hook configuration file without ever blocking on it. Anyone who can write to the
// repository (a model, a tool) can put a named pipe, a socket or a device where a hook file is
// looked for; `readFile` on a FIFO waits for a writer forever, and the host then times the hook
// out and lets the call go ahead. Only a regular file is read: its type is checked before it is
// opened, and again on the opened descriptor (a file swapped for a FIFO in between), which is
// opened non-blocking so that the open itself cannot wait either.
import { closeSync, constants, fstatSync, openSync, readFileSync, type Stats } from 'node:fs';
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

// Windows has no O_NONBLOCK (and no FIFOs in the file system): the type checks still apply.
const READ_NON_BLOCKING = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0);

/** The UTF-8 text of `file`, which must be a regular file (symbolic links followed). */
export async function readRegularFile(file: string): Promise<string> {
  const before = notRegularKind(await stat(file));
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
  const fd = openSync(file, READ_NON_BLOCKING);
  try {
    const kind = notRegularKind(fstatSync(fd));
    if (kind !== undefined) throw new NotRegularFileError(kind);
    return readFileSync(fd);
  } finally {
    closeSync(fd);
  }
}
