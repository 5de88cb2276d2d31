import { describe, expect, it } from 'vitest';
import { classifyAddress, describeVerdict } from '../../../src/runners/http/address-policy.ts';
import { type Connector, createGuardedConnector } from '../../../src/runners/http/guarded-connector.ts';
import { fakeLookup } from './http-test-kit.ts';

describe('classifyAddress (claude-code-hooks.md §4.3)', () => {
  it.each([
    ['0.1.2.3', '0.0.0.0/8'],
    ['10.255.255.255', '10.0.0.0/8'],
    ['100.64.0.0', '100.64.0.0/10'],
    ['169.254.169.254', '169.254.0.0/16'],
    ['172.20.1.1', '172.16.0.0/12'],
    ['192.168.255.1', '192.168.0.0/16'],
    ['192.0.0.170', '192.0.0.0/24'],
    ['198.18.5.5', '198.18.0.0/15'],
    ['203.0.113.9', '203.0.113.0/24'],
    ['230.1.1.1', '224.0.0.0/4'],
    ['250.1.1.1', '240.0.0.0/4'],
    ['255.255.255.255', '255.255.255.255/32'],
    ['::', '::/128'],
    ['fc00::', 'fc00::/7'],
    ['fdff:ffff::1', 'fc00::/7'],
    ['fe80::1%eth0', 'fe80::/10'],
    ['ff05::2', 'ff00::/8'],
    ['::ffff:172.16.0.1', '172.16.0.0/12'],
    ['::ffff:a9fe:a9fe', '169.254.0.0/16'],
    ['::a00:1', '10.0.0.0/8'],
    ['64:ff9b::c0a8:1', '192.168.0.0/16'],
    ['2002:c0a8:101::1', '192.168.0.0/16'],
    ['2001::1', '2001::/23'],
    ['4000::1', 'outside 2000::/3'],
  ])('blocks %s as %s', (ip, range) => {
    const verdict = classifyAddress(ip);
    expect(verdict.allowed).toBe(false);
    expect(verdict.range).toBe(range);
    expect(describeVerdict(verdict)).toContain(range);
  });

  it.each([
    '127.0.0.1',
    '127.255.255.254',
    '::1',
    '::ffff:127.0.0.1',
    '8.8.8.8',
    '93.184.215.14',
    '100.63.255.255',
    '100.128.0.0',
    '172.15.255.255',
    '172.32.0.0',
    '192.169.0.1',
    '2606:4700::6810:84e5',
    '2a00:1450:4001::200e',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
  ])('allows %s', (ip) => {
    expect(classifyAddress(ip).allowed).toBe(true);
  });

  it('blocks loopback reached through a translator (NAT64, 6to4): it is not this host', () => {
    expect(classifyAddress('64:ff9b::7f00:1').allowed).toBe(false);
    expect(classifyAddress('2002:7f00:1::').allowed).toBe(false);
  });

  it('blocks IPv4-compatible loopback (::127.0.0.1): Linux does not route it to lo (issue 13)', () => {
    expect(classifyAddress('::127.0.0.1')).toMatchObject({ allowed: false, range: '127.0.0.0/8' });
    expect(classifyAddress('::ffff:127.0.0.1').allowed).toBe(true);
    expect(classifyAddress('::1').allowed).toBe(true);
  });

  it('fails closed on anything that is not an address', () => {
    expect(classifyAddress('example.com')).toMatchObject({ allowed: false, label: 'not an IP address' });
  });
});

describe('createGuardedConnector', () => {
  /** A sink: records the address the guard would dial and opens nothing. */
  function sink(): { connector: Connector; dialled: string[] } {
    const dialled: string[] = [];
    const connector: Connector = (opts, callback) => {
      dialled.push(opts.hostname);
      callback(new Error('sink: not connected'), null);
    };
    return { connector, dialled };
  }

  function connectVia(connector: Connector, hostname: string): Promise<Error | null> {
    return new Promise((resolve) => {
      connector({ hostname, host: hostname, protocol: 'http:', port: '80' }, (...args) => resolve(args[0]));
    });
  }

  it('hands a public address, and only the vetted address, to the underlying connector', async () => {
    const { connector, dialled } = sink();
    const dns = fakeLookup({ 'public.test': ['93.184.215.14', '2606:4700::1'] });
    const guarded = createGuardedConnector({ lookup: dns.lookup, connector });
    const error = await connectVia(guarded, 'public.test');
    expect(error?.message).toBe('sink: not connected');
    expect(dialled).toEqual(['93.184.215.14', '2606:4700::1']);
  });

  it('checks bracketed literals without DNS', async () => {
    const { connector, dialled } = sink();
    const dns = fakeLookup({});
    const guarded = createGuardedConnector({ lookup: dns.lookup, connector });
    const error = await connectVia(guarded, '[::ffff:10.0.0.1]');
    expect((error as { code?: string }).code).toBe('SECURITY_SSRF_BLOCKED');
    expect(error?.message).toContain('::ffff:a00:1 is in 10.0.0.0/8');
    expect(dialled).toEqual([]);
    expect(dns.calls).toEqual([]);
  });

  it('gives up on a resolver that never answers', async () => {
    const { connector, dialled } = sink();
    const guarded = createGuardedConnector({
      lookup: () => new Promise(() => {}),
      lookupTimeoutMs: 50,
      connector,
    });
    const error = await connectVia(guarded, 'stuck.test');
    expect((error as { code?: string }).code).toBe('ETIMEOUT');
    expect(dialled).toEqual([]);
  });

  it('passes resolver failures through', async () => {
    const { connector } = sink();
    const guarded = createGuardedConnector({ lookup: fakeLookup({}).lookup, connector });
    expect((await connectVia(guarded, 'nowhere.test'))?.message).toContain('ENOTFOUND');
  });
});
