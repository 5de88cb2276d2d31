import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createHttpRunner, type HttpRunner } from '../../../src/runners/http/run-http-handler.ts';
import { until } from '../../helpers/poll.ts';
import {
  fakeLookup,
  httpRequest,
  launchServer,
  recordingConnector,
  type TestServer,
} from './http-test-kit.ts';

const BIG_BYTES = 1024 * 1024;
const CAP_BYTES = 64 * 1024;

let server: TestServer;
let runner: HttpRunner;
let rec: ReturnType<typeof recordingConnector>;
const stalled: Array<() => void> = [];

beforeAll(async () => {
  server = await launchServer({
    '/empty': (_req, res) => res.writeHead(200).end(),
    '/no-content': (_req, res) => res.writeHead(204).end(),
    '/whitespace': (_req, res) => res.writeHead(200).end('  \n'),
    '/json': (_req, res) =>
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"decision":"block","reason":"nope"}'),
    '/text': (_req, res) => res.writeHead(200).end('just some words'),
    '/array': (_req, res) => res.writeHead(200).end('[1,2]'),
    '/500': (_req, res) => res.writeHead(500).end('database on fire'),
    '/404-json': (_req, res) => res.writeHead(404).end('{"decision":"block"}'),
    '/redirect': (_req, res) => res.writeHead(302, { location: 'http://10.0.0.1/steal' }).end(),
    '/redirect-local': (_req, res) => res.writeHead(307, { location: '/json' }).end(),
    '/huge': (_req, res) => res.writeHead(200).end(`{"a":"${'x'.repeat(BIG_BYTES)}"}`),
    '/echo-json': (_req, res, body) => res.writeHead(200).end(body),
    '/hang': (_req, res) => stalled.push(() => res.destroy()),
    '/hang-body': (_req, res) => {
      res.writeHead(200).write('{"partial":');
      stalled.push(() => res.destroy());
    },
  });
});

afterAll(async () => {
  for (const release of stalled) release();
  await server.close();
});

function freshRunner(maxBodyBytes?: number): HttpRunner {
  rec = recordingConnector();
  const { lookup } = fakeLookup({ 'hooks.test': ['127.0.0.1'] });
  runner = createHttpRunner({ lookup, connector: rec.connector, ...(maxBodyBytes ? { maxBodyBytes } : {}) });
  return runner;
}

afterEach(async () => {
  expect(rec.violations).toEqual([]);
  await runner.close();
});

