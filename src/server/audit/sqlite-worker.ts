import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { DispatchRow } from './schema.ts';

/** Every column of `audit_dispatches`, in insert order (the type check below keeps it complete). */
const DISPATCH_COLUMNS = [
  'id',
  'time_ms',
  'team',
  'host',
  'session_id',
  'machine',
  'event',
  'tool',
  'input_digest',
  'input',
  'status',
  'decision',
  'reason',
  'duration_ms',
  'hooks',
  'texts',
  'config_version',
  'server_id',
] as const satisfies readonly (keyof DispatchRow)[];
type Missing = Exclude<keyof DispatchRow, (typeof DISPATCH_COLUMNS)[number]>;
const complete: [Missing] extends [never] ? true : Missing = true;
void complete;

/** How long the worker's connection waits for another connection's write lock. */
const WORKER_BUSY_TIMEOUT_MS = 5_000;

/**
 * The worker's code. It is plain JavaScript evaluated as a string, not a module file, so it runs
 * the same under the built package, tsx and Vitest (a `.ts` worker file would need a loader).
 * One connection, one prepared INSERT, one transaction per batch; it answers each batch with
 * `{ seq }` or `{ seq, error }`.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.path);
db.pragma('busy_timeout = ' + workerData.busyTimeoutMs);
db.pragma('synchronous = NORMAL');
const insert = db.prepare(workerData.sql);
const insertAll = db.transaction((rows) => { for (const row of rows) insert.run(row); });
parentPort.on('message', ({ seq, rows }) => {
  try {
    insertAll(rows);
    parentPort.postMessage({ seq });
  } catch (error) {
    parentPort.postMessage({ seq, error: String(error && error.message || error) });
  }
});
`;

interface Pending {
  resolve: () => void;
  reject: (error: Error) => void;
}

/**
 * Writes audit batches to a SQLite file on a worker thread. better-sqlite3 is synchronous, so a
 * batch committed on the main thread stalled every request for its whole duration (the p99 of
 * `bench:serve`); on the worker, the request path only pays for copying the rows across. The
 * main thread keeps its own connection for reads and session state (WAL lets both work).
 */
export class SqliteWorkerWriter {
  readonly #path: string;
  #worker: Worker | undefined;
  #pending = new Map<number, Pending>();
  #seq = 0;

  constructor(path: string) {
    this.#path = path;
  }

  /** Inserts `rows` in one transaction; rejects when the worker refused them or died. */
  write(rows: DispatchRow[]): Promise<void> {
    const worker = this.#started();
    const seq = ++this.#seq;
    return new Promise<void>((resolve, reject) => {
      this.#pending.set(seq, { resolve, reject });
      if (this.#pending.size === 1) worker.ref();
      worker.postMessage({ seq, rows });
    });
  }

  /** Stops the worker once nothing is in flight (the writer drains before this). */
  async close(): Promise<void> {
    const worker = this.#worker;
    this.#worker = undefined;
    if (worker) await worker.terminate();
  }

  #started(): Worker {
    if (this.#worker) return this.#worker;
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      // Not the parent's flags: a loader such as tsx's (bench, development) would start in the
      // worker too, which needs nothing but better-sqlite3.
      execArgv: [],
      workerData: {
        driver: createRequire(import.meta.url).resolve('better-sqlite3'),
        path: this.#path,
        busyTimeoutMs: WORKER_BUSY_TIMEOUT_MS,
        sql: `INSERT INTO audit_dispatches (${DISPATCH_COLUMNS.join(', ')}) VALUES (${DISPATCH_COLUMNS.map((c) => `@${c}`).join(', ')})`,
      },
    });
    // Idle, the worker does not keep the process alive; with a batch in flight, it does.
    worker.unref();
    worker.on('message', ({ seq, error }: { seq: number; error?: string }) => {
      const entry = this.#pending.get(seq);
      this.#pending.delete(seq);
      if (this.#pending.size === 0) worker.unref();
      if (error === undefined) entry?.resolve();
      else entry?.reject(new Error(error));
    });
    // The batches in flight stay queued in the AuditWriter, which retries them on a new worker.
    const fail = (error: Error) => {
      if (this.#worker === worker) this.#worker = undefined;
      for (const entry of this.#pending.values()) entry.reject(error);
      this.#pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`the SQLite audit worker exited with code ${code}`)));
    this.#worker = worker;
    return worker;
  }
}
