// Claude Code's hook policy keys in a Claude-format settings file read under the vscode profile.
// VS Code honours only `disableAllHooks` there (other-agents-hooks.md §2.4 step 7): the URL and
// environment allow-lists and allowManagedHooksOnly are not enforced. The engine follows the host
// and says so at each key. The dispatch cases send a real http hook to a server on 127.0.0.1 that
// the lists would stop under Claude Code (the control), and do not stop under vscode.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHookEngine, type InlineSource } from '../../src/index.ts';
import { listJson, validateJson } from '../helpers/report-json.ts';
import { makeTree } from '../helpers/temp-dir.ts';
import { launchServer, type TestServer } from '../runners/http/http-test-kit.ts';

type Profile = 'vscode' | 'claude-code';

const POLICY = {
  allowManagedHooksOnly: true,
  allowedHttpHookUrls: ['https://hooks.example.test/*'],
  httpHookAllowedEnvVars: ['SOME_OTHER_VAR'],
};
const SECRET_VAR = 'AGENT_HOOKS_TEST_POLICY_TOKEN';
const STOP_INPUT = { stop_hook_active: false };

let server: TestServer;

beforeAll(async () => {
  server = await launchServer({ '/hook': (_req, res) => res.writeHead(200).end('{}') });
});

afterAll(async () => {
  await server.close();
});

/** `.claude/settings.json` with the policy keys only, read as the profile reads that path. */
function settingsSource(profile: Profile): InlineSource {
  return {
    file: '.claude/settings.json',
    kind: profile === 'vscode' ? 'vscode-hooks' : 'claude-settings',
    scope: 'project',
    config: { ...POLICY, hooks: {} },
  };
}

/** A plugin's http Stop hook to the 127.0.0.1 server, sending the secret in a header. */
function httpHookSource(): InlineSource {
  const hook = {
    type: 'http',
    url: `${server.origin}/hook`,
    headers: { 'x-token': `$${SECRET_VAR}` },
    allowedEnvVars: [SECRET_VAR],
  };
  return {
    file: 'plugin/hooks/hooks.json',
    kind: 'claude-plugin-hooks',
    scope: 'plugin',
    config: { hooks: { Stop: [{ hooks: [hook] }] } },
  };
}

async function dispatchStop(profile: Profile) {
  const before = server.received.length;
  const engine = await createHookEngine({
    discover: false,
    profile,
    sources: [settingsSource(profile), httpHookSource()],
    env: { ...process.env, [SECRET_VAR]: 'tok-123' },
  });
  try {
    const result = await engine.dispatch('Stop', STOP_INPUT);
    const notes = engine.config.diagnostics.map((d) => `${d.code} ${d.pointer}`);
    return { result, notes, received: server.received.slice(before) };
  } finally {
    await engine.close();
  }
}

describe('vscode: Claude policy keys other than disableAllHooks are not enforced, and said (§2.4 step 7)', () => {
  it('allowedHttpHookUrls does not stop an http hook under vscode, as under VS Code; Claude Code stops it', async () => {
    const vscode = await dispatchStop('vscode');
    expect(vscode.received.map((r) => r.url)).toEqual(['/hook']);
    expect(vscode.notes).toEqual([
      'CONFIG_UNSUPPORTED_BY_HOST /allowManagedHooksOnly',
      'CONFIG_UNSUPPORTED_BY_HOST /allowedHttpHookUrls',
      'CONFIG_UNSUPPORTED_BY_HOST /httpHookAllowedEnvVars',
    ]);
    const claude = await dispatchStop('claude-code');
    expect(claude.received).toEqual([]);
  });

  it('httpHookAllowedEnvVars does not keep a variable out of a header under vscode; Claude Code keeps it out', async () => {
    const vscode = await dispatchStop('vscode');
    expect(vscode.received[0]?.headers['x-token']).toBe('tok-123');
    const engine = await createHookEngine({
      discover: false,
      profile: 'claude-code',
      sources: [
        { ...settingsSource('claude-code'), config: { httpHookAllowedEnvVars: ['SOME_OTHER_VAR'] } },
        httpHookSource(),
      ],
      env: { ...process.env, [SECRET_VAR]: 'tok-123' },
    });
    const before = server.received.length;
    try {
      await engine.dispatch('Stop', STOP_INPUT);
    } finally {
      await engine.close();
    }
    const claude = server.received.slice(before);
    expect(claude).toHaveLength(1);
    expect(claude[0]?.headers['x-token']).toBe('');
  });

  it('validate --profile vscode shows each ignored key at its line and column, saying it is not in force', async () => {
    const root = makeTree({ '.claude/settings.json': { ...POLICY, disableAllHooks: false, hooks: {} } });
    const { code, diagnostics: found } = await validateJson(root, ['.claude/settings.json']);
    expect(code).toBe(0);
    expect(found.map((d) => `${d.code} ${d.pointer} ${d.line}:${d.column}`)).toEqual([
      'CONFIG_UNSUPPORTED_BY_HOST /allowManagedHooksOnly 2:3',
      'CONFIG_UNSUPPORTED_BY_HOST /allowedHttpHookUrls 3:3',
      'CONFIG_UNSUPPORTED_BY_HOST /httpHookAllowedEnvVars 6:3',
    ]);
    for (const d of found) expect(d.message).toContain('VS Code does not enforce');
    expect(found[1]?.message).toContain('the URL allow-list is NOT in force under VS Code');
    expect(found[2]?.message).toContain('leave it out of the environment VS Code starts with');
  });

  it('list --profile vscode shows the same warnings; disableAllHooks is still honoured', async () => {
    const root = makeTree({
      '.claude/settings.json': {
        ...POLICY,
        disableAllHooks: true,
        hooks: { Stop: [{ hooks: [{ type: 'command', command: 'true' }] }] },
      },
    });
    const listed = await listJson(root);
    expect(listed.code).toBe(0);
    expect(listed.report.skipped.map((s: { code: string }) => s.code)).toEqual(['CONFIG_HOOKS_DISABLED']);
    const found = listed.diagnostics.map((d) => `${d.code} ${d.pointer}`);
    expect(found).toEqual([
      'CONFIG_UNSUPPORTED_BY_HOST /allowManagedHooksOnly',
      'CONFIG_UNSUPPORTED_BY_HOST /allowedHttpHookUrls',
      'CONFIG_UNSUPPORTED_BY_HOST /httpHookAllowedEnvVars',
    ]);
  });
});
