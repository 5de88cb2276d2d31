import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAuditStore } from '../../src/server/audit/open-store.ts';
import { searchDispatches } from '../../src/server/audit/queries.ts';
import { addToken, listConfigVersions } from '../../src/server/audit/shared-state.ts';
import { generateToken, hashToken } from '../../src/server/auth.ts';
import { launchServer, type ServerInternals as RunningServer } from '../../src/server/start-server.ts';
import { type PgCluster, postgresUnavailable, startPostgres } from '../helpers/postgres.ts';
import { type ConfigDir, claudePreToolUse, makeConfigDir, post, TOKEN } from './fixtures.ts';
import { storeContract } from './store-contract.ts';

// Never a silent pass: without PostgreSQL the tests are skipped with the reason, and under CI
// (where .ci/run installs PostgreSQL) its absence is a failure.
const unavailable = postgresUnavailable();
if (unavailable && process.env.CI) throw new Error(`PostgreSQL tests cannot run under CI: ${unavailable}`);
if (unavailable) console.warn(`skipping PostgreSQL tests: ${unavailable}`);

describe.skipIf(unavailable !== null)('PostgreSQL', () => {
  let cluster: PgCluster;
  beforeAll(async () => {
    cluster = await startPostgres();
  }, 60_000);
  afterAll(async () => {
    await cluster?.stop();
  });

  describe('audit store', () => {
    storeContract(() => openAuditStore(cluster.url));
  });

  describe('two servers on one database', () => {
    let config: ConfigDir;
    const servers: RunningServer[] = [];
    let onceRuns = 0;
    beforeAll(async () => {
      config = makeConfigDir();
      for (let i = 0; i < 2; i++)
        servers.push(
          await launchServer({
            config: config.configFile,
            database: cluster.url,
            port: 0,
            watch: false,
            log: () => undefined,
            functionHooks: [
              {
                event: 'UserPromptSubmit',
                once: true,
                callback: () => {
                  onceRuns += 1;
                  return {
                    hookSpecificOutput: {
                      hookEventName: 'UserPromptSubmit',
                      additionalContext: 'team rules',
                    },
                  };
                },
              },
            ],
          }),
        );
    });
    afterAll(async () => {
      await Promise.all(servers.map((server) => server.close()));
      rmSync(config.dir, { recursive: true, force: true });
    });

    it('accepts on every server a token added to the database through one of them', async () => {
      const token = generateToken();
      await addToken(servers[0]!.context.store.db, { hash: hashToken(token), team: 'web', label: 'laptop' });
      for (const server of servers) {
        const answer = await post(
          `${server.url}/hooks/claude-code/PreToolUse`,
          claudePreToolUse('rm -rf /'),
          token,
        );
        expect(answer.json.hookSpecificOutput.permissionDecision).toBe('deny');
      }
    });

    it('stores a session id with a NUL character (PostgreSQL text cannot hold one) instead of blocking the audit', async () => {
      const answer = await post(
        `${servers[0]!.url}/hooks/claude-code/PreToolUse`,
        claudePreToolUse('ls', 'nul\u0000session'),
      );
      expect(answer.status).toBe(200);
      expect(answer.dispatch).toBeTruthy();
    });

    it('shares the Stop loop of a session between servers: 8 continuations, then the cap', async () => {
      const decisions: (string | null)[] = [];
      for (let i = 0; i < 10; i++) {
        const stop = { session_id: 'stop-loop', hook_event_name: 'Stop', stop_hook_active: i > 0 };
        const answer = await post(`${servers[i % 2]!.url}/hooks/claude-code/Stop`, stop);
        decisions.push(answer.json.decision ?? null);
      }
      expect(decisions).toEqual([
        'block',
        'block',
        'block',
        'block',
        'block',
        'block',
        'block',
        'block',
        null,
        'block',
      ]);
    });

    it("runs a once hook once per session across servers, with a session's prompts arriving at both at once", async () => {
      const prompt = (session: string) => ({
        session_id: session,
        hook_event_name: 'UserPromptSubmit',
        prompt: 'go',
      });
      const answers = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          post(`${servers[i % 2]!.url}/hooks/claude-code/UserPromptSubmit`, prompt('once-a')),
        ),
      );
      const contexts = answers.map((a) => a.json.hookSpecificOutput?.additionalContext ?? null);
      expect(contexts.filter((c) => c === 'team rules')).toHaveLength(1);
      expect(onceRuns).toBe(1);
      await post(`${servers[1]!.url}/hooks/claude-code/UserPromptSubmit`, prompt('once-b'));
      expect(onceRuns).toBe(2);
    });

    it('loses nothing and counts nothing twice with concurrent sessions spread over both servers', async () => {
      const sessions = 12;
      const perSession = 10;
      const answers = await Promise.all(
        Array.from({ length: sessions }, async (_, s) => {
          const ids: string[] = [];
          for (let i = 0; i < perSession; i++) {
            const server = servers[(s + i) % 2]!;
            const command = i % 3 === 0 ? 'rm -rf /tmp/x' : 'ls';
            const answer = await post(
              `${server.url}/hooks/claude-code/PreToolUse`,
              claudePreToolUse(command, `pg-session-${s}`),
              TOKEN,
            );
            expect(answer.status).toBe(200);
            ids.push(answer.dispatch!);
          }
          return ids;
        }),
      );
      await Promise.all(servers.map((server) => server.close()));
      const store = await openAuditStore(cluster.url);
      try {
        const rows = await searchDispatches(store.db, { limit: 100_000 });
        const mine = rows.filter((row) => row.session_id?.startsWith('pg-session-'));
        const sent = answers.flat();
        expect(mine).toHaveLength(sent.length);
        expect(new Set(mine.map((row) => row.id))).toEqual(new Set(sent));
        expect(new Set(mine.map((row) => row.server_id)).size).toBe(2);
        expect(mine.filter((row) => row.decision === 'deny')).toHaveLength(sessions * 4);
        expect(rows.some((row) => row.session_id === 'nul\uFFFDsession')).toBe(true);
        const versions = (await listConfigVersions(store.db)).filter((v) => v.team === 'payments');
        expect(new Set(versions.map((v) => v.server_id)).size).toBe(2);
        expect(new Set(versions.map((v) => v.version)).size).toBe(1);
      } finally {
        await store.close();
      }
    });
  });
});
