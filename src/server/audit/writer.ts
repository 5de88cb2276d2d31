import { appendFileSync } from 'node:fs';
import type { DispatchRow } from './schema.ts';

/** Rows per database transaction: large enough to amortise a commit, small enough to stay short. */
export const BATCH_ROWS = 500;
/**
 * How long a row may wait for more rows before its batch is written. Each SQLite commit costs
 * about a millisecond of CPU, so a tenth of a second between commits keeps that cost small at
 * fleet rates, while the inspector's search still sees a dispatch almost at once.
 */
export const FLUSH_INTERVAL_MS = 100;
/** Queued rows above which the server answers new requests "overloaded" instead of running hooks. */
export const QUEUE_MAX_ROWS = 50_000;
/** First and longest pause between attempts while the database refuses writes. */
const RETRY_MIN_MS = 100;
const RETRY_MAX_MS = 5_000;
/** After this many failures in a row, a batch is written row by row to find a row the database refuses. */
const ISOLATE_AFTER_FAILURES = 3;

export interface AuditWriterOptions {
  /** Writes one batch in one transaction; throws when nothing of it was written. */
  write: (rows: DispatchRow[]) => Promise<void>;
  /** Told about each failed batch (the rows stay queued). */
  onWriteError?: (error: unknown, rows: number) => void;
  /**
   * Where rows go that the database will not take: refused one by one while their neighbours
   * were written (a poison row), or still queued when `drain` hits its deadline.
   */
  spillFile: string;
  /** Told about rows moved to the spill file while running. */
  onSpill?: (rows: number, error: unknown) => void;
  /** Overrides for tests. */
  flushIntervalMs?: number;
  queueMaxRows?: number;
}

export interface DrainResult {
  /** Rows that could not be written before the deadline and went to `spillFile`. */
  spilled: number;
  spillFile?: string;
}

/**
 * Batches audit rows off the request path: `add` only queues; a timer or a full batch writes
 * them in one transaction. A failed batch stays at the head of the queue and is retried with
 * back-off, so nothing is dropped while the process lives; `drain` (SIGTERM) writes everything
 * that is left, and what the database still refuses at the deadline goes to a spill file.
 */
export class AuditWriter {
  readonly #options: AuditWriterOptions;
  #queue: DispatchRow[] = [];
  #timer: NodeJS.Timeout | undefined;
  #flushing: Promise<void> | undefined;
  #retryMs = 0;
  #failuresInRow = 0;
  #draining = false;
  /** Rows moved to the spill file while running (poison rows). */
  spilled = 0;
  written = 0;
  failedBatches = 0;

  constructor(options: AuditWriterOptions) {
    this.#options = options;
  }

  get pending(): number {
    return this.#queue.length;
  }

  /** Whether the backlog is so large that new work should be refused. */
  get full(): boolean {
    return this.#queue.length >= (this.#options.queueMaxRows ?? QUEUE_MAX_ROWS);
  }

  add(row: DispatchRow): void {
    this.#queue.push(row);
    if (this.#flushing) return;
    if (this.#queue.length >= BATCH_ROWS) this.#flushSoon(0);
    else this.#flushSoon(this.#options.flushIntervalMs ?? FLUSH_INTERVAL_MS);
  }

  /** Writes every queued row, retrying until `deadline` (ms since the epoch); then spills the rest. */
  async drain(deadline: number): Promise<DrainResult> {
    this.#draining = true;
    clearTimeout(this.#timer);
    this.#timer = undefined;
    // A batch the database never answers (a stalled connection) must not hold the drain past its
    // deadline: its rows are still queued, so they are spilled (the import skips ids it has).
    const inFlight = this.#flushing?.then(() => true);
    if (inFlight && (await beforeDeadline(inFlight, deadline)) === undefined) return this.#spillAll();
    while (this.#queue.length > 0) {
      const written = await beforeDeadline(this.#flushOnce(), deadline);
      if (written === undefined) break;
      if (written) continue;
      if (Date.now() + this.#retryMs >= deadline) break;
      await new Promise((resolve) => setTimeout(resolve, this.#retryMs));
    }
    return this.#spillAll();
  }

  #spillAll(): DrainResult {
    if (this.#queue.length === 0) return { spilled: 0 };
    const rows = this.#queue.splice(0);
    this.#spill(rows);
    return { spilled: rows.length, spillFile: this.#options.spillFile };
  }

  #flushSoon(delayMs: number): void {
    // While draining, the drain loop is the only writer (no batch may be written twice).
    if (this.#draining) return;
    if (this.#timer) {
      if (delayMs > 0) return;
      clearTimeout(this.#timer);
    }
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      this.#flushing = this.#flushOnce().then(() => {
        this.#flushing = undefined;
        if (this.#queue.length > 0)
          this.#flushSoon(this.#retryMs || (this.#queue.length >= BATCH_ROWS ? 0 : 1));
      });
    }, delayMs);
    this.#timer.unref();
  }

  /** Writes the head of the queue; true when it was written. Never throws. */
  async #flushOnce(): Promise<boolean> {
    const rows = this.#queue.slice(0, BATCH_ROWS);
    if (rows.length === 0) return true;
    try {
      await this.#options.write(rows);
      // Spilled meanwhile by a drain that gave up on this batch: those rows are not queued now.
      if (this.#queue[0] !== rows[0]) return true;
      this.#written(rows.length);
      return true;
    } catch (error) {
      this.failedBatches += 1;
      this.#failuresInRow += 1;
      this.#options.onWriteError?.(error, rows.length);
      if (this.#failuresInRow >= ISOLATE_AFTER_FAILURES && rows.length > 1 && (await this.#isolate(rows)))
        return true;
      this.#retryMs = Math.min(RETRY_MAX_MS, Math.max(RETRY_MIN_MS, this.#retryMs * 2));
      return false;
    }
  }

  /**
   * Writes `rows` one by one. If some are written and others refused, the refused ones are bad
   * data, not a database outage: they go to the spill file so they cannot block the queue.
   * Returns false when nothing could be written (the database is down: keep retrying).
   */
  async #isolate(rows: DispatchRow[]): Promise<boolean> {
    const refused: DispatchRow[] = [];
    let written = 0;
    let lastError: unknown;
    for (const row of rows) {
      try {
        await this.#options.write([row]);
        written += 1;
      } catch (error) {
        refused.push(row);
        lastError = error;
      }
    }
    if (written === 0) return false;
    this.#queue.splice(0, rows.length);
    this.#written(written, false);
    if (refused.length > 0) {
      this.#spill(refused);
      this.spilled += refused.length;
      this.#options.onSpill?.(refused.length, lastError);
    }
    return true;
  }

  #written(count: number, remove = true): void {
    if (remove) this.#queue.splice(0, count);
    this.written += count;
    this.#retryMs = 0;
    this.#failuresInRow = 0;
  }

  #spill(rows: DispatchRow[]): void {
    appendFileSync(this.#options.spillFile, rows.map((row) => `${JSON.stringify(row)}\n`).join(''), {
      mode: 0o600,
    });
  }
}

/** What `promise` resolves to before `deadline` (ms since the epoch), else undefined. */
async function beforeDeadline<T>(promise: Promise<T>, deadline: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), Math.max(0, deadline - Date.now()));
  });
  const settled = await Promise.race([promise, late]);
  clearTimeout(timer);
  return settled;
}
