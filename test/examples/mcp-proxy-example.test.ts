import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain JavaScript fixture
import { startSdkHttpServer } from '../fixtures/mcp/sdk-server.mjs';
import { builtBinPath } from '../helpers/cli.ts';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const TSX = fileURLToPath(new URL('../../node_modules/.bin/tsx', import.meta.url));
const EXAMPLE_DIR = fileURLToPath(new URL('../../examples/mcp-proxy', import.meta.url));
const DOC = readFileSync(new URL('../../docs/mcp-proxy.md', import.meta.url), 'utf8');

function blocks(lang: string): string[] {
  return [...DOC.matchAll(new RegExp(`\`\`\`${lang}\\n([\\s\\S]*?)\`\`\`\\n`, 'g'))].map((m) => m[1]!);
}

/** The proxy arguments of a host configuration block, pointed at this checkout. */
function proxyArgs(config: Record<string, any>): string[] {
  const servers = config.mcpServers ?? config.servers;
  const [entry] = Object.values(servers) as { command: string; args: string[] }[];
  expect(entry!.command).toBe('npx');
  expect(entry!.args.slice(0, 3)).toEqual(['-y', 'agent-hooks', 'mcp-proxy']);
  return entry!.args.slice(2).map((arg) => arg.replaceAll('/path/to/project', EXAMPLE_DIR));
}

/**
 * Starts the proxy with `args` plus `--no-user` (the home directory's hooks stay out of the test),
 * through the built bin that `npx agent-hooks` runs.
 */
async function connect(args: string[]): Promise<Client> {
  const split = args.includes('--') ? args.indexOf('--') : args.length;
  const withNoUser = [...args.slice(0, split), '--no-user', ...args.slice(split)];
  const client = new Client({ name: 'docs-test', version: '1.0.0' });
  await client.connect(
    new StdioClientTransport({ command: process.execPath, args: [builtBinPath(), ...withNoUser] }),
  );
  return client;
}

describe('docs/mcp-proxy.md', () => {
  it('prints what the page says examples/mcp-proxy/try.ts prints', async () => {
    const { stdout } = await run(TSX, ['examples/mcp-proxy/try.ts'], { cwd: ROOT });
    const shown = blocks('text')[0]!.split('\n').slice(1).join('\n');
    expect(stdout).toBe(shown);
  }, 60_000);

  it('gives Claude Desktop, Cursor and VS Code the same working command line', async () => {
    const [desktop, cursor, vscode, http, settings] = blocks('json').map((text) => JSON.parse(text));
    expect(vscode.servers.notes.type).toBe('stdio');
    const args = proxyArgs(desktop);
    expect(proxyArgs(cursor)).toEqual(args);
    expect(proxyArgs(vscode)).toEqual(args);
    expect(settings).toEqual(JSON.parse(readFileSync(`${EXAMPLE_DIR}/.claude/settings.json`, 'utf8')));
    const client = await connect(args);
    try {
      const denied = await client.callTool({
        name: 'write_note',
        arguments: { name: 'k', text: 'sk-0123456789ab' },
      });
      expect(denied.isError).toBe(true);
      expect(JSON.stringify(denied.content)).toMatch(
        /PreToolUse:mcp__notes__write_note hook error: Notes are shared/,
      );
    } finally {
      await client.close();
    }
    const server = await startSdkHttpServer();
    try {
      const remote = await connect(
        proxyArgs(http).map((arg) => arg.replace('http://127.0.0.1:8931/mcp', server.url)),
      );
      expect((await remote.listTools()).tools.map((tool) => tool.name)).toContain('echo');
      await remote.close();
    } finally {
      await server.close();
    }
  }, 60_000);
});
