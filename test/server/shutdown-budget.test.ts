import { readFileSync, rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerInternals } from '../../src/server/start-server.ts';
import type { Relay } from '../helpers/pg-relay.ts';
import { until } from '../helpers/poll.ts';
import { type PgCluster, postgresUnavailable } from '../helpers/postgres.ts';
import { type ConfigDir, claudePreToolUse, post, serveThroughRelay } from './fixtures.ts';

// The supervisor's SIGKILL comes a grace period after SIGTERM (Kubernetes: 30 s by default):
// with a stalled database the whole shutdown must still end before it, and say what it lost.

/** Short, so the test is quick; the budget is this less a tenth. */
const GRACE_MS = 3_000;
const unavailable = postgresUnavailable();
if (unavailable) console.warn(`skipping the shutdown budget test: ${unavailable}`);

describe.skipIf(unavailable !== null)('agent-hooks serve: shutdown with a stalled database', () => {
  let cluster: PgCluster;
  let relay: Relay;
  let config: ConfigDir;
  let server: ServerInternals;
  let lines: string[] = [];

  beforeAll(async () => {
    ({ cluster, relay, config, server, lines } = await serveThroughRelay({ shutdownGraceMs: GRACE_MS }));
  }, 60_000);

  afterAll(async () => {
    relay?.close();
    await cluster?.stop();
    if (config) rmSync(config.dir, { recursive: true, force: true });
  });

  it('ends within the grace period, spilling the queued records and counting the lost ones', async () => {
    relay.stall();
    const answered = await post(`${server.url}/hooks/claude-code/PreToolUse`, claudePreToolUse('ls'));
    expect(answered.status).toBe(200);
    await until(() => relay.relayedWhileStalled > 0, 'the audit batch to reach the stalled database');
    // The team's Stop hook blocks once: its count lives in the database, so this dispatch waits on it.
    const stop = post(`${server.url}/hooks/claude-code/Stop`, {
      session_id: 'session-1',
      transcript_path: '/tmp/transcript.jsonl',
      cwd: '/work/project',
      hook_event_name: 'Stop',
      stop_hook_active: false,
    }).catch((error: Error) => error);
    await until(() => server.context.gate.running === 1, 'the Stop dispatch to start');
    const started = Date.now();
    const drained = await server.close();
    expect(Date.now() - started).toBeLessThan(GRACE_MS);
    expect(drained.spilled).toBe(1);
    expect(readFileSync(drained.spillFile!, 'utf8')).toContain(answered.dispatch!);
    rmSync(drained.spillFile!, { force: true });
    const log = lines.join('\n');
    expect(log).toMatch(/SERVER_AUDIT_SPILLED: 1 audit records could not be written/);
    expect(log).toMatch(
      /SERVER_AUDIT_LOST: the shutdown budget ran out with 1 audit record neither written nor spilled \(1 dispatch still running\)/,
    );
    await stop;
  }, 60_000);
});
