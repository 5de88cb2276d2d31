import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createHttpRunner, type HttpRunner } from '../../../src/runners/http/run-http-handler.ts';
import {
  fakeLookup,
  httpRequest,
  launchServer,
  recordingConnector,
  type TestServer,
} from './http-test-kit.ts';

/*
 * The SSRF battery (claude-code-hooks.md §4.3). Every request goes through the real runner with
 * an injected resolver and a recording connector that fails the test on any attempt to reach a
 * non-loopback address, so no case here can open a connection anywhere but 127.0.0.1 / ::1.
 */

/** [host as written in the URL, the range the error must name]. */
const BLOCKED_LITERALS: Array<[string, string]> = [
  ['0.0.0.0', '0.0.0.0/8'],
  ['0', '0.0.0.0/8'],
  ['0x0', '0.0.0.0/8'],
  ['10.0.0.1', '10.0.0.0/8'],
  ['012.0.0.1', '10.0.0.0/8'],
  ['0xa.0.0.1', '10.0.0.0/8'],
  ['167772161', '10.0.0.0/8'],
  ['0x0a000001', '10.0.0.0/8'],
  ['10.1', '10.0.0.0/8'],
  ['10.0.1', '10.0.0.0/8'],
  ['10.0.0.1.', '10.0.0.0/8'],
  ['100.64.0.1', '100.64.0.0/10'],
  ['100.127.255.254', '100.64.0.0/10'],
  ['169.254.169.254', '169.254.0.0/16'],
  ['0xa9.0xfe.0xa9.0xfe', '169.254.0.0/16'],
  ['0251.0376.0251.0376', '169.254.0.0/16'],
  ['2852039166', '169.254.0.0/16'],
  ['0xA9FEA9FE', '169.254.0.0/16'],
  ['169.254.43518', '169.254.0.0/16'],
  ['172.16.0.1', '172.16.0.0/12'],
  ['172.31.255.255', '172.16.0.0/12'],
  ['192.168.1.1', '192.168.0.0/16'],
  ['0xc0.0xa8.1.1', '192.168.0.0/16'],
  ['3232235777', '192.168.0.0/16'],
  ['192.0.0.8', '192.0.0.0/24'],
  ['192.0.2.1', '192.0.2.0/24'],
  ['198.18.0.1', '198.18.0.0/15'],
  ['198.19.255.1', '198.18.0.0/15'],
  ['224.0.0.1', '224.0.0.0/4'],
  ['239.255.255.250', '224.0.0.0/4'],
  ['240.0.0.1', '240.0.0.0/4'],
  ['255.255.255.255', '255.255.255.255/32'],
  ['[::]', '::/128'],
  ['[::ffff:10.0.0.1]', '10.0.0.0/8'],
  ['[::ffff:a00:1]', '10.0.0.0/8'],
  ['[::ffff:169.254.169.254]', '169.254.0.0/16'],
  ['[::ffff:a9fe:a9fe]', '169.254.0.0/16'],
  ['[0:0:0:0:0:ffff:ac10:1]', '172.16.0.0/12'],
  ['[::ffff:192.168.0.1]', '192.168.0.0/16'],
  ['[::ffff:0.0.0.0]', '0.0.0.0/8'],
  ['[::10.0.0.1]', '10.0.0.0/8'],
  ['[::a9fe:a9fe]', '169.254.0.0/16'],
  ['[fc00::1]', 'fc00::/7'],
  ['[fd12:3456:789a::1]', 'fc00::/7'],
  ['[fe80::1]', 'fe80::/10'],
  ['[febf:ffff::1]', 'fe80::/10'],
  ['[fec0::1]', 'fec0::/10'],
  ['[ff02::1]', 'ff00::/8'],
  ['[64:ff9b::a00:1]', '10.0.0.0/8'],
  ['[64:ff9b::7f00:1]', '127.0.0.0/8'],
  ['[2002:a00:1::]', '10.0.0.0/8'],
  ['[2001:db8::1]', '2001:db8::/32'],
  ['[100::1]', '100::/64'],
];

/** Loopback spellings: allowed, and the connector sees the canonical address. */
const LOOPBACK_LITERALS: Array<[string, string]> = [
  ['127.0.0.1', '127.0.0.1'],
  ['127.1', '127.0.0.1'],
  ['0x7f000001', '127.0.0.1'],
  ['2130706433', '127.0.0.1'],
  ['0177.0.0.1', '127.0.0.1'],
  ['0x7f.1', '127.0.0.1'],
  ['127.0.0.1.', '127.0.0.1'],
  ['127.0.0.2', '127.0.0.2'],
  ['[::1]', '::1'],
  ['[::ffff:127.0.0.1]', '::ffff:7f00:1'],
];

let server: TestServer;
let runner: HttpRunner | undefined;
let rec: ReturnType<typeof recordingConnector> | undefined;

beforeAll(async () => {
  server = await launchServer({ '/hook': (_req, res) => res.writeHead(200).end('{"ok":true}') });
});
afterAll(() => server.close());
afterEach(async () => {
  expect(rec?.violations ?? [], 'attempted a connection to a non-loopback address').toEqual([]);
  await runner?.close();
  rec = undefined;
  runner = undefined;
});

function setup(table: Parameters<typeof fakeLookup>[0] = {}, env: NodeJS.ProcessEnv = {}) {
  const recorder = recordingConnector();
  const dns = fakeLookup(table);
  rec = recorder;
  runner = createHttpRunner({ lookup: dns.lookup, connector: recorder.connector, env });
  return { run: runner, dns, attempts: recorder.attempts };
}

