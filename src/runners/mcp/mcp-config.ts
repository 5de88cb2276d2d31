import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

/** A server started as a child process speaking MCP over stdio. */
export interface McpStdioServerConfig {
  type?: 'stdio';
  command: string;
  args?: string[];
  env?: Record<string, string>;
  cwd?: string;
}

/** A server reached over MCP streamable HTTP. */
export interface McpHttpServerConfig {
  type: 'http' | 'streamable-http';
  url: string;
  headers?: Record<string, string>;
}

export type McpServerConfig = McpStdioServerConfig | McpHttpServerConfig;

/**
 * Reads the `mcpServers` of the project's `.mcp.json` (Claude Code's project MCP file), expanding
 * `${VAR}` and `${VAR:-default}` from `env` as Claude Code does. A missing file is no servers;
 * entries of unsupported transports (`sse`) are reported, not dropped silently.
 */
export async function readProjectMcpServers(
  projectDir: string,
  env: NodeJS.ProcessEnv,
): Promise<{ servers: Record<string, McpServerConfig>; problems: string[] }> {
  const file = join(projectDir, '.mcp.json');
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    return { servers: {}, problems: [] };
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (e) {
    return { servers: {}, problems: [`${file}: not valid JSON (${(e as Error).message})`] };
  }
  const raw = (parsed as { mcpServers?: unknown } | null)?.mcpServers;
  const servers: Record<string, McpServerConfig> = {};
  const problems: string[] = [];
  if (!raw || typeof raw !== 'object') return { servers, problems: [`${file}: no "mcpServers" object`] };
  for (const [name, value] of Object.entries(raw as Record<string, unknown>)) {
    const entry = expandDeep(value, env) as Record<string, unknown>;
    const type = entry?.type;
    if ((type === 'http' || type === 'streamable-http') && typeof entry.url === 'string') {
      servers[name] = entry as unknown as McpHttpServerConfig;
    } else if ((type === undefined || type === 'stdio') && typeof entry?.command === 'string') {
      servers[name] = entry as unknown as McpStdioServerConfig;
    } else {
      problems.push(
        `${file}: server "${name}" has an unsupported transport (${String(type ?? 'no command')})`,
      );
    }
  }
  return { servers, problems };
}

function expandDeep(value: unknown, env: NodeJS.ProcessEnv): unknown {
  if (typeof value === 'string') {
    return value.replace(
      /\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}/g,
      (_m, name: string, def?: string) => {
        return env[name] ?? def ?? '';
      },
    );
  }
  if (Array.isArray(value)) return value.map((v) => expandDeep(v, env));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, expandDeep(v, env)]));
  }
  return value;
}
