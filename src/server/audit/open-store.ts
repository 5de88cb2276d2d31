import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { Kysely } from 'kysely';
import { loadOptional } from '../optional-deps.ts';
import { migrationProvider } from './migrations.ts';
import type { AuditDatabase } from './schema.ts';

export type StoreKind = 'sqlite' | 'postgres';

/** An open audit database: one Kysely instance over SQLite or PostgreSQL, migrated. */
export interface AuditStore {
  readonly kind: StoreKind;
  /** Where it is, for messages (a file path, or the URL without its password). */
  readonly location: string;
  readonly db: Kysely<AuditDatabase>;
  close(): Promise<void>;
}

/** How long SQLite waits for another connection's write lock (the `audit` command reading). */
const SQLITE_BUSY_TIMEOUT_MS = 5_000;
/** Connections per server process; the audit writer and session state need few. */
const PG_POOL_SIZE = 10;
/** PostgreSQL type id of int8/bigint, which `pg` returns as a string unless told otherwise. */
const PG_INT8_OID = 20;
/**
 * A database that stops answering (a black-holed host, a dead failover) must not hold a token
 * lookup or an audit batch until the operating system gives up, which takes minutes to hours.
 * Making a connection, or waiting for a free one, fails after this.
 */
const PG_CONNECT_TIMEOUT_MS = 5_000;
/** TCP keep-alive probes start after this much silence, so a dead peer is noticed on idle connections. */
const PG_KEEPALIVE_DELAY_MS = 10_000;
/**
 * The server cancels a statement running longer than this (a lock wait, an overloaded database)
 * and answers an error, which keeps the connection usable. An audit batch takes milliseconds.
 */
const PG_STATEMENT_TIMEOUT_MS = 8_000;
/**
 * The client gives up on an answer after this (the server is not answering at all, so its
 * statement_timeout cannot): a little longer than PG_STATEMENT_TIMEOUT_MS, so a database that
 * still answers says why itself.
 */
const PG_QUERY_TIMEOUT_MS = 10_000;

export function storeKindOf(database: string): StoreKind {
  return /^postgres(ql)?:\/\//i.test(database) ? 'postgres' : 'sqlite';
}

/** The URL without a password, or the resolved file path. */
export function describeDatabase(database: string): string {
  if (storeKindOf(database) === 'sqlite') return sqlitePath(database);
  try {
    const url = new URL(database);
    if (url.password) url.password = '***';
    return url.toString();
  } catch {
    return 'postgres://…';
  }
}

function sqlitePath(database: string): string {
  const path = database.replace(/^sqlite:/i, '');
  return path === ':memory:' ? path : resolve(path);
}

/**
 * Opens (and creates or migrates) the audit database. `database` is a `postgres://` URL or a
 * SQLite file path (`sqlite:` prefix optional; `:memory:` for tests).
 */
export async function openAuditStore(database: string): Promise<AuditStore> {
  const kysely = await loadOptional('kysely', () => import('kysely'), 'The audit database');
  const kind = storeKindOf(database);
  const dialect =
    kind === 'postgres' ? await postgresDialect(kysely, database) : await sqliteDialect(kysely, database);
  const db = new kysely.Kysely<AuditDatabase>({ dialect });
  const migrator = new kysely.Migrator({ db, provider: migrationProvider });
  const { error } = await migrator.migrateToLatest();
  if (error) {
    await db.destroy();
    throw error;
  }
  return { kind, location: describeDatabase(database), db, close: () => db.destroy() };
}

async function sqliteDialect(kysely: typeof import('kysely'), database: string) {
  const { default: Database } = await loadOptional(
    'better-sqlite3',
    () => import('better-sqlite3'),
    'The SQLite audit database',
  );
  const path = sqlitePath(database);
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const sqlite = new Database(path);
  sqlite.pragma(`busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
  // WAL lets `agent-hooks audit` read while the server writes. synchronous=NORMAL keeps every
  // committed batch through a crash of the process (not of the machine) at a fraction of FULL's cost.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  return new kysely.SqliteDialect({ database: sqlite });
}

async function postgresDialect(kysely: typeof import('kysely'), database: string) {
  const pg = await loadOptional('pg', () => import('pg'), 'The PostgreSQL audit database');
  const parsers = pg.default.types;
  const pool = new pg.default.Pool({
    connectionString: database,
    max: PG_POOL_SIZE,
    connectionTimeoutMillis: PG_CONNECT_TIMEOUT_MS,
    keepAlive: true,
    keepAliveInitialDelayMillis: PG_KEEPALIVE_DELAY_MS,
    statement_timeout: PG_STATEMENT_TIMEOUT_MS,
    query_timeout: PG_QUERY_TIMEOUT_MS,
    // Per pool, not global: bigint columns (times, counters) come back as numbers.
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === PG_INT8_OID ? Number : parsers.getTypeParser(oid, format)) as typeof parsers.getTypeParser,
    },
  });
  // A dropped idle connection is replaced on next use; failing queries report their own errors.
  // Without a listener, the pool's 'error' event would end the process.
  pool.on('error', () => undefined);
  // The pool listens for errors only on idle clients. A connection that drops while a client is
  // checked out (a query waiting on it: a failover, a restart) makes that client emit 'error'
  // with no listener, an uncaught exception that ended the server. The waiting query is
  // rejected with the same error, and its caller reports it (SERVER_TOKEN_LOOKUP_FAILED,
  // SERVER_AUDIT_WRITE_FAILED, a dispatch's 500); the pool discards the broken client on release.
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
    endOnReadTimeout(client);
  });
  return new kysely.PostgresDialect({ pool });
}

/** The message `pg` rejects a query with after `query_timeout`. */
const PG_READ_TIMEOUT_MESSAGE = 'Query read timeout';

/**
 * After a read timeout the query is still on the connection, unanswered: `pg` keeps the client,
 * and the pool reuses the most recently released one first, so every later query (the audit
 * writer's retries) would queue behind it and time out too, even once the database is back.
 * Ending the client makes the pool discard it and connect afresh.
 */
function endOnReadTimeout(client: import('pg').PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((...args: unknown[]) => {
    const result = query(...args);
    if (result instanceof Promise)
      result.catch((error: unknown) => {
        if ((error as Error)?.message === PG_READ_TIMEOUT_MESSAGE) void client.end().catch(() => undefined);
      });
    return result;
  }) as typeof client.query;
}
