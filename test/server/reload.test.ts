import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../src/server/auth.ts';
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

// A configuration reload while requests run: what the server answers must still be what the
// team's hooks decide (docs/server.md "Reload").

let config: ConfigDir;
let server: ServerInternals;
const logs: string[] = [];

/** Web's guard: on `wait-for-gate` it says it started, waits for the gate file, then denies. */
function gatedGuard(dir: string): Record<string, unknown> {
  const started = join(dir, 'started');
  const gate = join(dir, 'gate');
  const command = `input=$(cat); case "$input" in *wait-for-gate*) touch '${started}'; while [ ! -e '${gate}' ]; do sleep 0.02; done; echo "denied after the gate" >&2; exit 2;; esac; exit 0`;
  return { hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command }] }] } };
}

/** Rewrites the configuration file and waits until the server has read it; returns its log. */
async function editConfig(
  edit: (config: Record<string, any>) => void,
  expected = 'configuration reloaded',
): Promise<string> {
  const data = JSON.parse(readFileSync(config.configFile, 'utf8'));
  edit(data);
  const seen = logs.length;
  writeFileSync(config.configFile, JSON.stringify(data, null, 2));
  await until(() => logs.slice(seen).some((line) => line.includes(expected)), expected);
  return logs.slice(seen).join('\n');
}

beforeAll(async () => {
  config = makeConfigDir();
  writeFileSync(
    join(config.dir, 'teams', 'web', '.claude', 'settings.json'),
    JSON.stringify(gatedGuard(config.dir)),
  );
  server = await serveConfigDir(config, {
    watch: true,
    log: (line) => logs.push(line),
  });
});

afterAll(async () => {
  await server?.close();
  rmSync(config.dir, { recursive: true, force: true });
});

describe('agent-hooks serve: a configuration reload while hooks run', () => {
  it("keeps a running guard's decision when the reload replaces the team's engine", async () => {
    const answer = post(
      `${server.url}/hooks/claude-code/PreToolUse`,
      claudePreToolUse('wait-for-gate'),
      OTHER_TOKEN,
    );
    await until(() => existsSync(join(config.dir, 'started')), 'the guard to start');
    // A new `managed` folder replaces every team's engine.
    mkdirSync(join(config.dir, 'org-policy'), { recursive: true });
    await editConfig((data) => {
      data.managed = 'org-policy';
    });
    writeFileSync(join(config.dir, 'gate'), '');
    const { status, json } = await answer;
    expect({ status, json }).toEqual({
      status: 200,
      json: {
        hookSpecificOutput: {
          hookEventName: 'PreToolUse',
          permissionDecision: 'deny',
          permissionDecisionReason: 'denied after the gate',
        },
      },
    });
    const next = await post(
      `${server.url}/hooks/claude-code/PreToolUse`,
      claudePreToolUse('ls'),
      OTHER_TOKEN,
    );
    expect(next.status).toBe(200);
  });
});

describe('agent-hooks serve: the token table changes', () => {
  it('takes a token moved to another team, or removed, at once (no cached team)', async () => {
    // Both tokens were used lately, so the server remembers their teams.
    const web = await post(
      `${server.url}/hooks/claude-code/PreToolUse`,
      claudePreToolUse('rm -rf /'),
      OTHER_TOKEN,
    );
    expect(web).toMatchObject({ status: 200, json: {} });
    expect((await post(`${server.url}/hooks/claude-code/PreToolUse`, claudePreToolUse('ls'))).status).toBe(
      200,
    );
    await editConfig((data) => {
      data.teams.payments.tokens = [hashToken(OTHER_TOKEN)];
      data.teams.web.tokens = [];
    });
    const moved = await post(
      `${server.url}/hooks/claude-code/PreToolUse`,
      claudePreToolUse('rm -rf /'),
      OTHER_TOKEN,
    );
    expect(moved.json).toEqual({
      hookSpecificOutput: {
        hookEventName: 'PreToolUse',
        permissionDecision: 'deny',
        permissionDecisionReason: 'Blocked by the team guard: rm -rf',
      },
    });
    const removed = await post(`${server.url}/hooks/claude-code/PreToolUse`, claudePreToolUse('ls'));
    expect(removed.status).toBe(401);
  });

  it('refuses a configuration that gives one token to two teams, and keeps the last good one', async () => {
    // After the test above, OTHER_TOKEN is payments'. A copy-paste gives it to web as well.
    const log = await editConfig((data) => {
      data.teams.web.tokens = [hashToken(OTHER_TOKEN)];
    }, 'keeping the previous configuration');
    expect(log).toMatch(/SERVER_CONFIG_INVALID: .*agent-hooks\.server\.json:\d+:\d+: .*team "payments"/);
    const answer = await post(
      `${server.url}/hooks/claude-code/PreToolUse`,
      claudePreToolUse('rm -rf /'),
      OTHER_TOKEN,
    );
    expect(answer.json?.hookSpecificOutput?.permissionDecision).toBe('deny');
  });
});

describe('agent-hooks serve: limits at a reload', () => {
  it('limits.maxBodyBytes applies at once (docs/server.md "Reload")', async () => {
    // After the tests above, OTHER_TOKEN is payments' token.
    const body = claudePreToolUse(`echo ${'x'.repeat(600)}`);
    const before = await post(`${server.url}/hooks/claude-code/PreToolUse`, body, OTHER_TOKEN);
    expect(before.status).toBe(200);
    await editConfig((data) => {
      // The file on disk still gives OTHER_TOKEN to two teams (the test above): mend that too.
      data.teams.web.tokens = [];
      data.limits = { ...data.limits, maxBodyBytes: 512 };
    });
    const after = await post(`${server.url}/hooks/claude-code/PreToolUse`, body, OTHER_TOKEN);
    expect(after.status).toBe(413);
  });
});
