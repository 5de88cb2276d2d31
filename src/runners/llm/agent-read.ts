import type { Stats } from 'node:fs';
import { constants } from 'node:fs';
import { type FileHandle, open } from 'node:fs/promises';

/** Lines one Read shows at most (Claude Code's Read default, claude-code-hooks.md §4.6 tools). */
export const READ_MAX_LINES = 2000;
/** Bytes of file text one Read shows at most (32 KiB); the model reads on with `offset`. */
export const READ_MAX_BYTES = 32 * 1024;
/** Bytes one Read scans at most to reach its `offset` (256 MiB): a huge file costs no more. */
export const READ_MAX_SCAN_BYTES = 256 * 1024 * 1024;
/** Each read is one await: the hook's deadline is checked between chunks. */
const READ_CHUNK_BYTES = 64 * 1024;
const NEWLINE = 0x0a;

export type ReadEnd =
  | { kind: 'lines'; lines: string[]; note?: string; lineCount?: number }
  | { kind: 'not-a-file'; what: string }
  | { kind: 'aborted' };

/**
 * Reads lines `from`..`from + count - 1` (1-based) of the regular file at `path`, asynchronously and
 * in chunks, so neither a huge file nor the deadline is a problem. The file is opened
 * non-blocking and checked with fstat before any read: a named pipe would block for good and
 * `/dev/zero` never ends, so neither is read.
 */
export async function readLines(
  path: string,
  from: number,
  count: number,
  signal: AbortSignal,
): Promise<ReadEnd> {
  const handle = await open(path, constants.O_RDONLY | constants.O_NONBLOCK);
  try {
    const info = await handle.stat();
    if (!info.isFile()) return { kind: 'not-a-file', what: kindOf(info) };
    return await scan(handle, new LineWindow(from, count), signal);
  } finally {
    await handle.close();
  }
}

function kindOf(info: Stats): string {
  if (info.isDirectory()) return 'a directory';
  if (info.isFIFO()) return 'a named pipe (FIFO)';
  if (info.isCharacterDevice() || info.isBlockDevice()) return 'a device';
  if (info.isSocket()) return 'a socket';
  return 'not a regular file';
}

async function scan(handle: FileHandle, window: LineWindow, signal: AbortSignal): Promise<ReadEnd> {
  const chunk = Buffer.alloc(READ_CHUNK_BYTES);
  for (let position = 0; ; ) {
    if (signal.aborted) return { kind: 'aborted' };
    if (position >= READ_MAX_SCAN_BYTES)
      return window.end(`stopped after scanning ${READ_MAX_SCAN_BYTES} bytes`);
    const { bytesRead } = await handle.read(chunk, 0, chunk.length, position);
    if (bytesRead === 0) return window.end();
    position += bytesRead;
    const full = window.take(chunk.subarray(0, bytesRead));
    if (full) return full;
  }
}

/** The lines a Read shows, filled chunk by chunk; it says when it is full. */
class LineWindow {
  readonly #from: number;
  readonly #last: number;
  #line = 1;
  #shownBytes = 0;
  #current: Buffer[] = [];
  readonly #lines: string[] = [];

  constructor(from: number, count: number) {
    this.#from = from;
    this.#last = from + count - 1;
  }

  /** Takes one chunk; returns the result once the window is full. */
  take(bytes: Buffer): ReadEnd | undefined {
    for (let i = 0; i < bytes.length; ) {
      const newline = bytes.indexOf(NEWLINE, i);
      const end = newline === -1 ? bytes.length : newline;
      if (this.#line >= this.#from) {
        const full = this.#keep(bytes.subarray(i, end));
        if (full) return full;
      }
      if (newline === -1) return undefined; // the line goes on in the next chunk
      if (this.#line >= this.#from) this.#lines.push(this.#decoded());
      this.#line++;
      i = newline + 1;
      if (this.#line > this.#last) return { kind: 'lines', lines: this.#lines };
    }
    return undefined;
  }

  /** The end of the file (or of the scan): the last line, without a newline after it, is shown too. */
  end(note?: string): ReadEnd {
    if (this.#line >= this.#from) this.#lines.push(this.#decoded());
    const lineCount = this.#lines.length === 0 ? this.#line : undefined;
    return {
      kind: 'lines',
      lines: this.#lines,
      ...(note ? { note } : {}),
      ...(lineCount ? { lineCount } : {}),
    };
  }

  #keep(part: Buffer): ReadEnd | undefined {
    const room = READ_MAX_BYTES - this.#shownBytes;
    if (part.length <= room) {
      this.#current.push(Buffer.from(part));
      this.#shownBytes += part.length;
      return undefined;
    }
    const line = this.#line;
    if (room === 0 && this.#current.length === 0) {
      return this.#full(`truncated at ${READ_MAX_BYTES} bytes; read on with offset=${line}`);
    }
    this.#current.push(Buffer.from(part.subarray(0, room)));
    this.#lines.push(this.#decoded());
    return this.#full(
      `truncated at ${READ_MAX_BYTES} bytes, inside line ${line} (the rest of it is not shown); read on with offset=${line + 1}`,
    );
  }

  #full(note: string): ReadEnd {
    return { kind: 'lines', lines: this.#lines, note };
  }

  #decoded(): string {
    const text = Buffer.concat(this.#current).toString('utf8');
    this.#current = [];
    return text;
  }
}
