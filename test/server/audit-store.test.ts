import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openAuditStore } from '../../src/server/audit/open-store.ts';
import { deleteOlderThan, searchDispatches } from '../../src/server/audit/queries.ts';
import { AuditWriter } from '../../src/server/audit/writer.ts';
import { startRetention } from '../../src/server/retention.ts';
import { until } from '../helpers/poll.ts';
import { row, storeContract } from './store-contract.ts';

const dir = mkdtempSync(join(tmpdir(), 'agent-hooks-audit-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('audit store on SQLite', () => {
  const file = join(dir, 'audit.sqlite');
  storeContract(() => openAuditStore(file));

  it('opens an existing database again without migrating twice, and applies retention', async () => {
    const first = await openAuditStore(join(dir, 'again.sqlite'));
    const writer = new AuditWriter({
      spillFile: join(dir, 'spill-a'),
      write: (rows) =>
        first.db
          .insertInto('audit_dispatches')
          .values(rows)
          .execute()
          .then(() => undefined),
    });
    writer.add(row({ time_ms: 10 }));
    writer.add(row({ time_ms: 20 }));
    await writer.drain(Date.now() + 5_000);
    await first.close();
    const second = await openAuditStore(`sqlite:${join(dir, 'again.sqlite')}`);
    expect(await deleteOlderThan(second.db, 15)).toBe(1);
    expect((await searchDispatches(second.db, {})).map((r) => r.time_ms)).toEqual([20]);
    await second.close();
  });
});

describe('audit writer', () => {
  it('keeps a failed batch and writes it once the database accepts writes again', async () => {
    const stored: string[] = [];
    let failures = 2;
    const errors: number[] = [];
    const writer = new AuditWriter({
      spillFile: join(dir, 'unused-spill'),
      flushIntervalMs: 1,
      write: async (rows) => {
        if (failures-- > 0) throw new Error('database is locked');
        stored.push(...rows.map((r) => r.id));
      },
      onWriteError: (_error, rows) => errors.push(rows),
    });
    const rows = [row(), row(), row()];
    for (const r of rows) writer.add(r);
    const result = await writer.drain(Date.now() + 10_000);
    expect(result.spilled).toBe(0);
    expect(stored).toEqual(rows.map((r) => r.id));
    expect(errors).toEqual([3, 3]);
  });

  it('spills what the database still refuses at the drain deadline, one JSON line per record', async () => {
    const spill = join(dir, 'spill.jsonl');
    const writer = new AuditWriter({
      spillFile: spill,
      write: async () => {
        throw new Error('connection refused');
      },
    });
    const rows = [row(), row()];
    for (const r of rows) writer.add(r);
    const result = await writer.drain(Date.now() + 300);
    expect(result).toEqual({ spilled: 2, spillFile: spill });
    const lines = readFileSync(spill, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines.map((l) => l.id)).toEqual(rows.map((r) => r.id));
    expect(writer.pending).toBe(0);
  });

  it('moves a row the database refuses to the spill file so it cannot block the rows behind it', async () => {
    const stored: string[] = [];
    const poison = row({ reason: 'poison' });
    const spill = join(dir, 'poison.jsonl');
    const spilled: number[] = [];
    const writer = new AuditWriter({
      spillFile: spill,
      flushIntervalMs: 1,
      write: async (rows) => {
        if (rows.some((r) => r.reason === 'poison')) throw new Error('invalid byte sequence');
        stored.push(...rows.map((r) => r.id));
      },
      onSpill: (rows) => spilled.push(rows),
    });
    const good = [row(), row()];
    writer.add(good[0]!);
    writer.add(poison);
    writer.add(good[1]!);
    const result = await writer.drain(Date.now() + 10_000);
    expect(result.spilled).toBe(0);
    expect(stored).toEqual(good.map((r) => r.id));
    expect(spilled).toEqual([1]);
    expect(JSON.parse(readFileSync(spill, 'utf8')).id).toBe(poison.id);
  });

  it('reports a full backlog so the server can refuse new work instead of growing without bound', () => {
    const writer = new AuditWriter({
      spillFile: join(dir, 'unused'),
      queueMaxRows: 2,
      flushIntervalMs: 60_000,
      write: async () => undefined,
    });
    writer.add(row());
    expect(writer.full).toBe(false);
    writer.add(row());
    expect(writer.full).toBe(true);
  });
});

describe('retention', () => {
  it('says with its code when a run fails, and stops when told', async () => {
    const store = await openAuditStore(join(dir, 'retention.sqlite'));
    await store.close(); // every query now fails
    const lines: string[] = [];
    const stop = startRetention(
      store.db,
      () => 30,
      (line) => lines.push(line),
    );
    try {
      await until(() => lines.length > 0, 'the first retention run to report');
      expect(lines[0]).toMatch(/^SERVER_RETENTION_FAILED: retention failed: .+; tried again in an hour$/);
    } finally {
      stop();
    }
  });
});
