import {
  close,
  closeSync,
  mkdtempSync,
  open as openFd,
  openSync,
  rmSync,
  unlink,
  unlinkSync,
  write,
  writeSync,
} from 'node:fs';
import { open, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Inputs up to this size are written with synchronous calls (see openStdinFile). */
export const SYNC_STDIN_MAX_BYTES = 256 * 1024;

let directory: string | undefined;
let counter = 0;

/** One private (0700) directory per host process for stdin and env files, removed on exit. */
function hookTempDir(): string {
  if (directory === undefined) {
    directory = mkdtempSync(join(tmpdir(), 'agent-hooks-'));
    process.once('exit', removeHookTempDir);
  }
  return directory;
}

/** Removes the temp directory; also called before the host dies of a signal (no `exit` event then). */
export function removeHookTempDir(): void {
  if (directory === undefined) return;
  rmSync(directory, { recursive: true, force: true });
  directory = undefined;
  process.off('exit', removeHookTempDir);
}

function nextPath(prefix: string): string {
  counter += 1;
  return join(hookTempDir(), `${prefix}-${process.pid}-${counter}`);
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
  const path = nextPath('stdin');
  // Small inputs (nearly every event) use synchronous calls: three syscalls into the page cache
  // take microseconds, while three thread-pool round trips cost far more on a loaded machine.
  if (input.length <= SYNC_STDIN_MAX_BYTES) return writeStdinSync(path, input);
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

function writeStdinSync(path: string, input: Buffer): number {
  const fd = openSync(path, 'wx+', 0o600);
  try {
    unlinkSync(path);
    let written = 0;
    while (written < input.length) written += writeSync(fd, input, written, input.length - written, written);
  } catch (error) {
    closeSync(fd);
    throw error;
  }
  return fd;
}

export function closeQuietly(fd: number): void {
  close(fd, () => {});
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

/** Creates an empty file for `CLAUDE_ENV_FILE`; the hook appends `export` lines to it. */
export async function createEnvFile(): Promise<string> {
  const path = nextPath('env');
  const handle = await open(path, 'wx', 0o600);
  await handle.close();
  return path;
}

/** Reads and deletes an env file; a hook that removed it simply exported nothing. */
export async function consumeEnvFile(path: string): Promise<string> {
  try {
    return await readFile(path, 'utf8');
  } catch {
    return '';
  } finally {
    await rm(path, { force: true });
  }
}
