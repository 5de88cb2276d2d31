import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { proxyForUrl } from '../../../src/runners/http/proxy-config.ts';
import { createHttpRunner } from '../../../src/runners/http/run-http-handler.ts';
import {
  fakeLookup,
  httpRequest,
  launchConnectProxy,
  launchServer,
  recordingConnector,
  type TestProxy,
  type TestServer,
} from './http-test-kit.ts';

/*
 * claude-code-hooks.md §4.3: with HTTP(S)_PROXY in effect the SSRF guard is skipped, because the
 * proxy resolves names. The "proxy" here is a CONNECT tunnel on 127.0.0.1 that always forwards to
 * the loopback test server, whatever host was asked for; nothing is resolved or dialled elsewhere.
 */

let target: TestServer;
let proxy: TestProxy;
let proxyPort: number;
let tunnels: string[];

beforeAll(async () => {
  target = await launchServer({ '/hook': (_req, res) => res.writeHead(200).end('{"via":"proxy"}') });
  proxy = await launchConnectProxy(target.port);
  proxyPort = proxy.port;
  tunnels = proxy.tunnels;
});

afterAll(async () => {
  await proxy.close();
  await target.close();
});

describe('proxy bypass of the SSRF guard', () => {
  it('sends through HTTP_PROXY without resolving or vetting the hook host', async () => {
    const rec = recordingConnector();
    const dns = fakeLookup({ 'internal.corp.test': ['10.0.0.1'] });
    const env = { HTTP_PROXY: `http://user:pw@127.0.0.1:${proxyPort}` };
    const runner = createHttpRunner({ lookup: dns.lookup, connector: rec.connector, env });
    try {
      const r = await runner(httpRequest({ url: 'http://internal.corp.test/hook' }));
      expect(r.exitCode).toBe(0);
      expect(JSON.parse(r.stdout)).toEqual({ via: 'proxy' });
      expect(tunnels.at(-1)).toBe('internal.corp.test:80');
      expect(dns.calls).toEqual([]);
      expect(rec.attempts.map((a) => `${a.hostname}:${a.port}`)).toEqual([`127.0.0.1:${proxyPort}`]);
      expect(rec.violations).toEqual([]);
      const note =
        r.diagnostics?.find((found) => found.code === 'SECURITY_SSRF_GUARD_BYPASSED')?.message ?? '';
      expect(note).toContain('HTTP_PROXY');
      expect(note).not.toContain('pw');
      expect(r.http).toEqual({
        url: 'http://internal.corp.test/hook',
        proxy: { url: `http://127.0.0.1:${proxyPort}/`, variable: 'HTTP_PROXY' },
        ssrfGuard: 'bypassed-by-proxy',
        allowlist: { status: 'unset' },
      });
    } finally {
      await runner.close();
    }
  });

  it('keeps the guard when NO_PROXY exempts the host', async () => {
    const rec = recordingConnector();
    const dns = fakeLookup({ 'internal.corp.test': ['10.0.0.1'] });
    const env = { HTTP_PROXY: `http://127.0.0.1:${proxyPort}`, NO_PROXY: '.corp.test' };
    const runner = createHttpRunner({ lookup: dns.lookup, connector: rec.connector, env });
    try {
      const before = tunnels.length;
      const r = await runner(httpRequest({ url: 'http://internal.corp.test/hook' }));
      expect(r.failure?.code).toBe('SECURITY_SSRF_BLOCKED');
      expect(dns.calls).toEqual(['internal.corp.test']);
      expect(rec.attempts).toEqual([]);
      expect(tunnels.length).toBe(before);
      expect(r.http).toEqual({
        url: 'http://internal.corp.test/hook',
        proxy: null,
        proxyExemptBy: 'NO_PROXY',
        ssrfGuard: 'applied',
        allowlist: { status: 'unset' },
      });
    } finally {
      await runner.close();
    }
  });
});

describe('an unusable proxy URL', () => {
  it('refuses the request before any I/O, without claiming the guard was bypassed or notes', async () => {
    const rec = recordingConnector();
    const dns = fakeLookup({});
    const runner = createHttpRunner({
      lookup: dns.lookup,
      connector: rec.connector,
      env: { HTTP_PROXY: 'not a url' },
    });
    try {
      const r = await runner(httpRequest({ url: 'http://internal.corp.test/hook' }));
      expect(r.failure).toEqual({
        code: 'RUNNER_HTTP_INVALID_REQUEST',
        message: 'HTTP_PROXY is not a usable proxy URL: Invalid URL',
      });
      expect(r.diagnostics ?? []).toEqual([]);
      expect(r.http).toBeUndefined();
      expect(rec.attempts).toEqual([]);
      expect(dns.calls).toEqual([]);
    } finally {
      await runner.close();
    }
  });
});

describe('proxyForUrl (undici EnvHttpProxyAgent semantics)', () => {
  const https = new URL('https://api.example.com/x');
  const http = new URL('http://api.example.com:8080/x');

  it('prefers lower-case variables and lets https fall back to the http proxy', () => {
    expect(proxyForUrl(https, { HTTPS_PROXY: 'http://a', https_proxy: 'http://b' })?.uri).toBe('http://b');
    expect(proxyForUrl(https, { HTTP_PROXY: 'http://c' })).toEqual({
      uri: 'http://c',
      variable: 'HTTP_PROXY',
    });
    expect(proxyForUrl(http, { HTTPS_PROXY: 'http://a' })).toBeUndefined();
    expect(proxyForUrl(http, {})).toBeUndefined();
    expect(proxyForUrl(http, { HTTP_PROXY: '' })).toBeUndefined();
  });

  it('honours NO_PROXY entries, suffixes, ports and *', () => {
    const env = { HTTP_PROXY: 'http://p', HTTPS_PROXY: 'http://p' };
    expect(proxyForUrl(https, { ...env, NO_PROXY: 'example.com' })).toBeUndefined();
    expect(proxyForUrl(https, { ...env, NO_PROXY: '*.example.com' })).toBeUndefined();
    expect(proxyForUrl(https, { ...env, NO_PROXY: 'other.com, .example.com' })).toBeUndefined();
    expect(proxyForUrl(https, { ...env, NO_PROXY: '*' })).toBeUndefined();
    expect(proxyForUrl(http, { ...env, NO_PROXY: 'api.example.com:8080' })).toBeUndefined();
    expect(proxyForUrl(http, { ...env, NO_PROXY: 'api.example.com:9090' })?.uri).toBe('http://p');
    expect(proxyForUrl(https, { ...env, NO_PROXY: 'ample.com' })?.uri).toBe('http://p');
  });
});
