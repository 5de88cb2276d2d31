// Starts the proxy: the real server (a child process or a streamable HTTP URL) behind a stdio MCP
// server, with the relay between them.
import { randomUUID } from 'node:crypto';
import { StreamableHTTPClientTransport, type Transport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import type { HookEngine } from '../index.ts';
import { Relay } from './relay.ts';
import { deriveServerName, normalizeServerName } from './server-name.ts';

export interface McpProxyOptions {
  engine: HookEngine;
  /** The real server as a command line: `[program, ...args]`. */
  command?: readonly string[];
  /** Or the URL of a streamable HTTP server. */
  url?: string;
  /** Extra HTTP headers for `url` (e.g. `Authorization`). */
  headers?: Record<string, string>;
  /** Working directory of the server process (default: this process's). */
  cwd?: string;
  /** `<server>` in `mcp__<server>__<tool>` (default: derived from the command or URL). */
  name?: string;
  /** The session id hooks see (default: a new UUID per proxy run). */
  sessionId?: string;
  /** The client side (default: stdio of this process). */
  upstream?: Transport;
  /** Where notices go (default: stderr, which MCP hosts keep in their server log). */
  log?: (line: string) => void;
}

export interface McpProxy {
  readonly serverName: string;
  /** Settles when either side closes: `client` (the host went away) or `server` (the server stopped). */
  readonly closed: Promise<'client' | 'server'>;
  close(): Promise<void>;
}

export async function startMcpProxy(options: McpProxyOptions): Promise<McpProxy> {
  if ((options.command === undefined || options.command.length === 0) === (options.url === undefined)) {
    throw new Error('mcp-proxy needs either a server command or --url, not both');
  }
  const serverName =
    options.name !== undefined ? normalizeServerName(options.name) : deriveServerName(options);
  const log =
    options.log ??
    ((line: string) => process.stderr.write(`agent-hooks mcp-proxy [${serverName}]: ${line}\n`));
  // Configuration problems would otherwise only show as hooks that never run.
  for (const found of options.engine.config.diagnostics) {
    const where = found.file ? ` (${found.file}${found.line ? `:${found.line}` : ''})` : '';
    log(`${found.severity} ${found.code}: ${found.message}${where}`);
  }
  const downstream = createDownstream(options);
  const upstream = options.upstream ?? new StdioServerTransport();
  new Relay(
    { engine: options.engine, sessionId: options.sessionId ?? randomUUID(), serverName, log },
    upstream,
    downstream,
  );

  let settle: (side: 'client' | 'server') => void = () => {};
  const closed = new Promise<'client' | 'server'>((resolve) => {
    settle = resolve;
  });
  let closing = false;
  const shutDown = async (side: 'client' | 'server') => {
    if (closing) return;
    closing = true;
    if (side === 'server') log('MCP_PROXY_SERVER_CLOSED: the MCP server closed the connection');
    await Promise.allSettled([downstream.close(), upstream.close()]);
    settle(side);
  };
  downstream.onclose = () => void shutDown('server');
  upstream.onclose = () => void shutDown('client');
  downstream.onerror = (error) => log(`server transport: ${error.message}`);
  upstream.onerror = (error) => log(`client transport: ${error.message}`);
  await downstream.start();
  await upstream.start();
  return { serverName, closed, close: () => shutDown('client') };
}

function createDownstream(options: McpProxyOptions): Transport {
  if (options.url !== undefined) {
    return new StreamableHTTPClientTransport(new URL(options.url), {
      ...(options.headers ? { requestInit: { headers: options.headers } } : {}),
    });
  }
  const [command, ...args] = options.command!;
  // The proxy stands in for the server in the host's configuration, so the server gets this
  // process's whole environment (the SDK's default passes only a short allowlist).
  const env = Object.fromEntries(
    Object.entries(process.env).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
  return new StdioClientTransport({
    command: command!,
    args,
    env,
    stderr: 'inherit',
    ...(options.cwd !== undefined ? { cwd: options.cwd } : {}),
  });
}
