import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openAuditStore } from '../../src/server/audit/open-store.ts';
import { until } from '../helpers/poll.ts';
import { type ConfigDir, claudePreToolUse, makeConfigDir, post, serveConfigDir } from './fixtures.ts';

/**
 * Short, so the test does not wait for the default 30 s, yet long enough that its shares for
 * the cancelled hooks to report and the audit to drain (shutdown.ts) fit a loaded machine.
 */
const GRACE_MS = 2_000;

let config: ConfigDir | undefined;
afterAll(() => {
  if (config) rmSync(config.dir, { recursive: true, force: true });
});

describe('agent-hooks serve: shutdown cancels hooks still running after the grace period', () => {
  it('answers a failure (not 200 with no decision) and audits the dispatch as cancelled', async () => {
    config = makeConfigDir();
    const started = join(config.dir, 'started');
    // A guard that has not decided yet when the server stops.
    const command = `input=$(cat); case "$input" in *never-decides*) touch '${started}'; while true; do sleep 0.02; done;; esac; exit 0`;
    // Beside it, a quick guard that denies `rm -rf` at once.
    const saidNo = join(config.dir, 'said-no');
    const quick = `case "$(cat)" in *"rm -rf"*) echo "the quick guard says no" >&2; touch '${saidNo}'; exit 2;; esac; exit 0`;
    writeFileSync(
      join(config.dir, 'teams', 'payments', '.claude', 'settings.json'),
      JSON.stringify({
        hooks: {
          PreToolUse: [
            { matcher: 'Bash', hooks: [{ type: 'command', command }] },
            { matcher: 'Bash', hooks: [{ type: 'command', command: quick }] },
          ],
        },
      }),
    );
    const server = await serveConfigDir(config, {
      shutdownGraceMs: GRACE_MS,
    });
    const answer = post(`${server.url}/hooks/claude-code/PreToolUse`, claudePreToolUse('never-decides'));
    await until(() => existsSync(started), 'the guard to start');
    const denied = post(
      `${server.url}/hooks/claude-code/PreToolUse`,
      claudePreToolUse('never-decides rm -rf /'),
    );
    await until(() => existsSync(saidNo), 'the quick guard to deny');
    const closed = server.close();
    const { status, text, dispatch } = await answer;
    // The deny that had arrived stands: nothing the cancelled hook could have said overrides it.
    expect((await denied).json?.hookSpecificOutput?.permissionDecision).toBe('deny');
    await closed;
    expect(status).toBe(503);
    expect(text).toMatch(/1 hook was cancelled before finishing \(the server is shutting down\)/);
    const store = await openAuditStore(config.database);
    try {
      const rows = await store.db.selectFrom('audit_dispatches').selectAll().execute();
      expect(rows).toHaveLength(2);
      const row = rows.find((entry) => entry.id === dispatch);
      expect(row).toMatchObject({ status: 'cancelled', decision: null });
      expect(JSON.parse(row!.hooks)[0]).toMatchObject({ type: 'command', outcome: 'cancelled' });
      expect(rows.find((entry) => entry.id !== dispatch)).toMatchObject({ status: 'ok', decision: 'deny' });
    } finally {
      await store.close();
    }
  });
});
