// biome-ignore-all lint/suspicious/noTemplateCurlyInString: `${path}` references are the mcp_tool input syntax under test
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { McpToolFields, McpToolHandler } from '../../../src/model/handler.ts';
import { createMcpToolRunner, type McpToolRunner } from '../../../src/runners/mcp/mcp-tool-runner.ts';
import { type HttpMcpServer, startHttpMcpServer } from '../../fixtures/mcp/http-server.mjs';
import { until } from '../../helpers/poll.ts';
import { isAlive } from '../../helpers/process.ts';
import { tempDir } from '../../helpers/temp-dir.ts';
import { makeRequest } from '../llm/make-request.ts';

const STDIO_SERVER = join(import.meta.dirname, '..', '..', 'fixtures', 'mcp', 'stdio-server.mjs');
const hookInput = {
  tool_name: 'Write',
  tool_input: { file_path: '/p/src/a.ts', content: 'x' },
  tool_use_id: 't1',
};

let tmp: string;
let logFile: string;
let http: HttpMcpServer;
const runners: McpToolRunner[] = [];
beforeAll(async () => {
  tmp = tempDir('mcp');
  logFile = join(tmp, 'stdio.log');
  http = await startHttpMcpServer();
});
afterEach(async () => {
  await Promise.all(runners.splice(0).map((r) => r.close()));
});
afterAll(async () => {
  await http.close();
});

function runner(options: Parameters<typeof createMcpToolRunner>[0] = {}): McpToolRunner {
  const r = createMcpToolRunner(options);
  runners.push(r);
  return r;
}
const stdioServers = () => ({
  lint: {
    command: process.execPath,
    args: [STDIO_SERVER],
    env: { MCP_FIXTURE_LOG: logFile, FIXTURE_ENV: 'from-config' },
  },
});
const call = (r: McpToolRunner, spec: McpToolFields, timeoutMs = 15_000) =>
  r(makeRequest<McpToolHandler>('mcp_tool', spec, hookInput, { projectDir: tmp, timeoutMs }));

