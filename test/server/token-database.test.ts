import { rmSync } from 'node:fs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerInternals } from '../../src/server/start-server.ts';
import { type ConfigDir, claudePreToolUse, makeConfigDir, post, serveConfigDir } from './fixtures.ts';

// The database that holds `agent-hooks token` tokens fails (here its table is gone, as after a
// bad migration or a restore): a request whose token is not in the configuration file must get
// the documented failure, and the operator must hear of it.

let config: ConfigDir;
let server: ServerInternals;
const logs: string[] = [];

beforeAll(async () => {
  config = makeConfigDir();
  server = await serveConfigDir(config, {
    log: (line) => logs.push(line),
  });
});

afterAll(async () => {
  await server?.close();
  rmSync(config.dir, { recursive: true, force: true });
});

describe('agent-hooks serve: the token database fails', () => {
  it('answers 503 without database detail, logs SERVER_TOKEN_LOOKUP_FAILED once, and configured tokens still work', async () => {
    const db = server.context.store.db;
    await sql`ALTER TABLE tokens RENAME TO tokens_elsewhere`.execute(db);
    try {
      const first = await post(
        `${server.url}/hooks/claude-code/PreToolUse`,
        claudePreToolUse('ls'),
        'ah_db-1',
      );
      const second = await post(
        `${server.url}/hooks/claude-code/PreToolUse`,
        claudePreToolUse('ls'),
        'ah_db-2',
      );
      expect([first.status, second.status]).toEqual([503, 503]);
      expect(first.text).toBe('agent-hooks: the token database could not be asked; no hook ran\n');
      const reported = logs.filter((line) => line.startsWith('SERVER_TOKEN_LOOKUP_FAILED: '));
      expect(reported).toHaveLength(1);
      expect(reported[0]).toMatch(/no such table: tokens.*1 request refused with 503/);
      const configured = await post(
        `${server.url}/hooks/claude-code/PreToolUse`,
        claudePreToolUse('rm -rf /'),
      );
      expect(configured.json.hookSpecificOutput.permissionDecision).toBe('deny');
    } finally {
      await sql`ALTER TABLE tokens_elsewhere RENAME TO tokens`.execute(db);
    }
    const unknown = await post(
      `${server.url}/hooks/claude-code/PreToolUse`,
      claudePreToolUse('ls'),
      'ah_db-3',
    );
    expect(unknown.status).toBe(401);
  });
});
