import { installCommand, missingPackage, OPTIONAL_PACKAGES } from '../../model/optional-package.ts';
import type { McpHttpServerConfig, McpServerConfig, McpStdioServerConfig } from './mcp-config.ts';
import type { McpCallOutcome, McpContentBlock, McpToolCall, McpToolCaller } from './mcp-tool-caller.ts';

type ClientModule = typeof import('@modelcontextprotocol/client');
type Client = InstanceType<ClientModule['Client']>;

export interface SdkMcpCallerOptions {
  /** Server configurations by name, or a function resolving them lazily (e.g. from `.mcp.json`). */
  servers: Record<string, McpServerConfig> | (() => Promise<Record<string, McpServerConfig>>);
  /** Working directory of stdio servers without their own `cwd`. */
  cwd?: string;
  /** How long connecting may take (default 10 s), independent of the hook's timeout. */
  connectTimeoutMs?: number;
}

const CONNECT_TIMEOUT_MS = 10_000;
const CLIENT_INFO = { name: 'agent-hooks', version: '0.1.0' };

/**
 * `McpToolCaller` on `@modelcontextprotocol/client` (stdio and streamable HTTP). Connections are
 * opened on first use, cached per server, and closed by `close()`. The package is imported
 * lazily so hosts without `mcp_tool` hooks never load it.
 */
export function createSdkMcpCaller(options: SdkMcpCallerOptions): McpToolCaller & { close(): Promise<void> } {
  const clients = new Map<string, Promise<Client>>();
  let closed = false;

  async function clientFor(name: string): Promise<{ client: Client } | { message: string }> {
    if (closed) return { message: 'the MCP connections were closed' };
    let pending = clients.get(name);
    if (!pending) {
      const config = await serverConfig(options, name);
      if (!config) return { message: `MCP server "${name}" is not configured` };
      pending = connect(config, options, () => clients.delete(name));
      clients.set(name, pending);
      // A failed connection is not cached: the next hook run tries again.
      pending.catch(() => clients.delete(name));
    }
    try {
      return { client: await pending };
    } catch (e) {
      const missing = missingPackage(e, OPTIONAL_PACKAGES.mcp[0]);
      if (missing) {
        const install = installCommand(OPTIONAL_PACKAGES.mcp);
        return {
          message: `mcp_tool hooks need the package "${missing}", which is not installed; run: ${install}`,
        };
      }
      return { message: `MCP server "${name}" is not connected: ${errText(e)}` };
    }
  }

  return {
    async callTool(call: McpToolCall): Promise<McpCallOutcome> {
      const c = await clientFor(call.server);
      if ('message' in c) return { kind: 'not-connected', message: c.message };
      return callOn(c.client, call);
    },
    async close(): Promise<void> {
      closed = true;
      const pending = [...clients.values()];
      clients.clear();
      await Promise.all(pending.map((p) => p.then((client) => client.close()).catch(() => undefined)));
    },
  };
}

async function serverConfig(
  options: SdkMcpCallerOptions,
  name: string,
): Promise<McpServerConfig | undefined> {
  const all = typeof options.servers === 'function' ? await options.servers() : options.servers;
  return Object.hasOwn(all, name) ? all[name] : undefined;
}

/** Opens one connection; `onClose` runs when the server goes away, so the next call reconnects. */
async function connect(
  config: McpServerConfig,
  options: SdkMcpCallerOptions,
  onClose: () => void,
): Promise<Client> {
  const sdk = await import('@modelcontextprotocol/client');
  const client = new sdk.Client(CLIENT_INFO);
  let transport: Parameters<Client['connect']>[0];
  if (isHttp(config)) {
    transport = new sdk.StreamableHTTPClientTransport(new URL(config.url), {
      requestInit: config.headers ? { headers: config.headers } : undefined,
    });
  } else {
    const stdio: McpStdioServerConfig = config;
    const { StdioClientTransport, getDefaultEnvironment } = await import(
      '@modelcontextprotocol/client/stdio'
    );
    // Keep the SDK's safe inherited-env allowlist; add only what the server entry names.
    transport = new StdioClientTransport({
      command: stdio.command,
      args: stdio.args ?? [],
      env: { ...getDefaultEnvironment(), ...(stdio.env ?? {}) },
      cwd: stdio.cwd ?? options.cwd,
      stderr: 'ignore',
    });
  }
  client.onclose = onClose;
  await client.connect(transport, { timeout: options.connectTimeoutMs ?? CONNECT_TIMEOUT_MS });
  return client;
}

async function callOn(client: Client, call: McpToolCall): Promise<McpCallOutcome> {
  try {
    const result = await client.callTool(
      { name: call.tool, arguments: call.arguments },
      { signal: call.signal, timeout: call.timeoutMs },
    );
    return {
      kind: 'result',
      isError: result.isError === true,
      content: (result.content ?? []) as McpContentBlock[],
      ...(result.structuredContent !== undefined ? { structuredContent: result.structuredContent } : {}),
    };
  } catch (e) {
    return { kind: 'error', message: `MCP tool "${call.tool}" on "${call.server}" failed: ${errText(e)}` };
  }
}

function isHttp(config: McpServerConfig): config is McpHttpServerConfig {
  return config.type === 'http' || config.type === 'streamable-http';
}

function errText(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