describe('http runner against a real loopback server (claude-code-hooks.md §3.3, §4.3)', () => {
  it('POSTs the payload JSON with content-type application/json', async () => {
    const run = freshRunner();
    const req = httpRequest(
      { url: `${server.origin}/empty` },
      { payload: { hook_event_name: 'Stop', n: 1 } },
    );
    const r = await run(req);
    expect(r).toMatchObject({ exitCode: 0, stdout: '', timedOut: false, cancelled: false });
    expect(r.failure).toBeUndefined();
    const got = server.received.at(-1);
    expect(got?.method).toBe('POST');
    expect(got?.headers['content-type']).toBe('application/json');
    expect(got?.body).toBe(req.payloadJson);
  });

  it('treats 204 and a whitespace-only 2xx body as success with no output', async () => {
    const run = freshRunner();
    for (const path of ['/no-content', '/whitespace']) {
      const r = await run(httpRequest({ url: `${server.origin}${path}` }));
      expect(r, path).toMatchObject({ exitCode: 0, stdout: '' });
      expect(r.failure, path).toBeUndefined();
    }
  });

  it('passes a 2xx JSON object through as stdout, like command output', async () => {
    const r = await freshRunner()(httpRequest({ url: `${server.origin}/json` }));
    expect(r.exitCode).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ decision: 'block', reason: 'nope' });
  });

  it('returns the parsed body as the output object, so the engine never parses it again', async () => {
    const r = await freshRunner()(httpRequest({ url: `${server.origin}/json` }));
    expect(r.output).toEqual({ decision: 'block', reason: 'nope' });
    const empty = await freshRunner()(httpRequest({ url: `${server.origin}/empty` }));
    expect(empty.output).toBeUndefined();
  });

  it('makes a non-JSON or non-object 2xx body a non-blocking failure, never context', async () => {
    const run = freshRunner();
    for (const path of ['/text', '/array']) {
      const r = await run(httpRequest({ url: `${server.origin}${path}` }));
      expect(r.stdout, path).toBe('');
      expect(r.exitCode, path).toBeNull();
      expect(r.failure?.code, path).toBe('RUNNER_HTTP_BAD_BODY');
    }
  });

  it('reports non-2xx statuses with the status and a body preview, ignoring JSON in them', async () => {
    const run = freshRunner();
    const r500 = await run(httpRequest({ url: `${server.origin}/500` }));
    expect(r500.failure?.code).toBe('RUNNER_HTTP_STATUS');
    expect(r500.failure?.message).toMatch(/HTTP 500.*database on fire/);
    const r404 = await run(httpRequest({ url: `${server.origin}/404-json` }));
    expect(r404).toMatchObject({ exitCode: null, stdout: '' });
    expect(r404.failure?.code).toBe('RUNNER_HTTP_STATUS');
  });

  it('never follows redirects, not even to an internal address or the same server', async () => {
    const run = freshRunner();
    const before = server.received.length;
    const away = await run(httpRequest({ url: `${server.origin}/redirect` }));
    expect(away.failure?.code).toBe('RUNNER_HTTP_REDIRECT');
    expect(away.failure?.message).toContain('http://10.0.0.1/steal');
    const local = await run(httpRequest({ url: `${server.origin}/redirect-local` }));
    expect(local.failure?.code).toBe('RUNNER_HTTP_REDIRECT');
    expect(server.received.slice(before).map((r) => r.url)).toEqual(['/redirect', '/redirect-local']);
    expect(rec.attempts.every((a) => a.hostname === '127.0.0.1')).toBe(true);
  });

  it('caps the response body and discards an oversized answer', async () => {
    const r = await freshRunner(CAP_BYTES)(httpRequest({ url: `${server.origin}/huge` }));
    expect(r.failure?.code).toBe('RUNNER_HTTP_BODY_TOO_LARGE');
    expect(r.stdoutTruncated).toBe(true);
    expect(r.stdout).toBe('');
  });

  it('reads a body under the cap in full', async () => {
    const payload = { hook_event_name: 'Stop', blob: 'y'.repeat(CAP_BYTES / 2) };
    const r = await freshRunner(CAP_BYTES)(httpRequest({ url: `${server.origin}/echo-json` }, { payload }));
    expect(r.exitCode).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual(payload);
  });

  it('times out when the server never answers, and when the body stalls', async () => {
    const run = freshRunner();
    for (const path of ['/hang', '/hang-body']) {
      const started = performance.now();
      const r = await run(httpRequest({ url: `${server.origin}${path}` }, { timeoutMs: 300 }));
      expect(r, path).toMatchObject({ timedOut: true, cancelled: false, exitCode: null, stdout: '' });
      expect(
        r.diagnostics?.map((found) => found.code),
        path,
      ).toEqual(['RUNNER_TIMEOUT']);
      expect(performance.now() - started, path).toBeGreaterThanOrEqual(250);
      expect(performance.now() - started, path).toBeLessThan(8_000);
    }
  });

  it('reports cancellation through request.signal', async () => {
    const controller = new AbortController();
    const pending = freshRunner()(
      httpRequest({ url: `${server.origin}/hang` }, { signal: controller.signal }),
    );
    const count = server.received.length;
    await until(() => server.received.length > count, 'the request to reach the server');
    controller.abort();
    const r = await pending;
    expect(r).toMatchObject({ cancelled: true, timedOut: false });
    expect(r.diagnostics?.map((found) => found.code)).toEqual(['RUNNER_CANCELLED']);
  });

  it('reports a refused connection as RUNNER_HTTP_CONNECTION_FAILED', async () => {
    const other = await launchServer({});
    const url = `${other.origin}/x`;
    await other.close();
    const r = await freshRunner()(httpRequest({ url }));
    expect(r.failure?.code).toBe('RUNNER_HTTP_CONNECTION_FAILED');
    expect(r.failure?.message).toContain('ECONNREFUSED');
  });

  it('rejects non-http URLs and invalid URLs before any I/O', async () => {
    const run = freshRunner();
    for (const url of ['file:///etc/passwd', 'not a url', 'ftp://127.0.0.1/']) {
      const r = await run(httpRequest({ url }));
      expect(r.failure?.code, url).toBe('RUNNER_HTTP_INVALID_REQUEST');
    }
    expect(rec.attempts).toEqual([]);
  });

  it('reaches the loopback server through a hostname whose injected answer is 127.0.0.1', async () => {
    const run = freshRunner();
    const r = await run(httpRequest({ url: `http://hooks.test:${server.port}/json` }));
    expect(r.exitCode).toBe(0);
    expect(server.received.at(-1)?.headers.host).toBe(`hooks.test:${server.port}`);
    expect(rec.attempts.at(-1)?.hostname).toBe('127.0.0.1');
  });
});

