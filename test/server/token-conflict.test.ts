import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAuditStore } from '../../src/server/audit/open-store.ts';
import { addToken, teamOfToken } from '../../src/server/audit/shared-state.ts';
import { hashToken } from '../../src/server/auth.ts';
import { conflictCheck } from '../../src/server/token-lookup.ts';
import { until } from '../helpers/poll.ts';
import { type ConfigDir, claudePreToolUse, makeConfigDir, post, serveConfigDir, TOKEN } from './fixtures.ts';

let config: ConfigDir | undefined;
beforeAll(async () => {
  config = makeConfigDir();
  const store = await openAuditStore(config.database);
  try {
    // TOKEN is payments' in the configuration file.
    await addToken(store.db, { hash: hashToken(TOKEN), team: 'web' });
  } finally {
    await store.close();
  }
});
afterAll(() => {
  if (config) rmSync(config.dir, { recursive: true, force: true });
});

describe('agent-hooks serve: a token the configuration and the database give different teams', () => {
  it('runs the configured team and says so once, naming both teams', async () => {
    const lines: string[] = [];
    const server = await serveConfigDir(config!, { log: (line) => lines.push(line) });
    try {
      const conflicts = () => lines.filter((line) => line.startsWith('SERVER_TOKEN_TEAM_CONFLICT'));
      const first = await post(`${server.url}/hooks/claude-code/PreToolUse`, claudePreToolUse('ls'));
      await until(() => conflicts().length > 0, 'the conflict to be logged');
      await post(`${server.url}/hooks/claude-code/PreToolUse`, claudePreToolUse('ls'));
      expect(conflicts()).toEqual([
        `SERVER_TOKEN_TEAM_CONFLICT: token ${hashToken(TOKEN)} is team "payments"'s in the configuration file and team "web"'s in ${config!.database}; the configuration file wins, so it runs team "payments"'s hooks`,
      ]);
      await server.close();
      const audit = await openAuditStore(config!.database);
      try {
        const row = await audit.db
          .selectFrom('audit_dispatches')
          .select('team')
          .where('id', '=', first.dispatch!)
          .executeTakeFirstOrThrow();
        expect(row.team).toBe('payments');
      } finally {
        await audit.close();
      }
    } finally {
      await server.close();
    }
  });

  it('says it at most once a minute per token, however often the token is checked', async () => {
    const store = await openAuditStore(config!.database);
    try {
      const lines: string[] = [];
      const check = conflictCheck(
        (hash) => teamOfToken(store.db, hash),
        'the database',
        (line) => lines.push(line),
      );
      for (let i = 0; i < 3; i++) check(hashToken(TOKEN), 'payments');
      await until(() => lines.length > 0, 'the conflict to be logged');
      // Each check is one query; the three have answered once a query after them has.
      await teamOfToken(store.db, hashToken(TOKEN));
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain(
        'team "payments"\'s in the configuration file and team "web"\'s in the database',
      );
    } finally {
      await store.close();
    }
  });
});
