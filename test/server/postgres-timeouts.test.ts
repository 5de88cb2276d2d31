import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAuditStore } from '../../src/server/audit/open-store.ts';
import type { ServerInternals } from '../../src/server/start-server.ts';
import { blackHole, type Relay } from '../helpers/pg-relay.ts';
import { until } from '../helpers/poll.ts';
import { type PgCluster, postgresUnavailable } from '../helpers/postgres.ts';
import { type ConfigDir, claudePreToolUse, post, serveThroughRelay } from './fixtures.ts';

// A database that stops answering (a black-holed host) must fail a query in bounded time, not
// when the operating system gives up on the connection: open-store.ts's pool timeouts.

/** PG_CONNECT_TIMEOUT_MS (5 s) and PG_QUERY_TIMEOUT_MS (10 s) with room for a loaded machine. */
const CONNECT_BOUND_MS = 9_000;
const QUERY_BOUND_MS = 15_000;
const TEST_TIMEOUT_MS = 40_000;
const unavailable = postgresUnavailable();
if (unavailable) console.warn(`skipping PostgreSQL timeout tests: ${unavailable}`);

describe('the PostgreSQL pool against a database that never answers', () => {
  it(
    'gives up connecting after the connection timeout',
    async () => {
      const hole = await blackHole();
      try {
        const started = Date.now();
        await expect(openAuditStore(hole.url)).rejects.toThrow(/timeout/i);
        expect(Date.now() - started).toBeLessThan(CONNECT_BOUND_MS);
      } finally {
        hole.close();
      }
    },
    TEST_TIMEOUT_MS,
  );
});

describe.skipIf(unavailable !== null)('agent-hooks serve when PostgreSQL stops answering', () => {
  let cluster: PgCluster;
  let relay: Relay;
  let config: ConfigDir;
  let server: ServerInternals;
  let lines: string[] = [];

  beforeAll(async () => {
    ({ cluster, relay, config, server, lines } = await serveThroughRelay());
  }, 60_000);

  afterAll(async () => {
    relay.stalled = false;
    await server?.close();
    relay?.close();
    await cluster?.stop();
    if (config) rmSync(config.dir, { recursive: true, force: true });
  });

  it(
    'refuses a token lookup with SERVER_TOKEN_LOOKUP_FAILED after the query timeout, not the host timeout',
    async () => {
      relay.stall();
      const started = Date.now();
      // No ?timeout: the request's own budget is Claude Code's 600 s, so only the pool bounds it.
      const answer = await post(`${server.url}/hooks/claude-code/PreToolUse`, claudePreToolUse('ls'), 'ah_x');
      expect(answer.status).toBe(503);
      expect(Date.now() - started).toBeLessThan(QUERY_BOUND_MS);
      expect(lines.join('\n')).toMatch(
        /SERVER_TOKEN_LOOKUP_FAILED: .*\((Query read timeout|.*connection timeout.*)\)/,
      );
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'reports an unanswered audit batch as SERVER_AUDIT_WRITE_FAILED and writes it once the database answers',
    async () => {
      relay.stall();
      const answer = await post(`${server.url}/hooks/claude-code/PreToolUse`, claudePreToolUse('ls'));
      expect(answer.status).toBe(200);
      await until(
        // On a connection it had (the query timeout) or a new one (the connection timeout).
        () =>
          lines.some((line) =>
            /SERVER_AUDIT_WRITE_FAILED: .*(Query read timeout|connection timeout)/.test(line),
          ),
        'the audit batch to time out',
        { deadlineMs: QUERY_BOUND_MS },
      );
      relay.stalled = false;
      // The connection the batch timed out on is discarded: the retry gets a fresh one.
      const store = await openAuditStore(cluster.url);
      try {
        await until(
          async () =>
            (await store.db
              .selectFrom('audit_dispatches')
              .select('id')
              .where('id', '=', answer.dispatch!)
              .executeTakeFirst()) !== undefined,
          'the audit record to be written',
          { deadlineMs: QUERY_BOUND_MS },
        );
      } finally {
        await store.close();
      }
    },
    TEST_TIMEOUT_MS,
  );
});