describe('header interpolation (claude-code-hooks.md §4.3; seed 004 layer 2)', () => {
  const env = { MY_TOKEN: 'tok-123', SECRET: 'do-not-leak', OTHER: 'o' };

  it('resolves allowed variables, blanks the rest, leaves lower-case names and the URL alone', async () => {
    const r = await freshRunner()(
      httpRequest(
        {
          url: `${server.origin}/empty?t=$MY_TOKEN`,
          headers: {
            Authorization: 'Bearer $MY_TOKEN',
            // biome-ignore lint/suspicious/noTemplateCurlyInString: the literal header syntax under test
            'X-Braced': '${MY_TOKEN}/${SECRET}',
            'X-Secret': '$SECRET',
            'X-Lower': '$lower',
            'Content-Length': '999',
          },
          allowedEnvVars: ['MY_TOKEN'],
        },
        { env },
      ),
    );
    expect(r.exitCode).toBe(0);
    const got = server.received.at(-1);
    expect(got?.url).toBe('/empty?t=$MY_TOKEN');
    expect(got?.headers.authorization).toBe('Bearer tok-123');
    expect(got?.headers['x-braced']).toBe('tok-123/');
    expect(got?.headers['x-secret']).toBe('');
    expect(got?.headers['x-lower']).toBe('$lower');
    expect(got?.headers['content-length']).toBe(String(Buffer.byteLength(got?.body ?? '')));
    expect(JSON.stringify(got?.headers)).not.toContain('do-not-leak');
    expect(r.diagnostics?.map((found) => found.code)).toEqual(['SECURITY_HEADER_VARS_WITHHELD']);
    expect(r.diagnostics?.[0]?.message).toContain('SECRET');
    expect(JSON.stringify(r.diagnostics)).not.toContain('do-not-leak');
  });

  it('narrows allowedEnvVars to the policy httpHookAllowedEnvVars', async () => {
    const spec = {
      url: `${server.origin}/empty`,
      headers: { A: '$MY_TOKEN', B: '$OTHER' },
      allowedEnvVars: ['MY_TOKEN', 'OTHER'],
    };
    await freshRunner()(httpRequest(spec, { env, policy: { httpHookAllowedEnvVars: ['OTHER'] } }));
    const got = server.received.at(-1);
    expect(got?.headers.a).toBe('');
    expect(got?.headers.b).toBe('o');
  });

  it('strips CR and LF from resolved values so a variable cannot add a header', async () => {
    const evil = { MY_TOKEN: 'x\r\nX-Injected: 1' };
    const spec = {
      url: `${server.origin}/empty`,
      headers: { Authorization: '$MY_TOKEN' },
      allowedEnvVars: ['MY_TOKEN'],
    };
    const r = await freshRunner()(httpRequest(spec, { env: evil }));
    expect(r.exitCode).toBe(0);
    const got = server.received.at(-1);
    expect(got?.headers.authorization).toBe('xX-Injected: 1');
    expect(got?.headers['x-injected']).toBeUndefined();
  });
});

describe('URL allowlist and Copilot transport rules', () => {
  it('blocks a URL outside allowedHttpHookUrls before any I/O and lists the patterns', async () => {
    const run = freshRunner();
    const before = server.received.length;
    const patterns = ['https://hooks.example.com/*', 'http://localhost:*/hook'];
    const r = await run(
      httpRequest({ url: `${server.origin}/empty` }, { policy: { allowedHttpHookUrls: patterns } }),
    );
    expect(r.failure?.code).toBe('SECURITY_URL_NOT_ALLOWED');
    for (const p of patterns) expect(r.failure?.message).toContain(p);
    const none = await run(
      httpRequest({ url: `${server.origin}/empty` }, { policy: { allowedHttpHookUrls: [] } }),
    );
    expect(none.failure?.code).toBe('SECURITY_URL_NOT_ALLOWED');
    expect(server.received.length).toBe(before);
    expect(rec.attempts).toEqual([]);
  });

  it('runs a URL matching an allowedHttpHookUrls pattern', async () => {
    const policy = { allowedHttpHookUrls: ['http://127.0.0.1:*/json'] };
    const r = await freshRunner()(httpRequest({ url: `${server.origin}/json` }, { policy }));
    expect(r.exitCode).toBe(0);
  });

  it('requires https for Copilot hooks unless loopback with COPILOT_HOOK_ALLOW_LOCALHOST=1 (other-agents-hooks.md §1.1)', async () => {
    const run = freshRunner();
    const url = `${server.origin}/json`;
    const blocked = await run(httpRequest({ url }, { dialect: 'copilot', event: 'Stop' }));
    expect(blocked.failure?.code).toBe('SECURITY_HTTPS_REQUIRED');
    const allowedEnv = { COPILOT_HOOK_ALLOW_LOCALHOST: '1' };
    const ok = await run(httpRequest({ url }, { dialect: 'copilot-compat', event: 'Stop', env: allowedEnv }));
    expect(ok.exitCode).toBe(0);
    for (const event of ['PreToolUse', 'PermissionRequest'] as const) {
      const r = await run(httpRequest({ url }, { dialect: 'copilot', event, env: allowedEnv }));
      expect(r.failure?.code, event).toBe('SECURITY_HTTPS_REQUIRED');
    }
    const withVars = await run(
      httpRequest({ url, allowedEnvVars: ['TOKEN'] }, { dialect: 'copilot', event: 'Stop', env: allowedEnv }),
    );
    expect(withVars.failure?.code).toBe('SECURITY_HTTPS_REQUIRED');
    const claude = await run(httpRequest({ url }, { dialect: 'claude', event: 'PreToolUse' }));
    expect(claude.exitCode).toBe(0);
  });
});
