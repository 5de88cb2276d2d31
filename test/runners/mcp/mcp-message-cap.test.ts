import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { McpToolFields, McpToolHandler } from '../../../src/model/handler.ts';
import {
  createMcpToolRunner,
  type McpToolRunner,
  type McpToolRunnerOptions,
} from '../../../src/runners/mcp/mcp-tool-runner.ts';
import { MCP_MAX_MESSAGE_BYTES } from '../../../src/runners/mcp/message-cap.ts';
import { type HttpMcpServer, startHttpMcpServer } from '../../fixtures/mcp/http-server.mjs';
import { tempDir } from '../../helpers/temp-dir.ts';
import { makeRequest } from '../llm/make-request.ts';
import { allGone, loggedPids, STDIO_SERVER } from './mcp-project.ts';

/** The hook's timeout: a capped answer must end the call long before it. */
const HOOK_TIMEOUT_MS = 60_000;
/** "At once": reading 10 MiB over a pipe or loopback takes well under a second. */
const FAILS_WITHIN_MS = 10_000;
/** Generous: the old code buffered gigabytes at loopback speed before the timeout. */
const RSS_GROWTH_LIMIT_BYTES = 200 * 1024 * 1024;
const RSS_SAMPLE_EVERY_MS = 5;

let tmp: string;
let http: HttpMcpServer;
const runners: McpToolRunner[] = [];
beforeAll(async () => {
  tmp = tempDir('mcp-cap');
  http = await startHttpMcpServer();
});
afterEach(async () => {
  await Promise.all(runners.splice(0).map((r) => r.close()));
});
afterAll(async () => {
  await http.close();
});

function runner(servers: McpToolRunnerOptions['servers']): McpToolRunner {
  const r = createMcpToolRunner({ servers });
  runners.push(r);
  return r;
}
const call = (r: McpToolRunner, spec: McpToolFields) =>
  r(makeRequest<McpToolHandler>('mcp_tool', spec, {}, { projectDir: tmp, timeoutMs: HOOK_TIMEOUT_MS }));

/** Runs `work` and returns its result, how long it took and the largest RSS growth seen meanwhile. */
async function measured<T>(work: () => Promise<T>): Promise<{ value: T; ms: number; rssGrowth: number }> {
  const baseline = process.memoryUsage().rss;
  let rssGrowth = 0;
  const sampler = setInterval(() => {
    rssGrowth = Math.max(rssGrowth, process.memoryUsage().rss - baseline);
  }, RSS_SAMPLE_EVERY_MS);
  const started = Date.now();
  try {
    const value = await work();
    return { value, ms: Date.now() - started, rssGrowth };
  } finally {
    clearInterval(sampler);
  }
}

/** The coded, capped failure every endless answer must end in. */
function expectCapped(m: Awaited<ReturnType<typeof measured<Awaited<ReturnType<McpToolRunner>>>>>): void {
  expect(m.value.timedOut).toBeFalsy();
  expect(m.value.failure?.code).toBe('RUNNER_MCP_CALL_FAILED');
  expect(m.value.failure?.message).toContain(`over ${MCP_MAX_MESSAGE_BYTES} bytes`);
  expect(m.ms).toBeLessThan(FAILS_WITHIN_MS);
  expect(m.rssGrowth).toBeLessThan(RSS_GROWTH_LIMIT_BYTES);
}

describe('an MCP message over MCP_MAX_MESSAGE_BYTES fails the call at once', () => {
  it('stdio: a line that never ends; the server is closed and the next call reconnects', async () => {
    const log = join(tmp, 'stdio.log');
    const r = runner({
      lint: { command: process.execPath, args: [STDIO_SERVER], env: { MCP_FIXTURE_LOG: log } },
    });
    expectCapped(await measured(() => call(r, { server: 'lint', tool: 'flood' })));
    const [first] = loggedPids(log, 'started');
    await allGone([first as number], 'the flooding stdio server to be closed');
    const next = await call(r, { server: 'lint', tool: 'echo', input: { again: true } });
    expect(next.stdout).toBe('{"again":true}');
    expect(loggedPids(log, 'started')).toHaveLength(2);
  });

  it('HTTP: a JSON body that never ends', async () => {
    const r = runner({ web: { type: 'http', url: http.url } });
    expectCapped(await measured(() => call(r, { server: 'web', tool: 'flood' })));
    const next = await call(r, { server: 'web', tool: 'echo', input: { again: true } });
    expect(next.stdout).toBe('{"again":true}');
  });

  it('HTTP: an SSE event that never ends', async () => {
    const r = runner({ web: { type: 'http', url: http.url } });
    expectCapped(await measured(() => call(r, { server: 'web', tool: 'flood-sse' })));
  });
});
