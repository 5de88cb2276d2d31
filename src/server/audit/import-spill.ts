import { readFileSync } from 'node:fs';
import type { Kysely } from 'kysely';
import type { AuditDatabase, DispatchRow } from './schema.ts';

const IMPORT_CHUNK_ROWS = 500;

/** Imports the JSON lines of a spill file; rows already in the database (same id) are skipped. */
export async function importSpillFile(
  db: Kysely<AuditDatabase>,
  file: string,
): Promise<{ imported: number; skipped: number }> {
  const rows = readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line, index) => {
      try {
        return JSON.parse(line) as DispatchRow;
      } catch (error) {
        throw new Error(`${file}:${index + 1}: not a JSON line: ${(error as Error).message}`);
      }
    });
  let imported = 0;
  for (let start = 0; start < rows.length; start += IMPORT_CHUNK_ROWS) {
    const result = await db
      .insertInto('audit_dispatches')
      .values(rows.slice(start, start + IMPORT_CHUNK_ROWS))
      .onConflict((oc) => oc.column('id').doNothing())
      .executeTakeFirst();
    imported += Number(result.numInsertedOrUpdatedRows ?? 0);
  }
  return { imported, skipped: rows.length - imported };
}
