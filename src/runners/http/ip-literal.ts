import { isIPv6 } from 'node:net';

/**
 * An IP address recognised in a host string, in canonical form. `value` (IPv4) and `hextets`
 * (IPv6) are what the address policy compares against its ranges.
 */
export type IpLiteral =
  | { family: 4; address: string; value: number }
  | { family: 6; address: string; hextets: number[]; zone?: string };

const IPV4_MAX_PARTS = 4;

/**
 * Recognises an IP literal in any spelling a URL host or a resolver answer may carry, and
 * returns it in canonical form; `undefined` means "a name, not an address".
 *
 * IPv4 follows the WHATWG URL host parser (the same grammar as BSD `inet_aton`): one to four
 * dot-separated parts, each decimal, octal (leading `0`) or hex (`0x`), the last part filling the
 * remaining bytes — so `2130706433`, `0x7f000001`, `0177.0.0.1`, `127.1` and `0x7f.1` are all
 * 127.0.0.1. A single trailing dot is ignored. IPv6 may be bracketed, carry a zone id (`%eth0`
 * or the URL-encoded `%25eth0`) and embed dotted IPv4 in its last 32 bits.
 */
export function parseIpLiteral(input: string): IpLiteral | undefined {
  let host = input;
  if (host.startsWith('[') && host.endsWith(']')) return parseIpv6(host.slice(1, -1));
  if (host.includes(':')) return parseIpv6(host);
  if (host.endsWith('.') && host.length > 1) host = host.slice(0, -1);
  const value = parseIpv4(host);
  return value === undefined ? undefined : { family: 4, address: formatIpv4(value), value };
}

/** The WHATWG IPv4 parser; returns the address as an unsigned 32-bit number. */
function parseIpv4(host: string): number | undefined {
  const parts = host.split('.');
  if (parts.length > IPV4_MAX_PARTS) return undefined;
  const numbers: number[] = [];
  for (const part of parts) {
    const n = parseIpv4Number(part);
    if (n === undefined) return undefined;
    numbers.push(n);
  }
  const last = numbers.pop() as number;
  if (numbers.some((n) => n > 255)) return undefined;
  // The last part fills every byte the earlier parts did not: `127.1` → 127.0.0.1.
  if (last >= 256 ** (IPV4_MAX_PARTS + 1 - parts.length)) return undefined;
  let value = last;
  numbers.forEach((n, i) => {
    value += n * 256 ** (3 - i);
  });
  return value;
}

function parseIpv4Number(part: string): number | undefined {
  if (part === '') return undefined;
  let digits = part;
  let radix = 10;
  if (/^0x/i.test(digits)) {
    digits = digits.slice(2);
    radix = 16;
  } else if (digits.length > 1 && digits.startsWith('0')) {
    digits = digits.slice(1);
    radix = 8;
  }
  if (digits === '') return 0;
  const valid = radix === 16 ? /^[0-9a-f]+$/i : radix === 8 ? /^[0-7]+$/ : /^[0-9]+$/;
  if (!valid.test(digits)) return undefined;
  // Precision loss on absurdly long parts is harmless: such values exceed every bound anyway.
  return Number.parseInt(digits, radix);
}

export function formatIpv4(value: number): string {
  return [24, 16, 8, 0].map((shift) => Math.floor(value / 2 ** shift) % 256).join('.');
}

function parseIpv6(text: string): IpLiteral | undefined {
  let address = text;
  let zone: string | undefined;
  const percent = address.indexOf('%');
  if (percent >= 0) {
    zone = address.slice(percent + 1).replace(/^25/, '');
    address = address.slice(0, percent);
    if (zone === '') return undefined;
  }
  // Node's validator is strict (no hex or short IPv4 inside IPv6, as in WHATWG). ipaddr.js is
  // not used to split the groups: 2.5.0 reads `::10.0.0.1` as `::ffff:10.0.0.1`.
  if (!isIPv6(address)) return undefined;
  const hextets = ipv6Hextets(address.toLowerCase());
  const literal: IpLiteral = { family: 6, address: formatIpv6(hextets), hextets };
  if (zone !== undefined) literal.zone = zone;
  return literal;
}

/** Splits a validated IPv6 address into its eight 16-bit groups. */
function ipv6Hextets(address: string): number[] {
  let text = address;
  const lastColon = text.lastIndexOf(':');
  const tail = text.slice(lastColon + 1);
  if (tail.includes('.')) {
    const v4 = parseIpv4(tail) as number;
    text = `${text.slice(0, lastColon + 1)}${Math.floor(v4 / 0x10000).toString(16)}:${(v4 % 0x10000).toString(16)}`;
  }
  const groups = (part: string): number[] =>
    part === '' ? [] : part.split(':').map((g) => Number.parseInt(g, 16));
  const gap = text.indexOf('::');
  if (gap < 0) return groups(text);
  const head = groups(text.slice(0, gap));
  const rest = groups(text.slice(gap + 2));
  return [...head, ...new Array<number>(8 - head.length - rest.length).fill(0), ...rest];
}

/** RFC 5952 text (the longest run of two or more zero groups becomes `::`), as URL hosts print. */
export function formatIpv6(hextets: readonly number[]): string {
  let bestStart = -1;
  let bestLength = 1;
  for (let i = 0; i < hextets.length; ) {
    let j = i;
    while (j < hextets.length && hextets[j] === 0) j++;
    if (j - i > bestLength) {
      bestStart = i;
      bestLength = j - i;
    }
    i = j === i ? i + 1 : j;
  }
  const hex = (from: number, to: number) =>
    hextets
      .slice(from, to)
      .map((h) => h.toString(16))
      .join(':');
  if (bestStart < 0) return hex(0, 8);
  return `${hex(0, bestStart)}::${hex(bestStart + bestLength, 8)}`;
}

/** The IPv4 address carried in the low 32 bits of an IPv6 address. */
export function embeddedIpv4(hextets: readonly number[]): number {
  return (hextets[6] ?? 0) * 0x10000 + (hextets[7] ?? 0);
}
