import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerInternals } from '../../src/server/start-server.ts';
import { until } from '../helpers/poll.ts';
import {
  type ConfigDir,
  claudePreToolUse,
  makeConfigDir,
  OTHER_TOKEN,
  post,
  serveConfigDir,
} from './fixtures.ts';

// One team's slow hooks and busy machines must not take every dispatch slot: the other teams'
// guards would all answer 503, which both hosts treat as a failed hook (fail-open).

const MAX_CONCURRENT = 4;

let config: ConfigDir;
let server: ServerInternals;

beforeAll(async () => {
  config = makeConfigDir({ limits: { maxConcurrent: MAX_CONCURRENT } });
  const started = join(config.dir, 'started');
  const gate = join(config.dir, 'gate');
  // Web's guard: each call says it started, waits for the gate file, then denies.
  const command = `echo x >> '${started}'; while [ ! -e '${gate}' ]; do sleep 0.02; done; echo "web says no" >&2; exit 2`;
  writeFileSync(
    join(config.dir, 'teams', 'web', '.claude', 'settings.json'),
    JSON.stringify({ hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command }] }] } }),
  );
  server = await serveConfigDir(config);
});

afterAll(async () => {
  await server?.close();
  rmSync(config.dir, { recursive: true, force: true });
});

function startedCount(): number {
  const file = join(config.dir, 'started');
  return existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter(Boolean).length : 0;
}

describe('agent-hooks serve: a team holds at most its share of limits.maxConcurrent', () => {
  it("keeps slots for the other teams while one team's hooks are slow", async () => {
    const settled: Awaited<ReturnType<typeof post>>[] = [];
    const web = Array.from({ length: MAX_CONCURRENT }, (_, i) =>
      post(
        `${server.url}/hooks/claude-code/PreToolUse`,
        claudePreToolUse('ls', `web-${i}`),
        OTHER_TOKEN,
      ).then((answer) => {
        settled.push(answer);
        return answer;
      }),
    );
    // Every web request either runs its hook or was refused.
    await until(
      () => startedCount() + settled.length === MAX_CONCURRENT,
      'web requests to run or be refused',
    );
    const payments = await post(`${server.url}/hooks/claude-code/PreToolUse`, claudePreToolUse('rm -rf /'));
    writeFileSync(join(config.dir, 'gate'), '');
    const webAnswers = await Promise.all(web);
    expect(payments.status).toBe(200);
    expect(payments.json.hookSpecificOutput.permissionDecision).toBe('deny');
    const refused = webAnswers.filter((answer) => answer.status === 503);
    expect(refused).toHaveLength(MAX_CONCURRENT / 2);
    expect(refused[0]!.text).toMatch(/team "web" already runs 2 dispatches/);
    expect(
      webAnswers.filter((answer) => answer.json?.hookSpecificOutput?.permissionDecision === 'deny'),
    ).toHaveLength(MAX_CONCURRENT / 2);
  });
});
