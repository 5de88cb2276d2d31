// The audit store's contract, run against SQLite (audit-store.test.ts) and PostgreSQL
// (postgres.test.ts) so both dialects are held to the same behaviour.
import type { KyselyPlugin } from 'kysely';
import { expect, it } from 'vitest';
import type { AuditStore } from '../../src/server/audit/open-store.ts';
import {
  countDispatches,
  deleteOlderThan,
  insertDispatches,
  searchDispatches,
} from '../../src/server/audit/queries.ts';
import type { DispatchRow } from '../../src/server/audit/schema.ts';
import { getCounter, incrementCounter, resetCounter } from '../../src/server/audit/shared-state.ts';
import { AuditWriter } from '../../src/server/audit/writer.ts';

let nextRow = 0;

export function row(overrides: Partial<DispatchRow> = {}): DispatchRow {
  nextRow += 1;
  return {
    id: `row-${process.pid}-${nextRow}-${Math.random().toString(36).slice(2)}`,
    time_ms: 1_700_000_000_000 + nextRow,
    team: 'payments',
    host: 'claude-code',
    session_id: 's1',
    machine: 'laptop-1',
    event: 'PreToolUse',
    tool: 'Bash',
    input_digest: 'd'.repeat(64),
    input: null,
    status: 'ok',
    decision: null,
    reason: null,
    duration_ms: 1.5,
    hooks: '[]',
    texts: '{}',
    config_version: 'v1',
    server_id: 'test',
    ...overrides,
  };
}

/** A plugin that counts the DELETE statements sent to the database (the boundary observed). */
function countingDeletes(): { plugin: KyselyPlugin; deletes: () => number } {
  let deletes = 0;
  const plugin: KyselyPlugin = {
    transformQuery: ({ node }) => {
      if (node.kind === 'DeleteQueryNode') deletes += 1;
      return node;
    },
    transformResult: async ({ result }) => result,
  };
  return { plugin, deletes: () => deletes };
}

export function storeContract(open: () => Promise<AuditStore>): void {
  it('retention deletes old rows in statements of a bounded size, and only old rows', async () => {
    const store = await open();
    try {
      // Negative times: no other test's rows are this old.
      await insertDispatches(
        store.db,
        [-100, -99, -98, -97, -96, -95, -94, -10].map((t) => row({ time_ms: t })),
      );
      const counting = countingDeletes();
      expect(await deleteOlderThan(store.db.withPlugin(counting.plugin), -50, 3)).toBe(7);
      expect(counting.deletes()).toBe(3); // 3 + 3 + 1
      const left = await searchDispatches(store.db, { until: 0, limit: 100 });
      expect(left.filter((r) => r.time_ms < 0).map((r) => r.time_ms)).toEqual([-10]);
    } finally {
      await store.close();
    }
  });

  it('writes batches through the writer and finds them by every filter', async () => {
    const store = await open();
    try {
      const team = `team-${Math.random().toString(36).slice(2)}`;
      const writer = new AuditWriter({
        spillFile: '/nonexistent/spill',
        write: (rows) => insertDispatches(store.db, rows),
      });
      for (let i = 0; i < 1_200; i++)
        writer.add(
          row({ team, session_id: `s${i % 3}`, decision: i % 2 ? 'deny' : null, time_ms: 1_000 + i }),
        );
      writer.add(row({ team, tool: 'Write', reason: 'Blocked: 100% NOT allowed_here', time_ms: 5_000 }));
      const drained = await writer.drain(Date.now() + 10_000);
      expect(drained.spilled).toBe(0);
      expect(writer.written).toBe(1_201);
      const all = await searchDispatches(store.db, { team, limit: 100_000 });
      expect(all).toHaveLength(1_201);
      expect(all[0]!.time_ms).toBe(5_000);
      expect(typeof all[0]!.time_ms).toBe('number');
      expect(await searchDispatches(store.db, { team, decision: 'none', limit: 10_000 })).toHaveLength(601);
      expect(await searchDispatches(store.db, { team, decision: 'deny', limit: 10_000 })).toHaveLength(600);
      expect(await searchDispatches(store.db, { team, tool: 'Write' })).toHaveLength(1);
      expect(await searchDispatches(store.db, { team, since: 1_100, until: 1_110 })).toHaveLength(10);
      // Case-insensitive, and LIKE wildcards in the query are literal characters.
      expect(await searchDispatches(store.db, { team, text: '100% not ALLOWED_here' })).toHaveLength(1);
      expect(await searchDispatches(store.db, { team, text: '100_ not' })).toHaveLength(0);
      const timeline = await searchDispatches(store.db, { team, session: 's1', ascending: true, limit: 5 });
      expect(timeline.map((r) => r.time_ms)).toEqual([1_001, 1_004, 1_007, 1_010, 1_013]);
      expect(await countDispatches(store.db)).toBeGreaterThanOrEqual(1_201);
    } finally {
      await store.close();
    }
  });

  it('counts per key atomically under concurrent increments', async () => {
    const store = await open();
    try {
      const key = `stop\u0000${Math.random()}`;
      const values = await Promise.all(Array.from({ length: 40 }, () => incrementCounter(store.db, key)));
      expect([...values].sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
      expect(await getCounter(store.db, key)).toBe(40);
      await resetCounter(store.db, key);
      expect(await getCounter(store.db, key)).toBe(0);
    } finally {
      await store.close();
    }
  });
}