describe('mcp_tool runner over stdio (claude-code-hooks.md §4.4)', () => {
  it('substitutes ${path} references and returns the text content as stdout', async () => {
    const r = runner({ servers: stdioServers() });
    const res = await call(r, {
      server: 'lint',
      tool: 'echo',
      input: {
        file: '${tool_input.file_path}',
        note: 'tool ${tool_name} on ${tool_input.file_path}',
        whole: '${tool_input}',
        n: 3,
      },
    });
    expect(res.failure).toBeUndefined();
    expect(res.exitCode).toBe(0);
    expect(JSON.parse(res.stdout)).toEqual({
      file: '/p/src/a.ts',
      note: 'tool Write on /p/src/a.ts',
      whole: hookInput.tool_input,
      n: 3,
    });
  });

  it('keeps one connection per server and closes it with close()', async () => {
    writeFileSync(logFile, '');
    const r = runner({ servers: stdioServers() });
    await call(r, { server: 'lint', tool: 'echo', input: { a: 1 } });
    await call(r, { server: 'lint', tool: 'echo', input: { a: 2 } });
    const lines = readFileSync(logFile, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    const starts = lines.filter((l) => l.started);
    expect(starts).toHaveLength(1);
    expect(starts[0].env).toBe('from-config');
    expect(starts[0].cwd).toBe(tmp);
    expect(lines.filter((l) => l.method === 'tools/call')).toHaveLength(2);
    const pid: number = starts[0].started;
    await r.close();
    await until(() => !isAlive(pid), 'the stdio MCP server to exit after close()');
  });

  it('joins text blocks and notes ignored non-text content', async () => {
    const res = await call(runner({ servers: stdioServers() }), { server: 'lint', tool: 'mixed' });
    expect(res.stdout).toBe('line one\nline two');
    expect(res.diagnostics).toEqual([
      { code: 'RUNNER_MCP_CONTENT_IGNORED', message: '1 non-text content block(s) ignored' },
    ]);
  });

  it('passes hook JSON through unchanged for the engine to parse like command stdout', async () => {
    const res = await call(runner({ servers: stdioServers() }), {
      server: 'lint',
      tool: 'decide',
      input: { path: '${tool_input.file_path}' },
    });
    expect(JSON.parse(res.stdout).hookSpecificOutput.permissionDecisionReason).toBe('blocked /p/src/a.ts');
  });

  it('isError is a non-blocking failure carrying the text', async () => {
    const res = await call(runner({ servers: stdioServers() }), { server: 'lint', tool: 'fail' });
    expect(res.exitCode).toBeNull();
    expect(res.failure?.code).toBe('RUNNER_MCP_TOOL_ERROR');
    expect(res.failure?.message).toContain('lint failed: 3 problems');
  });

  it('an unknown tool is a non-blocking failure', async () => {
    const res = await call(runner({ servers: stdioServers() }), { server: 'lint', tool: 'nope' });
    expect(res.failure?.code).toBe('RUNNER_MCP_CALL_FAILED');
    expect(res.failure?.message).toContain('nope');
  });

  it('an unconfigured server is "not connected"', async () => {
    const res = await call(runner({ servers: stdioServers() }), { server: 'ghost', tool: 'echo' });
    expect(res.failure?.code).toBe('RUNNER_MCP_NOT_CONNECTED');
    expect(res.failure?.message).toContain('ghost');
  });

  it('a server that cannot start is "not connected"', async () => {
    const res = await call(runner({ servers: { bad: { command: join(tmp, 'missing-binary') } } }), {
      server: 'bad',
      tool: 'echo',
    });
    expect(res.failure?.code).toBe('RUNNER_MCP_NOT_CONNECTED');
  });

  it('times out a tool that never answers', async () => {
    const res = await call(runner({ servers: stdioServers() }), { server: 'lint', tool: 'hang' }, 500);
    expect(res.timedOut).toBe(true);
  });

  it('a server that never finishes connecting times out at the hook timeout, not the connect limit', async () => {
    // Connecting has its own 10 s limit (sdk-mcp-caller.ts); before the fix a 500 ms hook waited it out.
    const silent = { command: process.execPath, args: ['-e', 'setInterval(() => {}, 60_000)'] };
    const started = Date.now();
    const res = await call(runner({ servers: { silent } }), { server: 'silent', tool: 'echo' }, 500);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(res.timedOut).toBe(true);
    expect(res.diagnostics?.map((d) => d.code)).toEqual(['RUNNER_TIMEOUT']);
  });

  it("reads servers from the project's .mcp.json with ${VAR} expansion", async () => {
    const project = mkdtempSync(join(tmp, 'proj-'));
    writeFileSync(
      join(project, '.mcp.json'),
      JSON.stringify({ mcpServers: { lint: { command: '${NODE_BIN}', args: [STDIO_SERVER] } } }),
    );
    const r = runner({ env: { NODE_BIN: process.execPath } });
    const res = await r(
      makeRequest<McpToolHandler>('mcp_tool', { server: 'lint', tool: 'echo', input: { x: 1 } }, hookInput, {
        projectDir: project,
      }),
    );
    expect(res.stdout).toBe('{"x":1}');
  });
});

describe('mcp_tool runner over streamable HTTP on 127.0.0.1', () => {
  it('calls the tool with substituted input and sends configured headers', async () => {
    const r = runner({ servers: { web: { type: 'http', url: http.url, headers: { 'x-team': 'hooks' } } } });
    const res = await call(r, { server: 'web', tool: 'echo', input: { f: '${tool_input.file_path}' } });
    expect(res.failure).toBeUndefined();
    expect(res.stdout).toBe('{"f":"/p/src/a.ts"}');
    const methods = http.messages.map((m) => m.method);
    expect(methods).toContain('initialize');
    expect(methods).toContain('tools/call');
    expect(http.headers.every((h) => h['x-team'] === 'hooks')).toBe(true);
  });

  it('isError over HTTP is a non-blocking failure', async () => {
    const r = runner({ servers: { web: { type: 'http', url: http.url } } });
    const res = await call(r, { server: 'web', tool: 'fail' });
    expect(res.failure?.code).toBe('RUNNER_MCP_TOOL_ERROR');
  });

  it('a server that refuses connections is "not connected"', async () => {
    const closed = await startHttpMcpServer();
    await closed.close();
    const r = runner({ servers: { web: { type: 'http', url: closed.url } } });
    const res = await call(r, { server: 'web', tool: 'echo' });
    expect(res.failure?.code).toBe('RUNNER_MCP_NOT_CONNECTED');
  });
});

describe('mcp_tool runner with a host-provided McpToolCaller', () => {
  it('uses the injected caller and never connects itself', async () => {
    const calls: unknown[] = [];
    const r = runner({
      client: {
        async callTool(c) {
          calls.push({ server: c.server, tool: c.tool, arguments: c.arguments });
          return c.server === 'down'
            ? { kind: 'not-connected', message: 'server "down" is not connected' }
            : {
                kind: 'result',
                isError: false,
                content: [{ type: 'text', text: '{"decision":"block","reason":"r"}' }],
              };
        },
      },
    });
    const ok = await call(r, { server: 'host', tool: 't', input: { p: '${tool_use_id}' } });
    expect(ok.stdout).toBe('{"decision":"block","reason":"r"}');
    expect(calls).toEqual([{ server: 'host', tool: 't', arguments: { p: 't1' } }]);
    const down = await call(r, { server: 'down', tool: 't' });
    expect(down.failure).toEqual({
      code: 'RUNNER_MCP_NOT_CONNECTED',
      message: 'server "down" is not connected',
    });
  });
});
