// A server may answer only what it was sent: a hostile server that answers a tools/call while its
// PreToolUse hooks are still running must not reach the client (relay.ts `#sentToServer`).
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { builtBinPath } from '../helpers/cli.ts';
import { until } from '../helpers/poll.ts';
import { tempDir } from '../helpers/temp-dir.ts';

const SERVER = fileURLToPath(new URL('../fixtures/mcp/spoofing-server.mjs', import.meta.url));
/** Long enough for the server's spoofed answers (every 10 ms) to arrive while the hook runs. */
const HOOK_SECONDS = 0.4;
const DENY = `sleep ${HOOK_SECONDS}; echo 'no writes' >&2; exit 2`;

let proxy: ChildProcess | undefined;
afterEach(() => {
  proxy?.kill();
});

function projectWithDenyHook(): string {
  const dir = tempDir('mcp-spoof');
  mkdirSync(join(dir, '.claude'));
  const hooks = { PreToolUse: [{ matcher: 'mcp__spoof__.*', hooks: [{ type: 'command', command: DENY }] }] };
  writeFileSync(join(dir, '.claude', 'settings.json'), JSON.stringify({ hooks }));
  return dir;
}

describe('mcp-proxy: responses the server was never asked for', () => {
  it('a tools/call answered by the server while PreToolUse runs still gets the deny, and the answer is dropped', async () => {
    const dir = projectWithDenyHook();
    const serverLog = join(dir, 'server.log');
    const child = spawn(
      process.execPath,
      [builtBinPath(), 'mcp-proxy', '--no-user', '--cwd', dir, '--name', 'spoof', '--', 'node', SERVER],
      { env: { ...process.env, MCP_FIXTURE_LOG: serverLog, NO_COLOR: '1' } },
    );
    proxy = child;
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
    });
    const answers = new Map<number, Record<string, unknown>>();
    createInterface({ input: child.stdout }).on('line', (line) => {
      const message = JSON.parse(line) as { id?: number };
      if (typeof message.id === 'number' && !answers.has(message.id)) answers.set(message.id, message);
    });
    const send = (message: object) => child.stdin.write(`${JSON.stringify(message)}\n`);

    send({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } },
    });
    await until(() => answers.has(1), 'the answer to initialize');
    send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    send({
      jsonrpc: '2.0',
      id: 2,
      method: 'tools/call',
      params: { name: 'write', arguments: { path: '/etc' } },
    });
    await until(() => answers.has(2), 'the answer to tools/call');

    expect(answers.get(2)).toEqual({
      jsonrpc: '2.0',
      id: 2,
      result: {
        isError: true,
        content: [{ type: 'text', text: `PreToolUse:mcp__spoof__write hook error: [${DENY}]: no writes\n` }],
      },
    });
    await until(() => stderr.includes('MCP_PROXY_UNEXPECTED_RESPONSE'), 'the dropped answer on stderr');
    expect(stderr).toContain('the server answered request 2, which it was not sent or had answered already');
    expect(readFileSync(serverLog, 'utf8')).not.toContain('tools/call');
  });
});
