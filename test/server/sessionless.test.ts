import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerInternals } from '../../src/server/start-server.ts';
import { type ConfigDir, makeConfigDir, post, serveConfigDir } from './fixtures.ts';

// A request that names no session is a session of its own: no state of one such client (the
// Stop-block count, `once` hooks) is another's.

let config: ConfigDir;
let server: ServerInternals;
beforeAll(async () => {
  config = makeConfigDir();
  server = await serveConfigDir(config);
});
afterAll(async () => {
  await server?.close();
  if (config) rmSync(config.dir, { recursive: true, force: true });
});

describe('requests without a session id', () => {
  it("do not add up to one Stop-block count: the team's Stop guard blocks each of them", async () => {
    const decisions: (string | null)[] = [];
    // Each from another client, each already continued once by its host (stop_hook_active).
    for (let i = 0; i < 10; i++) {
      const answer = await post(`${server.url}/hooks/claude-code/Stop`, {
        hook_event_name: 'Stop',
        stop_hook_active: true,
      });
      expect(answer.status).toBe(200);
      decisions.push(answer.json.decision ?? null);
    }
    expect(decisions).toEqual(Array(10).fill('block'));
  });
});
