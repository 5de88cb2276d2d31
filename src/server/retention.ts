import type { Kysely } from 'kysely';
import { deleteOlderThan } from './audit/queries.ts';
import type { AuditDatabase } from './audit/schema.ts';
import { expireSessionState } from './audit/shared-state.ts';

/** How often old audit rows and stale session state are removed. */
const RETENTION_INTERVAL_MS = 60 * 60 * 1000;
/** Session counters nobody touched for this long belong to ended or abandoned sessions. */
export const SESSION_STATE_TTL_MS = 7 * 24 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Applies retention now and then every hour; returns the stopper. */
export function startRetention(
  db: Kysely<AuditDatabase>,
  retentionDays: () => number,
  log: (line: string) => void,
): () => void {
  const run = async () => {
    try {
      const now = Date.now();
      const removed = await deleteOlderThan(db, now - retentionDays() * DAY_MS);
      await expireSessionState(db, now - SESSION_STATE_TTL_MS);
      if (removed > 0) log(`retention: removed ${removed} audit records older than ${retentionDays()} days`);
    } catch (error) {
      log(`SERVER_RETENTION_FAILED: retention failed: ${(error as Error).message}; tried again in an hour`);
    }
  };
  void run();
  const timer = setInterval(run, RETENTION_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
