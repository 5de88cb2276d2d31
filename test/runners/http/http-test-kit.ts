import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { type AddressInfo, connect, type Socket } from 'node:net';
import { buildConnector } from 'undici';
import type { Dialect } from '../../../src/model/dialect.ts';
import type { EventName } from '../../../src/model/event-name.ts';
import type { HttpFields, HttpHandler } from '../../../src/model/handler.ts';
import type { Connector, HostLookup, ResolvedAddress } from '../../../src/runners/http/guarded-connector.ts';
import type { RunnerPolicy, RunRequest } from '../../../src/runners/types.ts';

export interface Received {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

export type Route = (req: IncomingMessage, res: ServerResponse, body: string) => void;

/** A real HTTP server on 127.0.0.1 that records every request and answers by path. */
export interface TestServer {
  server: Server;
  port: number;
  origin: string;
  received: Received[];
  close(): Promise<void>;
}

export async function launchServer(routes: Record<string, Route>): Promise<TestServer> {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      const route = routes[(req.url ?? '').split('?')[0] ?? ''];
      if (route) route(req, res, body);
      else res.writeHead(404).end('no route');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    server,
    port,
    origin: `http://127.0.0.1:${port}`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A CONNECT proxy on 127.0.0.1 and the `host:port` of every tunnel it was asked for. */
export interface TestProxy {
  port: number;
  tunnels: string[];
  close(): Promise<void>;
}

/**
 * A real forwarding proxy on 127.0.0.1: it answers CONNECT (what undici's ProxyAgent sends, for
 * http and https targets alike) by tunnelling to `targetPort` on 127.0.0.1, whatever host was
 * asked for, so nothing is resolved or dialled anywhere else.
 */
export async function launchConnectProxy(targetPort: number): Promise<TestProxy> {
  const tunnels: string[] = [];
  const sockets = new Set<Socket>();
  const proxy = createServer((_req, res) => res.writeHead(405).end());
  proxy.on('connect', (req, client: Socket, head: Buffer) => {
    tunnels.push(req.url ?? '');
    const upstream = connect(targetPort, '127.0.0.1', () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('error', () => s.destroy());
      s.on('close', () => sockets.delete(s));
    }
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  return {
    port: (proxy.address() as AddressInfo).port,
    tunnels,
    close: () => {
      for (const s of sockets) s.destroy();
      return new Promise<void>((resolve) => proxy.close(() => resolve()));
    },
  };
}

/** The only addresses a test may open a socket to (DESIGN.md, security rules). */
const OPENABLE = new Set(['127.0.0.1', '::1']);
const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:7f[0-9a-f]{2}:[0-9a-f]{1,4})$/;

export interface ConnectAttempt {
  hostname: string;
  port: string;
  protocol: string;
  servername?: string | null;
}

/**
 * A connector that records every attempt. It opens real sockets only to 127.0.0.1 and ::1;
 * other loopback spellings are recorded and refused; anything else is a violation that fails
 * the test (checked by `assertNoViolations`) and is refused without opening anything.
 */
export function recordingConnector(): {
  connector: Connector;
  attempts: ConnectAttempt[];
  violations: ConnectAttempt[];
} {
  const real = buildConnector({});
  const attempts: ConnectAttempt[] = [];
  const violations: ConnectAttempt[] = [];
  const connector: Connector = (opts, callback) => {
    const attempt = {
      hostname: opts.hostname,
      port: opts.port,
      protocol: opts.protocol,
      servername: opts.servername,
    };
    attempts.push(attempt);
    if (OPENABLE.has(opts.hostname)) return real(opts, callback);
    if (!LOOPBACK.test(opts.hostname)) violations.push(attempt);
    callback(
      Object.assign(new Error(`test connector refused ${opts.hostname}`), { code: 'ETESTREFUSED' }),
      null,
    );
  };
  return { connector, attempts, violations };
}

/** An injected resolver: a fixed answer table; unknown names fail like NXDOMAIN. Never real DNS. */
export function fakeLookup(table: Record<string, string[] | (() => string[])>): {
  lookup: HostLookup;
  calls: string[];
} {
  const calls: string[] = [];
  const lookup: HostLookup = async (hostname) => {
    calls.push(hostname);
    const entry = table[hostname];
    if (entry === undefined) {
      throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    }
    const addresses = typeof entry === 'function' ? entry() : entry;
    return addresses.map((address): ResolvedAddress => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  return { lookup, calls };
}

export interface RequestOptions {
  dialect?: Dialect;
  event?: EventName;
  policy?: RunnerPolicy;
  timeoutMs?: number;
  signal?: AbortSignal;
  env?: NodeJS.ProcessEnv;
  payload?: Record<string, unknown>;
}

export function httpRequest(spec: HttpFields, options: RequestOptions = {}): RunRequest<HttpHandler> {
  const event = options.event ?? 'Stop';
  const payload = options.payload ?? { session_id: 's1', hook_event_name: event, cwd: '/tmp' };
  return {
    handler: {
      type: 'http',
      event,
      eventKey: event,
      dialect: options.dialect ?? 'claude',
      source: { file: 'settings.json', pointer: `/hooks/${event}/0/hooks/0`, scope: 'project' },
      spec,
    },
    event,
    input: payload,
    payload,
    payloadJson: JSON.stringify(payload),
    projectDir: '/tmp',
    sessionId: 's1',
    timeoutMs: options.timeoutMs ?? 10_000,
    signal: options.signal ?? new AbortController().signal,
    env: options.env ?? {},
    policy: options.policy ?? {},
  };
}
