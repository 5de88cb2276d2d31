import { installCommand, missingPackage, OPTIONAL_PACKAGES } from '../../model/optional-package.ts';
import type { McpServerConfig } from './mcp-config.ts';
import { type Client, ConnectionClosedError, type McpConnection, openConnection } from './mcp-connection.ts';
import type { McpCallOutcome, McpContentBlock, McpToolCall, McpToolCaller } from './mcp-tool-caller.ts';

export interface SdkMcpCallerOptions {
  /** Server configurations by name, or a function resolving them lazily (e.g. from `.mcp.json`). */
  servers: Record<string, McpServerConfig> | (() => Promise<Record<string, McpServerConfig>>);
  /** Working directory of stdio servers without their own `cwd`. */
  cwd?: string;
  /** How long connecting may take (default 10 s), independent of the hook's timeout. */
  connectTimeoutMs?: number;
}

const CONNECT_TIMEOUT_MS = 10_000;

/** Thrown into a connection whose server has no configuration entry. */
class NotConfiguredError extends Error {}

/**
 * `McpToolCaller` on `@modelcontextprotocol/client` (stdio and streamable HTTP). One connection per
 * server: opened on first use, shared by every hook that calls that server (also hooks racing to
 * connect, which wait for the same pending connection), and closed by `close()`, which waits until
 * each stdio server process is gone. The package is imported lazily so hosts without `mcp_tool`
 * hooks never load it.
 */
export function createSdkMcpCaller(options: SdkMcpCallerOptions): McpToolCaller & { close(): Promise<void> } {
  const connections = new Map<string, McpConnection>();
  let closed = false;

  /** The server's connection; registered before the first await, so concurrent callers share it. */
  function connectionFor(name: string): McpConnection {
    const existing = connections.get(name);
    if (existing) return existing;
    const forget = () => {
      if (connections.get(name) === connection) connections.delete(name);
    };
    const connection = openConnection(
      async () => {
        const config = await serverConfig(options, name);
        if (!config) throw new NotConfiguredError(`MCP server "${name}" is not configured`);
        return config;
      },
      { cwd: options.cwd, connectTimeoutMs: options.connectTimeoutMs ?? CONNECT_TIMEOUT_MS, onGone: forget },
    );
    connections.set(name, connection);
    // A failed connection is not kept: the next hook run tries again.
    connection.client.catch(forget);
    return connection;
  }

  /**
   * The server's client, or why there is none. The hook's signal ends the wait: connecting has its
   * own, longer limit (`connectTimeoutMs`), and a server that never answers `initialize` must not
   * hold a hook past its timeout. The connection attempt goes on for later hooks.
   */
  async function clientFor(
    name: string,
    signal: AbortSignal,
  ): Promise<{ client: Client; failed: AbortSignal } | { message: string }> {
    if (closed) return { message: new ConnectionClosedError().message };
    try {
      const connection = connectionFor(name);
      return { client: await untilAborted(connection.client, signal), failed: connection.failed };
    } catch (e) {
      return { message: notConnectedMessage(e, name) };
    }
  }

  return {
    async callTool(call: McpToolCall): Promise<McpCallOutcome> {
      const c = await clientFor(call.server, call.signal);
      if ('message' in c) return { kind: 'not-connected', message: c.message };
      return callOn(c.client, c.failed, call);
    },
    async close(): Promise<void> {
      closed = true;
      const open = [...connections.values()];
      connections.clear();
      await Promise.all(open.map((connection) => connection.close()));
    },
  };
}

/** `pending`, or a rejection as soon as `signal` aborts (the pending promise is left to settle). */
function untilAborted<T>(pending: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(new Error('the hook ended while connecting'));
  return new Promise<T>((resolve, reject) => {
    const stop = (): void => reject(new Error('the hook ended while connecting'));
    signal.addEventListener('abort', stop, { once: true });
    pending.then(resolve, reject).finally(() => signal.removeEventListener('abort', stop));
  });
}

function notConnectedMessage(e: unknown, name: string): string {
  if (e instanceof NotConfiguredError || e instanceof ConnectionClosedError) return e.message;
  const missing = missingPackage(e, OPTIONAL_PACKAGES.mcp[0]);
  if (missing) {
    const install = installCommand(OPTIONAL_PACKAGES.mcp);
    return `mcp_tool hooks need the package "${missing}", which is not installed; run: ${install}`;
  }
  return `MCP server "${name}" is not connected: ${errText(e)}`;
}

async function serverConfig(
  options: SdkMcpCallerOptions,
  name: string,
): Promise<McpServerConfig | undefined> {
  const all = typeof options.servers === 'function' ? await options.servers() : options.servers;
  return Object.hasOwn(all, name) ? all[name] : undefined;
}

/** Calls the tool; a message over the cap on the connection (`failed`) ends the call at once. */
async function callOn(client: Client, failed: AbortSignal, call: McpToolCall): Promise<McpCallOutcome> {
  try {
    const result = await client.callTool(
      { name: call.tool, arguments: call.arguments },
      { signal: AbortSignal.any([call.signal, failed]), timeout: call.timeoutMs },
    );
    return {
      kind: 'result',
      isError: result.isError === true,
      content: (result.content ?? []) as McpContentBlock[],
      ...(result.structuredContent !== undefined ? { structuredContent: result.structuredContent } : {}),
    };
  } catch (e) {
    const cause = failed.aborted ? failed.reason : e;
    return {
      kind: 'error',
      message: `MCP tool "${call.tool}" on "${call.server}" failed: ${errText(cause)}`,
    };
  }
}

function errText(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
