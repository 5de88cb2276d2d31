import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseIpLiteral } from '../../../src/runners/http/ip-literal.ts';

describe('parseIpLiteral', () => {
  it.each([
    ['127.0.0.1', '127.0.0.1'],
    ['2130706433', '127.0.0.1'],
    ['0x7f000001', '127.0.0.1'],
    ['0X7F000001', '127.0.0.1'],
    ['0177.0.0.1', '127.0.0.1'],
    ['127.1', '127.0.0.1'],
    ['127.0.1', '127.0.0.1'],
    ['0x7f.1', '127.0.0.1'],
    ['0x7f.0.0x0.01', '127.0.0.1'],
    ['127.0.0.1.', '127.0.0.1'],
    ['0', '0.0.0.0'],
    ['0x', '0.0.0.0'],
    ['4294967295', '255.255.255.255'],
    ['169.254.43518', '169.254.169.254'],
    ['00000000000000012.0.0.1', '10.0.0.1'],
  ])('reads IPv4 %s as %s', (input, address) => {
    expect(parseIpLiteral(input)).toMatchObject({ family: 4, address });
  });

  it.each([
    ['::1', '::1'],
    ['[::1]', '::1'],
    ['::ffff:10.0.0.1', '::ffff:a00:1'],
    ['[::ffff:a00:1]', '::ffff:a00:1'],
    ['::10.0.0.1', '::a00:1'],
    ['0:0:0:0:0:0:0:1', '::1'],
    ['FE80::1', 'fe80::1'],
  ])('reads IPv6 %s as %s', (input, address) => {
    expect(parseIpLiteral(input)).toMatchObject({ family: 6, address });
  });

  it('keeps zone ids apart, raw or URL-encoded', () => {
    expect(parseIpLiteral('fe80::1%eth0')).toMatchObject({ address: 'fe80::1', zone: 'eth0' });
    expect(parseIpLiteral('[fe80::1%25eth0]')).toMatchObject({ address: 'fe80::1', zone: 'eth0' });
    expect(parseIpLiteral('fe80::1%')).toBeUndefined();
  });

  it.each([
    'example.com',
    'localhost',
    '256.0.0.1',
    '1.2.3.4.5',
    '08.0.0.1',
    '0x1g.0.0.1',
    '4294967296',
    '1.2.3.256',
    '1.2.65536',
    '',
    '.',
    '1..2',
    '[127.0.0.1]',
    '::ffff:127.1',
    '::ffff:0x7f.0.0.1',
    '127.0.0.1:80',
    '1.2.3.4 ',
  ])('does not take %j for an address', (input) => {
    expect(parseIpLiteral(input)).toBeUndefined();
  });

  it('agrees with the WHATWG URL parser on generated IPv4 spellings', () => {
    const part = fc.tuple(
      fc.integer({ min: 0, max: 0x1_0000_0000 }),
      fc.constantFrom(8, 10, 16),
      fc.boolean(),
    );
    const spell = ([n, radix, upper]: [number, number, boolean]): string => {
      if (radix === 16) return `${upper ? '0X' : '0x'}${n.toString(16)}`;
      if (radix === 8) return `0${n.toString(8)}`;
      return String(n);
    };
    fc.assert(
      fc.property(fc.array(part, { minLength: 1, maxLength: 4 }), fc.boolean(), (parts, trailingDot) => {
        const host = parts.map(spell).join('.') + (trailingDot ? '.' : '');
        let expected: string | undefined;
        try {
          expected = new URL(`http://${host}/`).hostname;
        } catch {
          expected = undefined;
        }
        expect(parseIpLiteral(host)?.address).toBe(expected);
      }),
      { numRuns: 2000 },
    );
  });

  it('agrees with the WHATWG URL parser on generated IPv6 addresses', () => {
    const group = fc.oneof(fc.constant(0), fc.constant(0), fc.integer({ min: 0, max: 0xffff }));
    fc.assert(
      fc.property(fc.array(group, { minLength: 8, maxLength: 8 }), fc.boolean(), (groups, dotted) => {
        const head = groups.slice(0, dotted ? 6 : 8).map((g) => g.toString(16));
        const low = groups.slice(6);
        const v4 = [(low[0] ?? 0) >> 8, (low[0] ?? 0) & 255, (low[1] ?? 0) >> 8, (low[1] ?? 0) & 255];
        const text = dotted ? `${head.join(':')}:${v4.join('.')}` : head.join(':');
        const expected = new URL(`http://[${text}]/`).hostname.slice(1, -1);
        expect(parseIpLiteral(text)).toMatchObject({ family: 6, address: expected, hextets: groups });
      }),
      { numRuns: 2000 },
    );
  });
});
