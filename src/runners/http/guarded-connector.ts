import { lookup as dnsLookup } from 'node:dns/promises';
import { buildConnector } from 'undici';
import { type AddressVerdict, classifyAddress, describeVerdict } from './address-policy.ts';
import { parseIpLiteral } from './ip-literal.ts';

export type Connector = buildConnector.connector;
export type ConnectOptions = buildConnector.Options;

export interface ResolvedAddress {
  address: string;
  family: number;
}

/** Resolves every address of a hostname (like `dns.lookup(host, { all: true })`). Injected in tests. */
export type HostLookup = (hostname: string) => Promise<ResolvedAddress[]>;

/** Same bound as undici's own connect timeout, so a stuck resolver cannot pin a pool slot forever. */
export const LOOKUP_TIMEOUT_MS = 10_000;

export const defaultLookup: HostLookup = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

/** Why a connection was refused: the host and every blocked address with its range. */
export class SsrfBlockedError extends Error {
  override readonly name = 'SsrfBlockedError';
  readonly code = 'SECURITY_SSRF_BLOCKED';
  readonly hostname: string;
  readonly blocked: AddressVerdict[];

  constructor(hostname: string, blocked: AddressVerdict[]) {
    const list = blocked.map(describeVerdict).join('; ');
    const subject = parseIpLiteral(hostname) ? 'address' : `host ${hostname} resolves to a blocked address:`;
    super(`HTTP hook blocked by the SSRF guard: ${subject} ${list}`);
    this.hostname = hostname;
    this.blocked = blocked;
  }
}

export interface GuardedConnectorOptions {
  lookup?: HostLookup;
  /** Deadline for one resolution; default {@link LOOKUP_TIMEOUT_MS}. */
  lookupTimeoutMs?: number;
  /** The connector that opens the socket; default `buildConnector()` from undici. */
  connector?: Connector;
}

function stripBrackets(host: string): string {
  return host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
}

/**
 * An undici `connect` function that applies the SSRF guard at connect time
 * (claude-code-hooks.md §4.3, dependencies.md §2(f)). IP literals are judged without DNS; a
 * name is resolved once, and if ANY of its addresses is blocked the connection is refused —
 * the source's rule, which also defeats answers that mix a public decoy with a private target.
 * The socket then connects to the vetted address itself (TLS still verifies the original name
 * through `servername`), so there is no second resolution and no DNS-rebinding window.
 */
export function createGuardedConnector(options: GuardedConnectorOptions = {}): Connector {
  const lookup = options.lookup ?? defaultLookup;
  const lookupTimeoutMs = options.lookupTimeoutMs ?? LOOKUP_TIMEOUT_MS;
  const connector = options.connector ?? buildConnector({});

  return (opts, callback) => {
    const host = stripBrackets(opts.hostname);
    const literal = parseIpLiteral(host);
    if (literal) {
      const verdict = classifyAddress(literal.address);
      if (!verdict.allowed) return callback(new SsrfBlockedError(host, [verdict]), null);
      return connector({ ...opts, hostname: literal.address }, callback);
    }
    vetName(host, lookup, lookupTimeoutMs).then(
      (addresses) => connectInTurn(connector, opts, host, addresses, callback),
      (error: Error) => callback(error, null),
    );
  };
}

function withDeadline<T>(promise: Promise<T>, ms: number, host: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      const error = new Error(`resolving ${host} took longer than ${ms} ms`);
      reject(Object.assign(error, { code: 'ETIMEOUT', hostname: host }));
    }, ms);
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}

async function vetName(host: string, lookup: HostLookup, timeoutMs: number): Promise<string[]> {
  const answers = await withDeadline(lookup(host), timeoutMs, host);
  if (answers.length === 0) {
    throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND', hostname: host });
  }
  const verdicts = answers.map((answer) => classifyAddress(answer.address));
  const blocked = verdicts.filter((v) => !v.allowed);
  if (blocked.length > 0) throw new SsrfBlockedError(host, blocked);
  return [...new Set(verdicts.map((v) => v.address))];
}

/** Tries the vetted addresses in resolver order, the next one only when a connect fails. */
function connectInTurn(
  connector: Connector,
  opts: ConnectOptions,
  host: string,
  addresses: string[],
  callback: buildConnector.Callback,
): void {
  const servername = opts.protocol === 'https:' ? (opts.servername ?? host) : opts.servername;
  const attempt = (index: number): void => {
    const address = addresses[index] as string;
    connector({ ...opts, hostname: address, ...(servername ? { servername } : {}) }, (error, socket) => {
      if (error && index + 1 < addresses.length) return attempt(index + 1);
      if (error) return callback(error, null);
      callback(null, socket as NonNullable<typeof socket>);
    });
  };
  attempt(0);
}
