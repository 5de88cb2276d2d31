// claude-code-hooks.md §6.2: `allowedHttpHookUrls` and `httpHookAllowedEnvVars` set only outside
// managed settings do not bind managed hooks. The load-time check followed that, but the runner
// enforced the union over every file for every hook, so a project's `allowedHttpHookUrls: []`
// refused a managed HTTP guard at request time: a non-blocking error, and the call went ahead.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHookEngine, type InlineSource } from '../../src/index.ts';
import { launchServer, type TestServer } from '../runners/http/http-test-kit.ts';

const SECRET_VAR = 'AGENT_HOOKS_TEST_MANAGED_TOKEN';
const DENY = {
  hookSpecificOutput: {
    hookEventName: 'PreToolUse',
    permissionDecision: 'deny',
    permissionDecisionReason: 'managed policy says no',
  },
};
const BASH = { tool_name: 'Bash', tool_input: { command: 'rm -rf /' }, tool_use_id: 'toolu_1' };

let server: TestServer;

beforeAll(async () => {
  server = await launchServer({
    '/managed': (_req, res) => res.writeHead(200).end(JSON.stringify(DENY)),
    '/project': (_req, res) => res.writeHead(200).end('{}'),
  });
});

afterAll(async () => {
  await server.close();
});

function httpGuard(scope: 'managed' | 'project', path: string): InlineSource {
  const hook = {
    type: 'http',
    url: `${server.origin}${path}`,
    headers: { 'x-token': `$${SECRET_VAR}` },
    allowedEnvVars: [SECRET_VAR],
  };
  return {
    file: `${scope}/settings.json`,
    kind: 'claude-settings',
    scope,
    config: { hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [hook] }] } },
  };
}

/** A project settings file that allows no HTTP hook and no header variable. */
const PROJECT_LISTS: InlineSource = {
  file: '.claude/settings.json',
  kind: 'claude-settings',
  scope: 'project',
  config: { allowedHttpHookUrls: [], httpHookAllowedEnvVars: [] },
};

describe('HTTP allow-lists set outside managed settings do not bind managed hooks (§6.2)', () => {
  it("a project's empty lists neither refuse a managed HTTP guard nor strip its header; its own hook is refused", async () => {
    const engine = await createHookEngine({
      discover: false,
      profile: 'claude-code',
      sources: [httpGuard('managed', '/managed'), PROJECT_LISTS, httpGuard('project', '/project')],
      env: { ...process.env, [SECRET_VAR]: 'tok-123' },
    });
    const before = server.received.length;
    try {
      const result = await engine.dispatch('PreToolUse', BASH);
      expect(result.decision).toBe('deny');
      expect(result.reason).toBe('managed policy says no');
      const received = server.received.slice(before);
      expect(received.map((r) => r.url)).toEqual(['/managed']);
      expect(received[0]?.headers['x-token']).toBe('tok-123');
      expect(result.skipped.map((s) => s.why)).toEqual([
        `URL ${server.origin}/project matches no allowedHttpHookUrls pattern (empty list)`,
      ]);
    } finally {
      await engine.close();
    }
  });
});
