import { execFile } from 'node:child_process';
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAudit } from '../../src/cli/commands/audit.ts';
import type { ServerInternals as RunningServer } from '../../src/server/start-server.ts';
import { builtBinPath } from '../helpers/cli.ts';
import { type ConfigDir, claudePreToolUse, makeConfigDir, post, serveConfigDir } from './fixtures.ts';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../../', import.meta.url));

let config: ConfigDir;
let server: RunningServer;

async function audit(args: Partial<Parameters<typeof runAudit>[0]>): Promise<string> {
  let out = '';
  await runAudit({ database: config.database, limit: '100', ...args }, (text) => {
    out += text;
  });
  return out;
}

beforeAll(async () => {
  config = makeConfigDir();
  // A token made with the CLI is stored hashed in the database and accepted by the server.
  const { stdout } = await run(
    process.execPath,
    [
      builtBinPath(),
      'token',
      'create',
      '--team',
      'web',
      '--label',
      'ci',
      '--database',
      config.database,
      '--json',
    ],
    { cwd: ROOT },
  );
  const created = JSON.parse(stdout);
  expect(created).toMatchObject({
    team: 'web',
    stored: true,
    hash: expect.stringMatching(/^sha256:[0-9a-f]{64}$/),
  });
  server = await serveConfigDir(config);
  await post(
    `${server.url}/hooks/claude-code/PreToolUse`,
    claudePreToolUse('rm -rf /', 'cli-a'),
    created.token,
  );
  await post(`${server.url}/hooks/claude-code/PreToolUse`, claudePreToolUse('ls', 'cli-b'), created.token);
  await post(
    `${server.url}/hooks/copilot-cli/preToolUse`,
    { sessionId: 'cli-c', toolName: 'bash', toolArgs: { command: '=cmd|x' } },
    created.token,
  );
  await server.close();
}, 60_000);

afterAll(() => rmSync(config.dir, { recursive: true, force: true }));

describe('agent-hooks audit and token', () => {
  it('filters by decision, session, tool and host, newest first, as JSON', async () => {
    const denied = JSON.parse(await audit({ json: true, decision: 'deny', host: 'claude-code' }));
    expect(denied.dispatches).toHaveLength(1);
    expect(denied.dispatches[0]).toMatchObject({
      team: 'web',
      session_id: 'cli-a',
      tool: 'Bash',
      decision: 'deny',
    });
    expect(denied.dispatches[0].hooks[0]).toMatchObject({ type: 'command', outcome: 'blocking' });
    const none = JSON.parse(await audit({ json: true, decision: 'none' }));
    expect(none.dispatches.map((d: { session_id: string }) => d.session_id)).toEqual(['cli-c', 'cli-b']);
    expect(JSON.parse(await audit({ json: true, since: '1h', tool: 'bash' })).dispatches).toHaveLength(1);
    expect(JSON.parse(await audit({ json: true, until: '1h' })).dispatches).toHaveLength(0);
  });

  it('exports CSV with a header, quoting, and no formula a spreadsheet would run', async () => {
    const csv = await audit({ csv: true, session: 'cli-a' });
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'id,time,team,host,machine,session_id,event,tool,status,decision,reason,duration_ms,hooks,input_digest,config_version,server_id',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(',cli-a,PreToolUse,Bash,ok,deny,Blocked by the team guard: rm -rf,');
  });

  it('lists and revokes tokens', async () => {
    const { stdout } = await run(
      process.execPath,
      [builtBinPath(), 'token', 'list', '--database', config.database, '--json'],
      { cwd: ROOT },
    );
    expect(JSON.parse(stdout).tokens).toEqual([
      expect.objectContaining({ team: 'web', label: 'ci', revoked_ms: null }),
    ]);
    const revoked = await run(
      process.execPath,
      [builtBinPath(), 'token', 'revoke', '--team', 'web', '--database', config.database],
      { cwd: ROOT },
    );
    expect(revoked.stdout).toMatch(/revoked 1 token/);
  });

  it('rejects a time it cannot read with the accepted forms', async () => {
    await expect(audit({ since: 'yesterday-ish' })).rejects.toThrow(
      /ISO date .* or a duration back from now/,
    );
  });
});