describe('SSRF guard over IP literals in every spelling', () => {
  it(`has a battery of at least 40 blocked spellings (${BLOCKED_LITERALS.length})`, () => {
    expect(BLOCKED_LITERALS.length).toBeGreaterThanOrEqual(40);
  });

  it.each(BLOCKED_LITERALS)('blocks %s (%s) without DNS and without connecting', async (host, range) => {
    const { run, dns, attempts } = setup();
    const r = await run(httpRequest({ url: `http://${host}:${server.port}/hook` }));
    expect(r.failure?.code).toBe('SECURITY_SSRF_BLOCKED');
    expect(r.failure?.message).toContain(range);
    expect(r.exitCode).toBeNull();
    expect(attempts).toEqual([]);
    expect(dns.calls).toEqual([]);
  });

  it.each(LOOPBACK_LITERALS)('allows loopback %s and connects to %s', async (host, address) => {
    const { run, dns, attempts } = setup();
    const r = await run(httpRequest({ url: `http://${host}:${server.port}/hook` }));
    expect(r.failure?.code).not.toBe('SECURITY_SSRF_BLOCKED');
    expect(attempts.map((a) => a.hostname)).toContain(address);
    expect(dns.calls).toEqual([]);
    if (address === '127.0.0.1') expect(r.exitCode).toBe(0);
  });
});

describe('SSRF guard over injected DNS answers', () => {
  const table = {
    'mixed.test': ['93.184.215.14', '10.0.0.1'],
    'metadata.test': ['169.254.169.254'],
    'v6mixed.test': ['2606:4700::6810:84e5', 'fd00::1'],
    'mapped.test': ['::ffff:10.0.0.1'],
    'loopmixed.test': ['127.0.0.1', '192.168.0.10'],
    'cgnat.test': ['100.100.100.200'],
    'garbage.test': ['not-an-address'],
    'empty.test': [],
    'loop.test': ['127.0.0.1'],
    'loop6first.test': ['::1', '127.0.0.1'],
  };

  it.each([
    ['mixed.test', '10.0.0.1 is in 10.0.0.0/8'],
    ['metadata.test', '169.254.169.254 is in 169.254.0.0/16'],
    ['v6mixed.test', 'fd00::1 is in fc00::/7'],
    ['mapped.test', '::ffff:a00:1 is in 10.0.0.0/8'],
    ['loopmixed.test', '192.168.0.10 is in 192.168.0.0/16'],
    ['cgnat.test', '100.100.100.200 is in 100.64.0.0/10'],
    ['garbage.test', 'not an IP address'],
  ])('blocks %s when any answer is blocked, naming the address and range', async (host, text) => {
    const { run, dns, attempts } = setup(table);
    const r = await run(httpRequest({ url: `http://${host}:${server.port}/hook` }));
    expect(r.failure?.code).toBe('SECURITY_SSRF_BLOCKED');
    expect(r.failure?.message).toContain(text);
    expect(r.failure?.message).toContain(host);
    expect(dns.calls).toEqual([host]);
    expect(attempts).toEqual([]);
  });

  it('bounds a resolver that never answers by the hook timeout', async () => {
    const recorder = recordingConnector();
    rec = recorder;
    runner = createHttpRunner({ lookup: () => new Promise(() => {}), connector: recorder.connector });
    const r = await runner(httpRequest({ url: `http://stuck.test:${server.port}/hook` }, { timeoutMs: 200 }));
    expect(r).toMatchObject({ timedOut: true, exitCode: null });
    expect(recorder.attempts).toEqual([]);
  });

  it('reports an empty answer as a connection failure', async () => {
    const { run } = setup(table);
    const r = await run(httpRequest({ url: `http://empty.test:${server.port}/hook` }));
    expect(r.failure?.code).toBe('RUNNER_HTTP_CONNECTION_FAILED');
    expect(r.failure?.message).toContain('ENOTFOUND');
  });

  it('allows a name resolving to 127.0.0.1 and pins the socket to the vetted address', async () => {
    let answers = 0;
    const { run, dns, attempts } = setup({
      ...table,
      // A rebinding resolver: loopback first, a private address afterwards.
      'rebind.test': () => (answers++ === 0 ? ['127.0.0.1'] : ['10.0.0.1']),
    });
    const r = await run(httpRequest({ url: `http://rebind.test:${server.port}/hook` }));
    expect(r.exitCode).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ ok: true });
    expect(dns.calls).toEqual(['rebind.test']);
    expect(attempts).toEqual([
      { hostname: '127.0.0.1', port: String(server.port), protocol: 'http:', servername: null },
    ]);
    expect(server.received.at(-1)?.headers.host).toBe(`rebind.test:${server.port}`);
  });

  it('falls back to the next vetted address when the first refuses', async () => {
    const { run, attempts } = setup(table);
    const r = await run(httpRequest({ url: `http://loop6first.test:${server.port}/hook` }));
    expect(r.exitCode).toBe(0);
    expect(attempts.map((a) => a.hostname)).toEqual(['::1', '127.0.0.1']);
  });

  it('sets servername to the hook host for https so TLS verifies the name, not the IP', async () => {
    const { run, attempts } = setup(table);
    await run(httpRequest({ url: `https://loop.test:${server.port}/hook` }));
    expect(attempts[0]).toMatchObject({ hostname: '127.0.0.1', protocol: 'https:', servername: 'loop.test' });
  });
});
