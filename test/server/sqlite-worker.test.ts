import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openAuditStore } from '../../src/server/audit/open-store.ts';
import { searchDispatches } from '../../src/server/audit/queries.ts';
import { SqliteWorkerWriter } from '../../src/server/audit/sqlite-worker.ts';
import { AuditWriter } from '../../src/server/audit/writer.ts';
import { tempDir } from '../helpers/temp-dir.ts';
import { row } from './store-contract.ts';

const dir = tempDir('agent-hooks-sqlite-worker-');
const writers: SqliteWorkerWriter[] = [];
afterAll(() => Promise.all(writers.map((w) => w.close())));

async function storeWithWorker(name: string) {
  const store = await openAuditStore(join(dir, name));
  const worker = new SqliteWorkerWriter(store.location);
  writers.push(worker);
  return { store, worker };
}

describe('SQLite audit writes on a worker thread', () => {
  it('stores every column of every row as the main connection reads it back', async () => {
    const { store, worker } = await storeWithWorker('columns.sqlite');
    const rows = [
      row({ input: '{"a":1}', decision: 'deny', reason: 'no', hooks: '[{"type":"function"}]' }),
      row({ session_id: null, machine: null, tool: null, config_version: null, duration_ms: 0.125 }),
    ];
    await worker.write(rows);
    const stored = await searchDispatches(store.db, { ascending: true });
    expect(stored).toEqual(rows);
    await store.close();
  });

  it('refuses a batch with a bad row as a whole and reports the database error', async () => {
    const { store, worker } = await storeWithWorker('refused.sqlite');
    const first = row();
    await worker.write([first]);
    const fresh = row();
    await expect(worker.write([fresh, { ...first }])).rejects.toThrow(/UNIQUE constraint failed/);
    expect((await searchDispatches(store.db, {})).map((r) => r.id)).toEqual([first.id]);
    await store.close();
  });

  it('behind the AuditWriter: a drain writes everything, a poison row goes to the spill file', async () => {
    const { store, worker } = await storeWithWorker('drain.sqlite');
    const taken = row();
    await worker.write([taken]);
    const writer = new AuditWriter({
      write: (rows) => worker.write(rows),
      spillFile: join(dir, 'spill.jsonl'),
      flushIntervalMs: 1,
    });
    const good = Array.from({ length: 1_200 }, () => row());
    for (const r of good.slice(0, 600)) writer.add(r);
    writer.add({ ...taken });
    for (const r of good.slice(600)) writer.add(r);
    const drained = await writer.drain(Date.now() + 20_000);
    expect(drained.spilled).toBe(0);
    expect(writer.spilled).toBe(1);
    expect(writer.written).toBe(good.length);
    const ids = new Set((await searchDispatches(store.db, { limit: 10_000 })).map((r) => r.id));
    expect(good.every((r) => ids.has(r.id))).toBe(true);
    expect(ids.size).toBe(good.length + 1);
    await store.close();
  });

  it('starts a new worker for the next batch after close', async () => {
    const { store, worker } = await storeWithWorker('restart.sqlite');
    await worker.write([row()]);
    await worker.close();
    await worker.write([row()]);
    expect(await searchDispatches(store.db, {})).toHaveLength(2);
    await store.close();
  });
});
