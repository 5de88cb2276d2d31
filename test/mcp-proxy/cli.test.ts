import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { deriveServerName, normalizeServerName } from '../../src/mcp-proxy.ts';
import { builtBinPath } from '../helpers/cli.ts';
import { until } from '../helpers/poll.ts';
import { isAlive } from '../helpers/process.ts';
import { tempDir } from '../helpers/temp-dir.ts';

function runProxy(args: string[]) {
  const child = spawn(process.execPath, [builtBinPath(), 'mcp-proxy', '--no-user', ...args], {
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, stderr: () => stderr };
}

/** How long a started process may take to start or stop on a busy machine. */
const DEADLINE_MS = 15_000;

describe('agent-hooks mcp-proxy process lifecycle', () => {
  it('refuses to start without a server, or with both a command and --url', async () => {
    const neither = runProxy([]);
    expect(await neither.exited).toBe(1);
    expect(neither.stderr()).toMatch(/give the server command after -- or --url <url>, not both/);
    const both = runProxy(['--url', 'http://127.0.0.1:9/mcp', '--', 'node', 'server.js']);
    expect(await both.exited).toBe(1);
  });

  it('stops the server when the client goes away, and exits 0', async () => {
    const dir = tempDir('mcp-proxy-life');
    const pidFile = join(dir, 'server.pid');
    const server = `require('fs').writeFileSync(${JSON.stringify(pidFile)}, String(process.pid)); setInterval(() => {}, 1000)`;
    const proxy = runProxy(['--cwd', dir, '--', 'node', '-e', server]);
    await until(() => existsSync(pidFile) && readFileSync(pidFile, 'utf8') !== '', 'the server to start', {
      deadlineMs: DEADLINE_MS,
    });
    const pid = Number(readFileSync(pidFile, 'utf8'));
    proxy.child.stdin.end();
    expect(await proxy.exited).toBe(0);
    await until(() => !isAlive(pid), 'the server to be stopped', { deadlineMs: DEADLINE_MS });
  });

  // The proxy used to die at once on a signal, leaving a server that ignores its stdin running.
  it.each(['SIGTERM', 'SIGHUP'] as const)(
    '%s stops the server first, then ends the proxy by that signal',
    async (signal) => {
      const dir = tempDir('mcp-proxy-signal');
      const pidFile = join(dir, 'server.pid');
      const server = `require('fs').writeFileSync(${JSON.stringify(pidFile)}, String(process.pid)); setInterval(() => {}, 1000)`;
      const proxy = runProxy(['--cwd', dir, '--', 'node', '-e', server]);
      const ended = new Promise<NodeJS.Signals | null>((resolve) =>
        proxy.child.on('exit', (_code, sig) => resolve(sig)),
      );
      await until(() => existsSync(pidFile) && readFileSync(pidFile, 'utf8') !== '', 'the server to start', {
        deadlineMs: DEADLINE_MS,
      });
      const pid = Number(readFileSync(pidFile, 'utf8'));
      try {
        proxy.child.kill(signal);
        expect(await ended).toBe(signal);
        await until(() => !isAlive(pid), 'the server to be stopped', { deadlineMs: DEADLINE_MS });
      } finally {
        if (isAlive(pid)) process.kill(pid, 'SIGKILL');
      }
    },
  );

  it('says on stderr what is wrong with the configuration it read', async () => {
    const dir = tempDir('mcp-proxy-config');
    mkdirSync(join(dir, '.claude'));
    const hooks = { PreToolUse: [{ matcher: 'mcp__.*', hooks: [{ type: 'comand', command: 'true' }] }] };
    writeFileSync(join(dir, '.claude', 'settings.json'), JSON.stringify({ hooks }));
    // A server that leaves when its stdin closes, so stopping the proxy needs no kill after a grace.
    const server = "process.stdin.resume(); process.stdin.on('end', () => process.exit(0))";
    const proxy = runProxy(['--cwd', dir, '--', 'node', '-e', server]);
    const said = () => proxy.stderr().includes('CONFIG_UNKNOWN_HANDLER_TYPE: Unknown handler type "comand"');
    await until(said, 'the diagnostic on stderr', { deadlineMs: DEADLINE_MS });
    proxy.child.stdin.end();
    expect(await proxy.exited).toBe(0);
  });

  it('exits 1 with a coded notice when the server stops', async () => {
    const proxy = runProxy(['--', 'node', '-e', 'process.exit(0)']);
    expect(await proxy.exited).toBe(1);
    expect(proxy.stderr()).toMatch(/MCP_PROXY_SERVER_CLOSED: the MCP server closed the connection/);
    proxy.child.stdin.end();
  });
});

describe('the server name in mcp__<server>__<tool>', () => {
  it.each([
    [['npx', '-y', '@modelcontextprotocol/server-filesystem', '/home/me'], 'filesystem'],
    [['uvx', 'mcp-server-fetch'], 'fetch'],
    [['node', 'build/weather-mcp.js'], 'weather'],
    [['python3', '-m', 'notes_server'], 'notes'],
    [['docker', 'run', '-i', '--rm', '-e', 'TOKEN', 'mcp/github'], 'github'],
    [['npx', '-y', '@playwright/mcp@latest'], 'playwright'],
    [['/usr/local/bin/my-tools'], 'my-tools'],
  ])('derives %j → %s', (command, name) => {
    expect(deriveServerName({ command })).toBe(name);
  });

  it('derives from a URL and keeps only the characters Claude Code keeps', () => {
    expect(deriveServerName({ url: 'https://mcp.notion.com/mcp' })).toBe('notion');
    expect(deriveServerName({ url: 'http://127.0.0.1:8931/mcp' })).toBe('localhost');
    expect(normalizeServerName('my server.v2')).toBe('my_server_v2');
  });
});
