import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAuditStore } from '../../src/server/audit/open-store.ts';
import { addToken } from '../../src/server/audit/shared-state.ts';
import { hashToken } from '../../src/server/auth.ts';
import { builtBinPath } from '../helpers/cli.ts';
import { Relay } from '../helpers/pg-relay.ts';
import { until } from '../helpers/poll.ts';
import { type PgCluster, postgresUnavailable, startPostgres } from '../helpers/postgres.ts';
import { type ConfigDir, claudePreToolUse, makeConfigDir, post } from './fixtures.ts';

// PostgreSQL hiccups under a running server: the network to it stalls, its connections drop
// (a failover, a restart). The server must keep answering, within the host's timeout.

/** The hook's own timeout, in the URL as docs/server.md says (seconds). */
const HOOK_TIMEOUT_S = 2;
/** Slow, not stalled: each answer of the database arrives this late. */
const SLOW_DATABASE_MS = 800;
const DB_TOKEN = 'ah_test-token-in-the-database';
/** The whole shutdown fits the default grace period less its margin (28 s); with room. */
const STOP_TEST_TIMEOUT_MS = 60_000;
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const unavailable = postgresUnavailable();
if (unavailable) console.warn(`skipping PostgreSQL outage tests: ${unavailable}`);

describe.skipIf(unavailable !== null)('agent-hooks serve when PostgreSQL fails', () => {
  let cluster: PgCluster;
  let relay: Relay;
  let config: ConfigDir;
  let child: ChildProcess;
  let url: string;
  let stderr = '';
  let exited: number | null | undefined;

  beforeAll(async () => {
    cluster = await startPostgres();
    relay = new Relay(Number(new URL(cluster.url).port));
    const port = await relay.listen();
    config = makeConfigDir();
    child = spawn(
      process.execPath,
      [
        builtBinPath(),
        'serve',
        '--config',
        config.configFile,
        '--database',
        `postgres://postgres@127.0.0.1:${port}/postgres`,
        '--port',
        '0',
        '--json',
        '--no-watch',
      ],
      { stdio: ['ignore', 'pipe', 'pipe'], cwd: ROOT },
    );
    child.stderr!.on('data', (chunk) => {
      stderr += String(chunk);
    });
    child.once('exit', (code) => {
      exited = code;
    });
    url = JSON.parse(
      await new Promise<string>((resolve) => createInterface({ input: child.stdout! }).once('line', resolve)),
    ).url;
  }, 60_000);

  afterAll(async () => {
    if (exited === undefined) {
      const gone = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await gone;
    }
    relay?.close();
    await cluster?.stop();
    if (config) rmSync(config.dir, { recursive: true, force: true });
  });

  it('answers within the host timeout while the database does not answer a token lookup', async () => {
    relay.stall();
    const started = Date.now();
    const answer = await post(
      `${url}/hooks/claude-code/PreToolUse?timeout=${HOOK_TIMEOUT_S}`,
      claudePreToolUse('ls'),
      'ah_stalled-lookup',
    );
    const tookMs = Date.now() - started;
    expect(answer.status).toBe(503);
    expect(answer.text).toBe('agent-hooks: the token database could not be asked; no hook ran\n');
    expect(tookMs).toBeLessThan(HOOK_TIMEOUT_S * 1000);
    await until(() => stderr.includes('SERVER_TOKEN_LOOKUP_FAILED'), 'the coded log line');
    expect(stderr).toMatch(/SERVER_TOKEN_LOOKUP_FAILED: .* \(no answer within 1800 ms\); 1 request refused/);
    // The stalled connection is useless now: drop it, as the network would in the end.
    relay.cut();
    relay.stalled = false;
  });

  it("counts a slow token lookup against the hooks' time, so the answer still beats the host", async () => {
    const store = await openAuditStore(cluster.url);
    try {
      await addToken(store.db, { hash: hashToken(DB_TOKEN), team: 'payments' });
    } finally {
      await store.close();
    }
    // A connection made before the database turns slow, so the lookup is one round trip.
    const unknown = await post(`${url}/hooks/claude-code/PreToolUse`, claudePreToolUse('ls'), 'ah_unknown');
    expect(unknown.status).toBe(401);
    relay.delayMs = SLOW_DATABASE_MS;
    try {
      const started = Date.now();
      // The team's guard sleeps 5 s on `sleep-please`: the answer is the 504 of the deadline.
      const answer = await post(
        `${url}/hooks/claude-code/PreToolUse?timeout=${HOOK_TIMEOUT_S}`,
        claudePreToolUse('sleep-please'),
        DB_TOKEN,
      );
      expect(answer.status).toBe(504);
      expect(Date.now() - started).toBeLessThan(HOOK_TIMEOUT_S * 1000);
    } finally {
      relay.delayMs = 0;
    }
  });

  it('survives its connections dropping while a query waits on them', async () => {
    relay.stall();
    const answer = post(`${url}/hooks/claude-code/PreToolUse`, claudePreToolUse('ls'), 'ah_in-the-database');
    await until(() => relay.relayedWhileStalled > 0, 'the token lookup to reach the stalled database');
    relay.cut();
    const refused = await answer;
    expect(refused.status).toBe(503);
    relay.stalled = false;
    const next = await post(`${url}/hooks/claude-code/PreToolUse`, claudePreToolUse('rm -rf /'));
    expect(next.json?.hookSpecificOutput?.permissionDecision).toBe('deny');
    expect(exited, stderr).toBeUndefined();
  });

  it(
    'stops on SIGTERM while the database stalls, with the audit records in the spill file',
    async () => {
      relay.stall();
      const answer = await post(`${url}/hooks/claude-code/PreToolUse`, claudePreToolUse('ls'));
      expect(answer.status).toBe(200);
      await until(() => relay.relayedWhileStalled > 0, 'the audit batch to reach the stalled database');
      const exit = new Promise<number | null>((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      expect(await exit).toBe(1);
      const spillFile = /spilled to (\S+)\)/.exec(stderr)?.[1];
      expect(spillFile, stderr).toBeDefined();
      expect(readFileSync(spillFile!, 'utf8')).toContain(answer.dispatch!);
      rmSync(spillFile!, { force: true });
    },
    STOP_TEST_TIMEOUT_MS,
  );
});
