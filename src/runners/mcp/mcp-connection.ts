import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { processTreePids } from '../command/kill-tree.ts';
import { cappedFetch } from './capped-fetch.ts';
import type { McpHttpServerConfig, McpServerConfig, McpStdioServerConfig } from './mcp-config.ts';
import { isStdioOverflow, MCP_MAX_MESSAGE_BYTES, McpMessageTooLargeError } from './message-cap.ts';

type ClientModule = typeof import('@modelcontextprotocol/client');
export type Client = InstanceType<ClientModule['Client']>;
type Transport = Parameters<Client['connect']>[0];

/** One server's connection: the client once connected, and a close that frees the server. */
export interface McpConnection {
  readonly client: Promise<Client>;
  /**
   * Aborts, with a `McpMessageTooLargeError` as its reason, when the server sent a message over
   * `MCP_MAX_MESSAGE_BYTES`; the connection is then closed, so calls on it fail at once.
   */
  readonly failed: AbortSignal;
  /** Closes the connection, even one still connecting, and waits until a stdio server is gone. */
  close(): Promise<void>;
}

export interface ConnectOptions {
  cwd?: string;
  connectTimeoutMs: number;
  /** Runs when the server goes away by itself, so the next call reconnects. */
  onGone: () => void;
}

/** Thrown into `client` when `close()` came first: nothing was (or stays) started. */
export class ConnectionClosedError extends Error {
  constructor() {
    super('the MCP connections were closed');
  }
}

const CLIENT_INFO = { name: 'agent-hooks', version: '0.1.0' };
/**
 * How long a stdio server may take to exit after the SDK's close, which already ends its stdin,
 * then sends SIGTERM, then SIGKILL without waiting. Past it, what is left of its tree is killed.
 */
const SERVER_EXIT_GRACE_MS = 2_000;
/** How long a SIGKILLed tree may take to disappear from the process table. */
const KILLED_EXIT_DEADLINE_MS = 2_000;
/** How often the process table is looked at while waiting. */
const EXIT_POLL_MS = 10;

/**
 * Opens one connection. The server is spawned as soon as the SDK is loaded and the config known,
 * and `close()` may come at any point of that: before, nothing starts; after, the server is
 * closed and, for stdio, its process tree is verified gone (killed if the SDK's close left it).
 */
export function openConnection(
  config: () => Promise<McpServerConfig>,
  options: ConnectOptions,
): McpConnection {
  let closed = false;
  let opened: { client: Client; transport: Transport } | undefined;
  let closing: Promise<void> | undefined;
  const failure = new AbortController();
  const closeOpened = (): Promise<void> => {
    if (!opened) return Promise.resolve();
    opened.client.onclose = undefined;
    closing ??= closeAndReap(opened.client, opened.transport);
    return closing;
  };
  // Not waited for here: `close()` waits for the same reaping.
  const tooLarge = (error: McpMessageTooLargeError): void => {
    if (failure.signal.aborted) return;
    failure.abort(error);
    options.onGone();
    void closeOpened();
  };
  const client = (async () => {
    const resolved = await config();
    const sdk = await import('@modelcontextprotocol/client');
    const transport = await transportFor(sdk, resolved, options.cwd, tooLarge);
    if (closed) throw new ConnectionClosedError();
    const c = new sdk.Client(CLIENT_INFO);
    c.onclose = options.onGone;
    opened = { client: c, transport };
    // connect() spawns a stdio server synchronously, so from here on close() reaches it.
    try {
      await c.connect(transport, { timeout: options.connectTimeoutMs, signal: failure.signal });
    } catch (e) {
      throw failure.signal.aborted ? failure.signal.reason : e;
    }
    return c;
  })();
  // close() and the callers observe the failure; this keeps it from being unhandled meanwhile.
  client.catch(() => undefined);
  return {
    client,
    failed: failure.signal,
    async close() {
      closed = true;
      await closeOpened();
    },
  };
}

/** The server's transport, with every message it receives capped at `MCP_MAX_MESSAGE_BYTES`. */
async function transportFor(
  sdk: ClientModule,
  config: McpServerConfig,
  cwd: string | undefined,
  tooLarge: (error: McpMessageTooLargeError) => void,
): Promise<Transport> {
  if (isHttp(config)) {
    return new sdk.StreamableHTTPClientTransport(new URL(config.url), {
      requestInit: config.headers ? { headers: config.headers } : undefined,
      fetch: cappedFetch(MCP_MAX_MESSAGE_BYTES, tooLarge),
    });
  }
  const stdio: McpStdioServerConfig = config;
  const { StdioClientTransport, getDefaultEnvironment } = await import('@modelcontextprotocol/client/stdio');
  // Keep the SDK's safe inherited-env allowlist; add only what the server entry names.
  const transport = new StdioClientTransport({
    command: stdio.command,
    args: stdio.args ?? [],
    env: { ...getDefaultEnvironment(), ...(stdio.env ?? {}) },
    cwd: stdio.cwd ?? cwd,
    stderr: 'ignore',
    maxBufferSize: MCP_MAX_MESSAGE_BYTES,
  });
  // Set before connect(), which chains it ahead of the client's own handler.
  transport.onerror = (e) => {
    if (isStdioOverflow(e)) tooLarge(new McpMessageTooLargeError(MCP_MAX_MESSAGE_BYTES));
  };
  return transport;
}

/**
 * The SDK's close may return with the server still running (its SIGKILL is not awaited) and never
 * looks at the server's own children, which would keep a CLI waiting on their pipes or outlive it.
 */
async function closeAndReap(client: Client, transport: Transport): Promise<void> {
  const pid = 'pid' in transport && typeof transport.pid === 'number' ? transport.pid : undefined;
  const tree = pid === undefined ? [] : [pid, ...processTreePids(pid, process.platform)];
  await client.close().catch(() => undefined);
  if (tree.length === 0) return;
  if (await exits(tree, SERVER_EXIT_GRACE_MS)) return;
  for (const member of tree) {
    try {
      process.kill(member, 'SIGKILL');
    } catch {
      // ESRCH: this one is already gone.
    }
  }
  await exits(tree, KILLED_EXIT_DEADLINE_MS);
}

/** Whether every one of `pids` is gone before the deadline. */
async function exits(pids: number[], deadlineMs: number): Promise<boolean> {
  const end = Date.now() + deadlineMs;
  while (pids.some(running)) {
    if (Date.now() > end) return false;
    await sleep(EXIT_POLL_MS);
  }
  return true;
}

function isHttp(config: McpServerConfig): config is McpHttpServerConfig {
  return config.type === 'http' || config.type === 'streamable-http';
}

/** Alive and, where /proc tells, not a zombie (an orphan that a container's PID 1 never reaps). */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  if (process.platform !== 'linux') return true;
  try {
    return !readFileSync(`/proc/${pid}/stat`, 'utf8').includes(') Z ');
  } catch {
    return false;
  }
}
