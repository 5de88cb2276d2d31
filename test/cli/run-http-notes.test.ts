// `run --json` says, per http hook, whether a proxy carried the request (and so whether the SSRF
// guard judged its addresses) and which allowedHttpHookUrls entry allowed the URL (issue 12 "A
// result a host can act on"). A real hook server and a real CONNECT proxy, both on 127.0.0.1, and
// the built CLI as a real process, since the proxy comes from its environment.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnBuiltCli } from '../helpers/cli.ts';
import { makeTree } from '../helpers/temp-dir.ts';
import {
  launchConnectProxy,
  launchServer,
  type TestProxy,
  type TestServer,
} from '../runners/http/http-test-kit.ts';

const ALLOW = {
  hookSpecificOutput: {
    hookEventName: 'PreToolUse',
    permissionDecision: 'allow',
    permissionDecisionReason: 'ok',
  },
};
const BASH_CALL = { tool_name: 'Bash', tool_input: { command: 'ls' }, tool_use_id: 'toolu_1' };
/** A name nothing resolves: only a proxy can reach it (ours tunnels every CONNECT to the server). */
const PROXIED_URL = 'http://hooks.internal.test/hook';
const PROXY_VARIABLES = ['http_proxy', 'HTTP_PROXY', 'https_proxy', 'HTTPS_PROXY', 'no_proxy', 'NO_PROXY'];

let server: TestServer;
let proxy: TestProxy;

beforeAll(async () => {
  server = await launchServer({ '/hook': (_req, res) => res.writeHead(200).end(JSON.stringify(ALLOW)) });
  proxy = await launchConnectProxy(server.port);
});

afterAll(async () => {
  await proxy.close();
  await server.close();
});

/** This process's environment without proxy variables, plus `extra`. */
function envWith(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const name of PROXY_VARIABLES) delete env[name];
  return { ...env, ...extra };
}

function project(url: string, allowedHttpHookUrls?: string[]): string {
  const hooks = { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'http', url }] }] };
  const settings = allowedHttpHookUrls ? { allowedHttpHookUrls, hooks } : { hooks };
  return makeTree({ '.claude/settings.json': settings, 'in.json': BASH_CALL }, 'http-notes');
}

async function run(root: string, env: NodeJS.ProcessEnv, json = true) {
  const args = ['run', 'PreToolUse', '--cwd', root, '--input', join(root, 'in.json'), '--no-user'];
  const done = await spawnBuiltCli(json ? [...args, '--json'] : args, { env });
  expect(done.code, done.stderr).toBe(0);
  return done.stdout;
}

describe('run: the HTTP runner notes of each http hook', () => {
  it('direct, no allowlist: the SSRF guard applied, no allowedHttpHookUrls set', async () => {
    const url = `${server.origin}/hook`;
    const result = JSON.parse(await run(project(url), envWith({})));
    expect(result.decision).toBe('allow');
    expect(result.hooks[0].http).toEqual({
      url,
      proxy: null,
      ssrfGuard: 'applied',
      allowlist: { status: 'unset' },
    });
  });

  it('through HTTP_PROXY: the proxy without its credentials, the guard bypassed, the matching entry', async () => {
    const root = project(PROXIED_URL, ['https://elsewhere.test/*', 'http://hooks.internal.test/*']);
    const env = envWith({ HTTP_PROXY: `http://agent:s3cret@127.0.0.1:${proxy.port}` });
    const before = proxy.tunnels.length;
    const text = await run(root, env);
    expect(proxy.tunnels.slice(before)).toEqual(['hooks.internal.test:80']);
    expect(text).not.toContain('s3cret');
    const result = JSON.parse(text);
    expect(result.decision).toBe('allow');
    expect(result.hooks[0].http).toEqual({
      url: PROXIED_URL,
      proxy: { url: `http://127.0.0.1:${proxy.port}/`, variable: 'HTTP_PROXY' },
      ssrfGuard: 'bypassed-by-proxy',
      allowlist: { status: 'matched', pattern: 'http://hooks.internal.test/*' },
    });
    const human = await run(root, env, false);
    expect(human).toContain(
      `http through proxy http://127.0.0.1:${proxy.port}/ (HTTP_PROXY): SSRF guard bypassed, the proxy resolved the host; allowed by allowedHttpHookUrls entry "http://hooks.internal.test/*"`,
    );
    expect(human).not.toContain('s3cret');
  });

  it('NO_PROXY exempts the URL: sent direct with the guard applied, and the report says why', async () => {
    const url = `${server.origin}/hook`;
    const env = envWith({ HTTP_PROXY: `http://127.0.0.1:${proxy.port}`, NO_PROXY: '127.0.0.1' });
    const before = proxy.tunnels.length;
    const result = JSON.parse(await run(project(url, ['http://127.0.0.1:*/hook']), env));
    expect(proxy.tunnels.length).toBe(before);
    expect(result.hooks[0].http).toEqual({
      url,
      proxy: null,
      proxyExemptBy: 'NO_PROXY',
      ssrfGuard: 'applied',
      allowlist: { status: 'matched', pattern: 'http://127.0.0.1:*/hook' },
    });
  });
});
