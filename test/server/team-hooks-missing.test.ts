import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openAuditStore } from '../../src/server/audit/open-store.ts';
import {
  type ConfigDir,
  claudePreToolUse,
  makeConfigDir,
  OTHER_TOKEN,
  post,
  serveConfigDir,
} from './fixtures.ts';

// A team whose hooks folder vanishes runs none of its own guards: every answer says so, as does
// its audit record and /healthz, instead of one log line when its engine was made.

let config: ConfigDir | undefined;
afterAll(() => {
  if (config) rmSync(config.dir, { recursive: true, force: true });
});

describe('agent-hooks serve: a team whose hooks folder is gone', () => {
  it('answers a failure, audits the diagnostic and reports the team degraded; a deny still stands', async () => {
    config = makeConfigDir();
    const server = await serveConfigDir(config, {
      // A guard that is not in the folder (as managed settings are not): it still decides.
      functionHooks: [
        {
          event: 'PreToolUse',
          teams: ['payments'],
          callback: (input) => !JSON.stringify(input).includes('drop table'),
          errorMessage: 'no dropping tables',
        },
      ],
    });
    const hooksDir = join(config.dir, 'teams', 'payments');
    rmSync(hooksDir, { recursive: true, force: true });
    const missing = `SERVER_TEAM_HOOKS_MISSING: team "payments": hooks folder ${hooksDir} does not exist`;
    const hooks = `${server.url}/hooks/claude-code/PreToolUse`;
    const failed = await post(hooks, claudePreToolUse('rm -rf /'));
    const denied = await post(hooks, claudePreToolUse('psql -c "drop table x"'));
    const otherTeam = await post(hooks, claudePreToolUse('rm -rf /'), OTHER_TOKEN);
    const health = await (await fetch(`${server.url}/healthz`)).json();
    await server.close();

    expect(failed.status).toBe(503);
    expect(failed.text).toContain(missing);
    expect(denied.json?.hookSpecificOutput?.permissionDecision).toBe('deny');
    expect(otherTeam.json?.hookSpecificOutput?.permissionDecision).toBe('deny');
    expect(health).toMatchObject({
      ok: true,
      status: 'degraded',
      degraded: [{ team: 'payments', code: 'SERVER_TEAM_HOOKS_MISSING' }],
    });
    const store = await openAuditStore(config.database);
    try {
      const rows = await store.db.selectFrom('audit_dispatches').selectAll().execute();
      const byId = new Map(rows.map((row) => [row.id, row]));
      expect(byId.get(failed.dispatch!)).toMatchObject({ status: 'error' });
      expect(byId.get(denied.dispatch!)).toMatchObject({ status: 'ok', decision: 'deny' });
      for (const id of [failed.dispatch!, denied.dispatch!])
        expect(JSON.parse(byId.get(id)!.texts).diagnostics[0]).toContain(missing);
      expect(JSON.parse(byId.get(otherTeam.dispatch!)!.texts).diagnostics).toBeUndefined();
    } finally {
      await store.close();
    }
  });
});
