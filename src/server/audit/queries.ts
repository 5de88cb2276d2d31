import { type Kysely, sql } from 'kysely';
import type { AuditDatabase, DispatchRow } from './schema.ts';

/** Rows per INSERT: 18 columns × 500 stays under SQLite's 32,766 and PostgreSQL's 65,535 parameters. */
const INSERT_CHUNK_ROWS = 500;
export const SEARCH_DEFAULT_LIMIT = 100;
export const SEARCH_MAX_LIMIT = 100_000;

/** Filters of `agent-hooks audit`, the inspector's search and `/api/audit`. */
export interface AuditFilters {
  /** Milliseconds since the epoch, inclusive. */
  since?: number;
  /** Milliseconds since the epoch, exclusive. */
  until?: number;
  team?: string;
  host?: string;
  session?: string;
  /** A decision, or `none` for dispatches where no hook decided. */
  decision?: string;
  tool?: string;
  event?: string;
  status?: string;
  /** Free text, case-insensitive, in the reason, the texts, the tool and the hook labels. */
  text?: string;
  limit?: number;
  /** Oldest first (the session timeline) instead of newest first. */
  ascending?: boolean;
}

/** Writes one batch in one transaction, so a batch is either stored whole or not at all. */
export async function insertDispatches(db: Kysely<AuditDatabase>, rows: DispatchRow[]): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (let start = 0; start < rows.length; start += INSERT_CHUNK_ROWS) {
      await trx
        .insertInto('audit_dispatches')
        .values(rows.slice(start, start + INSERT_CHUNK_ROWS))
        .execute();
    }
  });
}

function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export async function searchDispatches(
  db: Kysely<AuditDatabase>,
  filters: AuditFilters,
): Promise<DispatchRow[]> {
  const limit = Math.min(Math.max(1, filters.limit ?? SEARCH_DEFAULT_LIMIT), SEARCH_MAX_LIMIT);
  let query = db.selectFrom('audit_dispatches').selectAll();
  if (filters.since !== undefined) query = query.where('time_ms', '>=', filters.since);
  if (filters.until !== undefined) query = query.where('time_ms', '<', filters.until);
  for (const key of ['team', 'host', 'tool', 'event', 'status'] as const) {
    const value = filters[key];
    if (value !== undefined && value !== '') query = query.where(key, '=', value);
  }
  if (filters.session) query = query.where('session_id', '=', filters.session);
  if (filters.decision === 'none') query = query.where('decision', 'is', null);
  else if (filters.decision) query = query.where('decision', '=', filters.decision);
  if (filters.text) {
    const pattern = likePattern(filters.text);
    const like = (column: 'reason' | 'texts' | 'tool' | 'hooks') =>
      sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
    query = query.where((eb) => eb.or([like('reason'), like('texts'), like('tool'), like('hooks')]));
  }
  const direction = filters.ascending ? 'asc' : 'desc';
  return query.orderBy('time_ms', direction).orderBy('id', direction).limit(limit).execute();
}

export function getDispatch(db: Kysely<AuditDatabase>, id: string): Promise<DispatchRow | undefined> {
  return db.selectFrom('audit_dispatches').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function countDispatches(db: Kysely<AuditDatabase>): Promise<number> {
  const row = await db
    .selectFrom('audit_dispatches')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Retention: removes dispatches older than `cutoffMs`; returns how many. */
/**
 * Rows one retention statement deletes. PostgreSQL cancels a statement after its timeout
 * (open-store.ts), so one statement over a large backlog would fail every hour and the table grow
 * without end; batches this size finish well within it.
 */
export const RETENTION_BATCH_ROWS = 5_000;

/** Deletes the dispatches older than `cutoffMs`, at most `batchRows` per statement; returns how many. */
export async function deleteOlderThan(
  db: Kysely<AuditDatabase>,
  cutoffMs: number,
  batchRows = RETENTION_BATCH_ROWS,
): Promise<number> {
  let total = 0;
  for (;;) {
    const batch = db
      .selectFrom('audit_dispatches')
      .select('id')
      .where('time_ms', '<', cutoffMs)
      .limit(batchRows);
    const result = await db.deleteFrom('audit_dispatches').where('id', 'in', batch).executeTakeFirst();
    const deleted = Number(result.numDeletedRows);
    total += deleted;
    if (deleted < batchRows) return total;
  }
}
