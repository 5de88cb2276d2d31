import { type Kysely, sql } from 'kysely';
import type { SessionStateStore } from '../../index.ts';
import type { AuditDatabase } from './schema.ts';

// What several servers on one database must agree on: tokens, configuration versions and
// per-session counters. Each operation is one statement, so concurrent servers cannot
// interleave inside it.

export interface TokenRow {
  hash: string;
  team: string;
  label: string | null;
  created_ms: number;
  revoked_ms: number | null;
}

export async function addToken(
  db: Kysely<AuditDatabase>,
  token: { hash: string; team: string; label?: string },
): Promise<void> {
  await db
    .insertInto('tokens')
    .values({
      hash: token.hash,
      team: token.team,
      label: token.label ?? null,
      created_ms: Date.now(),
      revoked_ms: null,
    })
    .execute();
}

/** Marks tokens revoked (kept for the record); returns how many matched. */
export async function revokeTokens(
  db: Kysely<AuditDatabase>,
  match: { hash?: string; team?: string; label?: string },
): Promise<number> {
  let query = db.updateTable('tokens').set({ revoked_ms: Date.now() }).where('revoked_ms', 'is', null);
  if (match.hash) query = query.where('hash', '=', match.hash);
  if (match.team) query = query.where('team', '=', match.team);
  if (match.label) query = query.where('label', '=', match.label);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export function listTokens(db: Kysely<AuditDatabase>): Promise<TokenRow[]> {
  return db.selectFrom('tokens').selectAll().orderBy('team').orderBy('created_ms').execute();
}

/** The team of an unrevoked token hash, if any. */
export async function teamOfToken(db: Kysely<AuditDatabase>, hash: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('tokens')
    .select('team')
    .where('hash', '=', hash)
    .where('revoked_ms', 'is', null)
    .executeTakeFirst();
  return row?.team;
}

/** Records that this server runs `version` of a team's hooks (first and last time seen). */
export async function recordConfigVersion(
  db: Kysely<AuditDatabase>,
  entry: { team: string; version: string; serverId: string },
): Promise<void> {
  const now = Date.now();
  await db
    .insertInto('config_versions')
    .values({
      team: entry.team,
      version: entry.version,
      server_id: entry.serverId,
      first_seen_ms: now,
      last_seen_ms: now,
    })
    .onConflict((oc) => oc.columns(['team', 'version', 'server_id']).doUpdateSet({ last_seen_ms: now }))
    .execute();
}

export function listConfigVersions(db: Kysely<AuditDatabase>) {
  return db.selectFrom('config_versions').selectAll().orderBy('last_seen_ms', 'desc').execute();
}

/** PostgreSQL text cannot hold NUL, which engine keys use as a separator: escape it (and %). */
function storedKey(key: string): string {
  return key.replace(/%/g, '%25').replace(/\u0000/g, '%00');
}

export async function getCounter(db: Kysely<AuditDatabase>, key: string): Promise<number> {
  const row = await db
    .selectFrom('session_state')
    .select('value')
    .where('key', '=', storedKey(key))
    .executeTakeFirst();
  return row ? Number(row.value) : 0;
}

/** Adds one in a single upsert and returns the new value: two servers never both see 1. */
export async function incrementCounter(db: Kysely<AuditDatabase>, key: string): Promise<number> {
  const now = Date.now();
  const row = await db
    .insertInto('session_state')
    .values({ key: storedKey(key), value: 1, updated_ms: now })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({ value: sql<number>`session_state.value + 1`, updated_ms: now }),
    )
    .returning('value')
    .executeTakeFirstOrThrow();
  return Number(row.value);
}

export async function resetCounter(db: Kysely<AuditDatabase>, key: string): Promise<void> {
  await db.deleteFrom('session_state').where('key', '=', storedKey(key)).execute();
}

/** Session state nobody touched since `cutoffMs` (ended or abandoned sessions). */
export async function expireSessionState(db: Kysely<AuditDatabase>, cutoffMs: number): Promise<number> {
  const result = await db.deleteFrom('session_state').where('updated_ms', '<', cutoffMs).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * The engine's per-session state (Stop-block counts, `once` hooks) in the shared database, so
 * every server answering a session sees the same counts.
 */
export function databaseSessionState(db: Kysely<AuditDatabase>): SessionStateStore {
  return {
    get: (key) => getCounter(db, key),
    increment: (key) => incrementCounter(db, key),
    reset: (key) => resetCounter(db, key),
  };
}
