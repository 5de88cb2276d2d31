// An MCP client talks to the notes server through `agent-hooks mcp-proxy`, started the way Claude
// Desktop, Cursor or VS Code start it from their configuration. Run it with
// `npx tsx examples/mcp-proxy/try.ts`.
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';

const here = fileURLToPath(new URL('.', import.meta.url));
const repo = fileURLToPath(new URL('../../', import.meta.url));
// In a project: command "npx", args ["-y", "agent-hooks", "mcp-proxy", …]. Here: this checkout's CLI.
const transport = new StdioClientTransport({
  command: `${repo}node_modules/.bin/tsx`,
  args: [
    `${repo}src/cli/main.ts`,
    'mcp-proxy',
    '--name',
    'notes',
    '--cwd',
    here,
    '--no-user',
    '--',
    'node',
    `${here}notes-server.mjs`,
  ],
});
const client = new Client({ name: 'try-mcp-proxy', version: '1.0.0' });
await client.connect(transport);

const calls: [string, Record<string, string>][] = [
  ['write_note', { name: 'todo', text: 'buy milk' }],
  ['write_note', { name: 'deploy', text: 'the prod key is sk-live0123456789' }],
  ['read_note', { name: 'Todo' }],
  ['read_note', { name: 'todo' }],
];
for (const [name, args] of calls) {
  const result = await client.callTool({ name, arguments: args });
  console.log(`${name} ${JSON.stringify(args)}${result.isError ? ' → error' : ''}`);
  for (const block of result.content as { type: string; text?: string }[]) console.log(`  ${block.text}`);
}
await client.close();
