import { Worker } from 'node:worker_threads';

/**
 * How long one Grep may search, under the hook's own deadline. A regular expression can backtrack
 * for longer than the universe lasts (`(a+)+$` on a line of `a`s), so the search runs on a worker
 * thread that is terminated at this limit or at the deadline; on the main thread it froze the
 * whole process, timers and every other hook included.
 */
export const GREP_TIME_LIMIT_MS = 10_000;
/** Files one Grep opens at most. */
export const GREP_MAX_FILES = 5_000;
/** Bytes one Grep reads at most, over all its files (32 MiB). */
export const GREP_MAX_TOTAL_BYTES = 32 * 1024 * 1024;
/** Larger files are skipped (and counted in the answer). */
export const GREP_MAX_FILE_BYTES = 1_000_000;
export const GREP_MAX_MATCHES = 200;
/** A matching line is shown up to this many characters (a minified file is one long line). */
export const GREP_MAX_LINE_CHARS = 500;
/** Heap of the search thread: whatever a pattern does, it cannot take the engine's memory. */
const GREP_WORKER_MAX_HEAP_MB = 256;

export interface GrepFile {
  path: string;
  /** How the file is shown to the model. */
  shown: string;
}

export interface GrepResult {
  matches: string[];
  /** Files not searched, by reason (`over 1000000 bytes`, `binary`, …): said to the model. */
  skipped: Record<string, number>;
  /** The limit that ended the search early, if one did. */
  stopped?: string;
}

export type GrepEnd =
  | { kind: 'done'; result: GrepResult }
  | { kind: 'time-limit' }
  | { kind: 'aborted' }
  | { kind: 'failed'; message: string };

/**
 * The search thread: plain JavaScript evaluated as a string, not a module file, so it runs the same
 * under the built package, tsx and Vitest (as src/server/audit/sqlite-worker.ts does). Files are
 * opened non-blocking and checked with fstat, so a path swapped for a named pipe after the listing
 * is skipped instead of blocking the thread for good (a blocked system call cannot be terminated).
 */
const WORKER_SOURCE = `
const { parentPort, workerData: w } = require('node:worker_threads');
const fs = require('node:fs');
const re = new RegExp(w.source);
const matches = [];
const skipped = {};
let stopped;
let bytes = 0;
// The file's text, or why it is not searched ({ skip } or { stop }).
function readText(path) {
  let fd;
  try {
    fd = fs.openSync(path, fs.constants.O_RDONLY | fs.constants.O_NONBLOCK);
    const info = fs.fstatSync(fd);
    if (!info.isFile()) return { skip: 'not a regular file' };
    if (info.size > w.maxFileBytes) return { skip: 'over ' + w.maxFileBytes + ' bytes' };
    if (bytes + info.size > w.maxTotalBytes) return { stop: 'stopped after ' + w.maxTotalBytes + ' bytes read' };
    const buffer = Buffer.alloc(info.size);
    const length = info.size ? fs.readSync(fd, buffer, 0, info.size, 0) : 0;
    bytes += length;
    const text = buffer.toString('utf8', 0, length);
    return text.includes('\\u0000') ? { skip: 'binary' } : { text };
  } catch {
    return { skip: 'unreadable' };
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}
for (let n = 0; n < w.files.length && !stopped; n++) {
  if (n === w.maxFiles) { stopped = 'stopped after ' + w.maxFiles + ' files'; break; }
  const file = w.files[n];
  const got = readText(file.path);
  if (got.skip) skipped[got.skip] = (skipped[got.skip] || 0) + 1;
  if (got.stop) stopped = got.stop;
  if (got.text === undefined) continue;
  const lines = got.text.split('\\n');
  for (let i = 0; i < lines.length && !stopped; i++) {
    if (!re.test(lines[i])) continue;
    if (matches.length === w.maxMatches) stopped = 'stopped at ' + w.maxMatches + ' matches';
    else matches.push(file.shown + ':' + (i + 1) + ':' + lines[i].slice(0, w.maxLineChars));
  }
}
parentPort.postMessage({ matches, skipped, stopped });
`;

/**
 * Searches `files` for the JavaScript regular expression `source` (already known to compile) on a
 * worker thread, ended at GREP_TIME_LIMIT_MS or when `signal` aborts, whichever comes first.
 */
export function searchFiles(source: string, files: GrepFile[], signal: AbortSignal): Promise<GrepEnd> {
  if (signal.aborted) return Promise.resolve({ kind: 'aborted' });
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    // Not the parent's flags: a loader such as tsx's would start in the thread too.
    execArgv: [],
    resourceLimits: { maxOldGenerationSizeMb: GREP_WORKER_MAX_HEAP_MB },
    workerData: {
      source,
      files,
      maxMatches: GREP_MAX_MATCHES,
      maxFiles: GREP_MAX_FILES,
      maxFileBytes: GREP_MAX_FILE_BYTES,
      maxTotalBytes: GREP_MAX_TOTAL_BYTES,
      maxLineChars: GREP_MAX_LINE_CHARS,
    },
  });
  return new Promise<GrepEnd>((resolve) => {
    let settled = false;
    const finish = (end: GrepEnd): void => {
      if (settled) return;
      settled = true;
      clearTimeout(limit);
      signal.removeEventListener('abort', onAbort);
      // Terminating stops a running regular expression at once; the result is already settled.
      void worker.terminate();
      resolve(end);
    };
    const onAbort = (): void => finish({ kind: 'aborted' });
    const limit = setTimeout(() => finish({ kind: 'time-limit' }), GREP_TIME_LIMIT_MS);
    signal.addEventListener('abort', onAbort, { once: true });
    worker.once('message', (result: GrepResult) => finish({ kind: 'done', result }));
    worker.once('error', (error) => finish({ kind: 'failed', message: error.message }));
    worker.once('exit', (code) =>
      finish({ kind: 'failed', message: `the search thread exited with code ${code}` }),
    );
  });
}
