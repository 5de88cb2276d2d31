import {
  closeSync,
  constants,
  mkdtempSync,
  open as openFd,
  openSync,
  statfsSync,
  unlink,
  unlinkSync,
  write,
  writeSync,
} from 'node:fs';
import { open, rm, unlink as unlinkFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { hookDirPrefix, removeFlatDirectory, sweepStaleHookDirs } from './stale-temp-dirs.ts';

/** Inputs up to this size are written with synchronous calls (see openStdinFile). */
export const SYNC_STDIN_MAX_BYTES = 256 * 1024;

let directory: string | undefined;
/** The memory-backed directory for small stdin files: undefined until needed, null when there is none. */
let memoryDirectory: string | null | undefined;
let counter = 0;
let removedOnExit = false;

/** Where the memory directory is made (Linux). */
const MEMORY_PARENT = '/dev/shm';
/** `statfs` type of tmpfs, whose files live in memory. */
const TMPFS_MAGIC = 0x01021994;

/** One private (0700) directory per host process for stdin and env files, removed on exit. */
function hookTempDir(): string {
  if (directory === undefined) {
    directory = mkdtempSync(hookDirPrefix(tmpdir()));
    removeOnExit();
  }
  return directory;
}

/**
 * Where stdin files up to SYNC_STDIN_MAX_BYTES go on Linux when the OS temp directory is on disk
 * and TMPDIR is not set: a private directory in /dev/shm (tmpfs). Creating, writing and dropping
 * the file on ext4 made a hook about 4% slower to answer than the same steps in tmpfs, measured
 * against a bare spawn (issue 16 item 4). The file is unlinked before the hook starts, so where it
 * lived is invisible to the hook; larger inputs stay on disk, so a small /dev/shm (64 MiB in a
 * Docker container) is not filled, and a full one falls back to disk.
 */
function memoryDir(): string | null {
  if (memoryDirectory !== undefined) return memoryDirectory;
  memoryDirectory = null;
  if (process.platform !== 'linux' || process.env.TMPDIR || isTmpfs(tmpdir()) || !isTmpfs(MEMORY_PARENT))
    return null;
  try {
    memoryDirectory = mkdtempSync(hookDirPrefix(MEMORY_PARENT));
    removeOnExit();
    // After this turn, off the hook's path; a host that exits first leaves it to the next one.
    setImmediate(() => sweepStaleHookDirs(MEMORY_PARENT)).unref();
  } catch {
    // Not writable here: the OS temp directory it is.
  }
  return memoryDirectory;
}

function isTmpfs(path: string): boolean {
  try {
    return statfsSync(path).type === TMPFS_MAGIC;
  } catch {
    return false;
  }
}

function removeOnExit(): void {
  if (removedOnExit) return;
  process.once('exit', removeHookTempDir);
  removedOnExit = true;
}

/** Removes the temp directories; also called before the host dies of a signal (no `exit` event then). */
export function removeHookTempDir(): void {
  for (const dir of [directory, memoryDirectory]) if (dir) removeFlatDirectory(dir);
  directory = undefined;
  memoryDirectory = undefined;
  process.off('exit', removeHookTempDir);
  removedOnExit = false;
}

function nextName(prefix: string): string {
  counter += 1;
  return `${prefix}-${process.pid}-${counter}`;
}

function nextPath(prefix: string): string {
  return join(hookTempDir(), nextName(prefix));
}

/**
 * Puts the hook's stdin into an unlinked temp file and returns a read descriptor positioned at 0.
 *
 * Why a file and not Node's `'pipe'`: on Linux that is a socket pair, which `jq . < /dev/stdin`
 * and Python's `open('/dev/stdin')` cannot open (DESIGN.md "Facts about running hook
 * processes"); Node has no API for an anonymous pipe. A file also means there is no write to
 * stall or fail: a hook that never reads a multi-megabyte input, or exits first, cannot cause
 * EPIPE or back-pressure, and the input is unlinked before the hook starts, so nothing is left
 * behind even if the host crashes. The caller closes the descriptor after spawning.
 */
export async function openStdinFile(input: Buffer): Promise<number> {
  // Small inputs (nearly every event) use synchronous calls: three syscalls into the page cache
  // take microseconds, while three thread-pool round trips cost far more on a loaded machine.
  if (input.length <= SYNC_STDIN_MAX_BYTES) {
    const memory = memoryDir();
    if (memory !== null) {
      try {
        return writeStdin(takeSpare() ?? createUnlinked(join(memory, nextName('stdin'))), input);
      } catch {
        // Full or gone: the OS temp directory next.
      }
    }
    return writeStdin(createUnlinked(nextPath('stdin')), input);
  }
  const path = nextPath('stdin');
  // Raw descriptors, not a FileHandle: a FileHandle closes its fd on garbage collection, which
  // could close an unrelated descriptor after we closed ours.
  const fd = await fsOpen(path, 'wx+', 0o600);
  try {
    await fsUnlink(path);
    // A positional write leaves the shared file offset at 0, where the hook starts reading.
    let written = 0;
    while (written < input.length) {
      written += await fsWrite(fd, input, written, input.length - written, written);
    }
  } catch (error) {
    closeQuietly(fd);
    throw error;
  }
  return fd;
}

/** Writes a small input at offset 0 of an empty unlinked file; closes it if that fails. */
function writeStdin(fd: number, input: Buffer): number {
  try {
    let written = 0;
    while (written < input.length) written += writeSync(fd, input, written, input.length - written, written);
  } catch (error) {
    closeSync(fd);
    throw error;
  }
  return fd;
}

function createUnlinked(path: string): number {
  const fd = openSync(path, 'wx+', 0o600);
  try {
    unlinkSync(path);
  } catch (error) {
    closeSync(fd);
    throw error;
  }
  return fd;
}

/** An empty stdin file in the memory directory, already unlinked, made while the last hook ran. */
let spare: number | undefined;

function takeSpare(): number | undefined {
  const fd = spare;
  spare = undefined;
  return fd;
}

/**
 * Makes the next hook's stdin file in the memory directory now; the runner calls it just after a
 * hook started, while the host only waits, so the next hook starts with one write instead of a
 * create, an unlink and a write (against a bare spawn, four runs: 1.047-1.059 -> 1.033-1.047,
 * issue 16 item 4). Only in tmpfs: on ext4 a create right after a spawn measured no better, often
 * worse. At most one file waits, unlinked and close-on-exec, so nothing is left behind and no hook
 * inherits it.
 */
export function prepareSpareStdinFile(): void {
  if (spare !== undefined) return;
  const memory = memoryDir();
  if (memory === null) return;
  try {
    spare = createUnlinked(join(memory, nextName('stdin')));
  } catch {
    // The next hook makes its own, on disk if need be.
  }
}

/**
 * Closes a descriptor, ignoring errors. Synchronously: after a spawn the hook holds the file, so
 * this drops a reference and no more (a few µs); the thread-pool round trip of `close` cost more
 * CPU than the close itself (issue 16 item 4).
 */
export function closeQuietly(fd: number): void {
  try {
    closeSync(fd);
  } catch {
    // Already closed: nothing to do.
  }
}

function fsOpen(path: string, flags: string, mode: number): Promise<number> {
  return new Promise((resolve, reject) =>
    openFd(path, flags, mode, (e, fd) => (e ? reject(e) : resolve(fd))),
  );
}

function fsUnlink(path: string): Promise<void> {
  return new Promise((resolve, reject) => unlink(path, (e) => (e ? reject(e) : resolve())));
}

function fsWrite(
  fd: number,
  data: Buffer,
  offset: number,
  length: number,
  position: number,
): Promise<number> {
  return new Promise((resolve, reject) =>
    write(fd, data, offset, length, position, (e, n) => (e ? reject(e) : resolve(n))),
  );
}

/**
 * Creates an empty file for `CLAUDE_ENV_FILE`; the hook appends `export` lines to it. In the memory
 * directory when there is one, as the stdin file is, so a SessionStart hook makes the host create
 * one private folder, not two. Asynchronous: a CLI start does other work meanwhile.
 */
export async function createEnvFile(): Promise<string> {
  const memory = memoryDir();
  if (memory !== null) {
    try {
      return await createEmpty(join(memory, nextName('env')));
    } catch {
      // Full or gone: the OS temp directory next.
    }
  }
  return createEmpty(nextPath('env'));
}

async function createEmpty(path: string): Promise<string> {
  const handle = await open(path, 'wx', 0o600);
  await handle.close();
  return path;
}

/**
 * Reads and deletes an env file; a hook that removed it simply exported nothing. Only a regular
 * file is read, opened without blocking: a hook that put a FIFO in its place would otherwise hold
 * the run on a read that never ends.
 */
export async function consumeEnvFile(path: string): Promise<string> {
  try {
    const handle = await open(path, constants.O_RDONLY | constants.O_NONBLOCK);
    try {
      return (await handle.stat()).isFile() ? await handle.readFile('utf8') : '';
    } finally {
      await handle.close();
    }
  } catch {
    return '';
  } finally {
    // unlink, not rm: rm loads Node's recursive remover (a start's worth of module loading).
    await unlinkFile(path).catch(async (error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') await rm(path, { recursive: true, force: true });
    });
  }
}
