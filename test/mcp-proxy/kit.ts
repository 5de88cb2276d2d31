// Runs `agent-hooks mcp-proxy` as a real process (the built bin, see test/global-setup.ts) in
// front of the real fixture server, and connects a real MCP client to it over stdio.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { builtBinPath } from '../helpers/cli.ts';
import { readJsonLines } from '../helpers/json-lines.ts';
import { tempDir } from '../helpers/temp-dir.ts';

export const SERVER = fileURLToPath(new URL('../fixtures/mcp/sdk-server.mjs', import.meta.url));
const HOOK = fileURLToPath(new URL('../fixtures/mcp-proxy/hook.mjs', import.meta.url));

const EVENTS = [
  'PreToolUse',
  'PermissionRequest',
  'PostToolUse',
  'PostToolUseFailure',
  'Elicitation',
  'ElicitationResult',
];

/** A project whose `.claude/settings.json` runs the fixture hook on every proxied event. */
export function project(elicitation: 'answer' | 'override'): { dir: string; log: string } {
  const dir = tempDir('mcp-proxy');
  const log = join(dir, 'hooks.jsonl');
  const command = `node "${HOOK}" "${log}" ${elicitation}`;
  const hooks = Object.fromEntries(
    EVENTS.map((event) => [
      event,
      [
        {
          matcher: event.startsWith('Elic') ? 'fixture' : 'mcp__fixture__.*',
          hooks: [{ type: 'command', command }],
        },
      ],
    ]),
  );
  mkdirSync(join(dir, '.claude'));
  writeFileSync(join(dir, '.claude', 'settings.json'), JSON.stringify({ hooks }, null, 2));
  return { dir, log };
}

/** Every payload the fixture hook recorded, in order. */
export const recorded = readJsonLines;

export interface Connected {
  client: Client;
  /** What the client's elicitation handler was asked. */
  elicited: string[];
  stderr: () => string;
}

/** Starts the proxy CLI with `args` and connects a client that answers elicitations as Ada. */
export async function connectThroughProxy(
  args: string[],
  env: Record<string, string> = {},
): Promise<Connected> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [builtBinPath(), 'mcp-proxy', '--no-user', ...args],
    env: { ...(process.env as Record<string, string>), NO_COLOR: '1', ...env },
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  const client = new Client(
    { name: 'proxy-test', version: '1.0.0' },
    { capabilities: { elicitation: { form: {} } } },
  );
  const elicited: string[] = [];
  client.setRequestHandler('elicitation/create', async (request) => {
    elicited.push(String(request.params.message));
    return { action: 'accept', content: { name: 'Ada' } };
  });
  await client.connect(transport);
  return { client, elicited, stderr: () => stderr };
}

/** The text blocks of a tool result. */
export function texts(result: unknown): string[] {
  const content = (result as { content?: { type: string; text?: string }[] }).content ?? [];
  return content.filter((block) => block.type === 'text').map((block) => block.text ?? '');
}
