import { embeddedIpv4, formatIpv4, type IpLiteral, parseIpLiteral } from './ip-literal.ts';

/** The verdict on one address. `range` and `label` name the matching special-purpose range. */
export interface AddressVerdict {
  allowed: boolean;
  /** The address in canonical form (as connected), or the input when it is not an address. */
  address: string;
  range?: string;
  label?: string;
}

type Embedding = 'mapped' | 'compatible' | 'translated';

interface Rule {
  range: string;
  label: string;
  /** Allowed ranges (loopback only); everything else listed here is blocked. */
  allowed?: true;
  /** IPv6 ranges that carry an IPv4 address whose own verdict decides. */
  embeds?: Embedding;
  base: number[];
  bits: number;
}

/*
 * Every special-purpose, non-global range of the IANA registries (RFC 6890 and successors).
 * claude-code-hooks.md §4.3 lists the minimum (0/8, 10/8, 100.64/10, 169.254/16, 172.16/12,
 * 192.168/16, ::, fc00::/7, fe80::/10, IPv4-mapped forms) and allows loopback for local policy
 * servers; the rest are blocked here too because no hook endpoint can legitimately live there.
 */
const IPV4_RULES: Array<[string, string, true?]> = [
  ['0.0.0.0/8', '"this network" (0/8)'],
  ['10.0.0.0/8', 'private network'],
  ['100.64.0.0/10', 'carrier-grade NAT (shared address space)'],
  ['127.0.0.0/8', 'loopback', true],
  ['169.254.0.0/16', 'link-local (cloud metadata)'],
  ['172.16.0.0/12', 'private network'],
  ['192.0.0.0/24', 'IETF protocol assignments'],
  ['192.0.2.0/24', 'documentation (TEST-NET-1)'],
  ['192.88.99.0/24', '6to4 relay anycast'],
  ['192.168.0.0/16', 'private network'],
  ['198.18.0.0/15', 'benchmarking'],
  ['198.51.100.0/24', 'documentation (TEST-NET-2)'],
  ['203.0.113.0/24', 'documentation (TEST-NET-3)'],
  ['224.0.0.0/4', 'multicast'],
  ['255.255.255.255/32', 'limited broadcast'],
  ['240.0.0.0/4', 'reserved (class E)'],
];

const IPV6_RULES: Array<[string, string, { allowed?: true; embeds?: Embedding }?]> = [
  ['::/128', 'unspecified'],
  ['::1/128', 'loopback', { allowed: true }],
  ['::ffff:0:0/96', 'IPv4-mapped', { embeds: 'mapped' }],
  ['::/96', 'IPv4-compatible', { embeds: 'compatible' }],
  ['64:ff9b::/96', 'NAT64', { embeds: 'translated' }],
  ['64:ff9b:1::/48', 'local-use NAT64'],
  ['100::/64', 'discard-only'],
  ['2001::/23', 'IETF protocol assignments (incl. Teredo)'],
  ['2001:db8::/32', 'documentation'],
  ['2002::/16', '6to4', { embeds: 'translated' }],
  ['3fff::/20', 'documentation'],
  ['5f00::/16', 'SRv6 SIDs'],
  ['fc00::/7', 'unique local'],
  ['fe80::/10', 'link-local'],
  ['fec0::/10', 'site-local (deprecated)'],
  ['ff00::/8', 'multicast'],
];

function compile(range: string, label: string, extra: { allowed?: true; embeds?: Embedding } = {}): Rule {
  const [text, bitsText] = range.split('/') as [string, string];
  const ip = parseIpLiteral(text) as IpLiteral;
  const base = ip.family === 4 ? [ip.value] : ip.hextets;
  return { range, label, base, bits: Number(bitsText), ...extra };
}

const V4 = IPV4_RULES.map(([range, label, allowed]) => compile(range, label, allowed ? { allowed } : {}));
const V6 = IPV6_RULES.map(([range, label, extra]) => compile(range, label, extra));

/** True when the first `bits` bits of `words` equal those of `base` (words of `width` bits). */
function inPrefix(words: readonly number[], base: readonly number[], bits: number, width: number): boolean {
  let left = bits;
  for (let i = 0; left > 0; i++, left -= width) {
    const take = Math.min(width, left);
    const drop = 2 ** (width - take);
    if (Math.floor((words[i] ?? 0) / drop) !== Math.floor((base[i] ?? 0) / drop)) return false;
  }
  return true;
}

function classifyV4(value: number): Omit<AddressVerdict, 'address'> {
  const rule = V4.find((r) => inPrefix([value], r.base, r.bits, 32));
  if (!rule) return { allowed: true };
  return { allowed: rule.allowed === true, range: rule.range, label: rule.label };
}

function classifyV6(hextets: readonly number[]): Omit<AddressVerdict, 'address'> {
  const rule = V6.find((r) => inPrefix(hextets, r.base, r.bits, 16));
  if (!rule) {
    // Only 2000::/3 is allocated as global unicast; everything else unlisted is reserved.
    return inPrefix(hextets, [0x2000], 3, 16)
      ? { allowed: true }
      : { allowed: false, range: 'outside 2000::/3', label: 'reserved IPv6 space' };
  }
  if (!rule.embeds) return { allowed: rule.allowed === true, range: rule.range, label: rule.label };
  const v4 = rule.embeds === 'translated' && rule.range === '2002::/16' ? sixToFourIpv4(hextets) : null;
  const inner = v4 ?? embeddedIpv4(hextets);
  const verdict = classifyV4(inner);
  const where = `${rule.label} ${formatIpv4(inner)}`;
  // A translated address (NAT64, 6to4) leaves the host: an embedded 127.x is not our loopback.
  // Neither is an IPv4-compatible one (`::127.0.0.1`): Linux does not route it to lo.
  if (rule.embeds !== 'mapped' && verdict.label === 'loopback') {
    return { allowed: false, range: verdict.range, label: `loopback, reached through ${where}` };
  }
  if (!verdict.range) return { allowed: true, range: rule.range, label: where };
  return { allowed: verdict.allowed, range: verdict.range, label: `${verdict.label}, as ${where}` };
}

/** 6to4 (RFC 3056) carries the IPv4 address in bits 16–47, not in the low 32 bits. */
function sixToFourIpv4(hextets: readonly number[]): number {
  return (hextets[1] ?? 0) * 0x10000 + (hextets[2] ?? 0);
}

/**
 * Decides whether an HTTP hook may connect to `ip` (claude-code-hooks.md §4.3 SSRF guard):
 * loopback is allowed, every non-global range is blocked, and IPv6 forms that carry an IPv4
 * address (mapped, compatible, NAT64, 6to4) are judged by that IPv4 address. Anything that is
 * not an IP address is refused (the guard fails closed on odd resolver answers).
 */
export function classifyAddress(ip: string): AddressVerdict {
  const literal = parseIpLiteral(ip);
  if (!literal) return { allowed: false, address: ip, label: 'not an IP address' };
  const verdict = literal.family === 4 ? classifyV4(literal.value) : classifyV6(literal.hextets);
  return { address: literal.address, ...verdict };
}

/** "10.0.0.1 is in 10.0.0.0/8 (private network)" — the wording used in SSRF errors. */
export function describeVerdict(verdict: AddressVerdict): string {
  if (!verdict.range) return `${verdict.address} (${verdict.label ?? 'global address'})`;
  return `${verdict.address} is in ${verdict.range} (${verdict.label})`;
}
