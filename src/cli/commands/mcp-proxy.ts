import { resolve } from 'node:path';
import type { Command } from 'commander';
import { HookError } from '../../errors.ts';
import { installCommand, missingPackage, OPTIONAL_PACKAGES } from '../../model/optional-package.ts';
import type { CliIo } from '../cli-io.ts';
import { closeOnSignal } from '../close-on-signal.ts';
import { parseProfile, settingsArguments } from '../common-options.ts';
import { collect } from '../repeated-options.ts';

interface McpProxyCliOptions {
  name?: string;
  url?: string;
  header: string[];
  sessionId?: string;
  cwd: string;
  profile: 'claude-code' | 'copilot-cli' | 'vscode';
  settings: string[];
  user: boolean;
  pluginDir: string[];
  requireTrust: boolean;
  trustFile?: string;
}

/**
 * `agent-hooks mcp-proxy [options] -- <server command …>` or `--url <url>`: a stdio MCP server in
 * front of a real one, with hooks around its tool calls. The MCP SDK loads only when this runs.
 * It speaks MCP on the process's own stdin and stdout, so it always runs as a process of its own.
 */
export function registerMcpProxyCommand(program: Command, io: CliIo): void {
  program
    .command('mcp-proxy')
    .description('serve an MCP server over stdio with PreToolUse/PostToolUse hooks around its tool calls')
    .argument('[server...]', 'the real server command and its arguments, after --')
    .option('--url <url>', 'the real server is a streamable HTTP server at this URL')
    .option('--header <header>', 'HTTP header for --url, as "Name: value" (repeatable)', collect, [])
    .option(
      '--name <server>',
      'server name in hook tool names mcp__<server>__<tool> (default: from the command)',
    )
    .option('--session-id <id>', 'session id given to the hooks (default: a new one per run)')
    .option('--cwd <dir>', 'project directory whose hooks apply; also the server cwd', process.cwd())
    .option(
      '--profile <profile>',
      'host to emulate: claude-code | copilot-cli | vscode',
      parseProfile,
      'claude-code',
    )
    .option('--settings <file>', 'extra settings file or JSON text (repeatable)', collect, [])
    .option('--no-user', 'ignore user-level configuration in the home directory')
    .option('--plugin-dir <dir>', 'load a Claude Code plugin directory (repeatable)', collect, [])
    .option(
      '--require-trust',
      'skip project hooks that have not been approved with `agent-hooks trust`',
      false,
    )
    .option('--trust-file <file>', 'trust store to read (default: $XDG_CONFIG_HOME/agent-hooks/trust.json)')
    .action(async (server: string[], options: McpProxyCliOptions) => {
      if (server.length > 0 === (options.url !== undefined)) {
        throw new Error('give the server command after -- or --url <url>, not both');
      }
      const [{ createHookEngine }, { startMcpProxy }] = await Promise.all([
        import('../../index.ts'),
        loadProxy(),
      ]);
      const cwd = resolve(options.cwd);
      const engine = await createHookEngine({
        cwd,
        profile: options.profile,
        noUser: !options.user,
        settingsFiles: settingsArguments(options.settings),
        pluginDirs: options.pluginDir.map((dir) => resolve(dir)),
        // An ask reaches PermissionRequest hooks; with no decision there, the call is refused.
        interactive: true,
        // The host's session can outlive this proxy (a restarted server): spills wait for the day's sweep.
        keepSpillsOnClose: true,
        untrusted: options.requireTrust ? 'skip' : 'run',
        ...(options.trustFile ? { trustFile: resolve(options.trustFile) } : {}),
        ...(options.sessionId ? { sessionId: options.sessionId } : {}),
      });
      const proxy = await startMcpProxy({
        engine,
        cwd,
        ...(server.length > 0 ? { command: server } : {}),
        ...(options.url !== undefined ? { url: options.url, headers: parseHeaders(options.header) } : {}),
        ...(options.name !== undefined ? { name: options.name } : {}),
        ...(options.sessionId ? { sessionId: options.sessionId } : {}),
      });
      // A signal (the host ends the proxy) closes the proxied server and the engine first: its
      // mcp_tool servers and running hooks go with the proxy instead of being orphaned.
      const stopClosingOnSignal = closeOnSignal(() => Promise.allSettled([proxy.close(), engine.close()]));
      const side = await proxy.closed;
      stopClosingOnSignal();
      await engine.close();
      io.setExitCode(side === 'server' ? 1 : 0);
    });
}

function parseHeaders(headers: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const header of headers) {
    const colon = header.indexOf(':');
    if (colon <= 0) throw new Error(`--header "${header}": expected "Name: value"`);
    out[header.slice(0, colon).trim()] = header.slice(colon + 1).trim();
  }
  return out;
}

/** The proxy and the MCP SDK it stands on, an optional peer: a missing one names the install line. */
async function loadProxy(): Promise<typeof import('../../mcp-proxy/start.ts')> {
  try {
    return await import('../../mcp-proxy/start.ts');
  } catch (error) {
    const missing = missingPackage(error, OPTIONAL_PACKAGES.mcpProxy[0]);
    if (!missing) throw error;
    throw new HookError(
      'MCP_PROXY_DEPENDENCY_MISSING',
      `agent-hooks mcp-proxy needs the package "${missing}", which is not installed; run: ${installCommand(OPTIONAL_PACKAGES.mcpProxy)}`,
      { cause: error },
    );
  }
}
