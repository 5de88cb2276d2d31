import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain JavaScript fixture
import { startSdkHttpServer } from '../fixtures/mcp/sdk-server.mjs';
import { type Connected, connectThroughProxy, project, recorded, texts } from './kit.ts';

// `agent-hooks mcp-proxy --url http://127.0.0.1:<port>/mcp`: stdio in front, streamable HTTP behind.
const overrides = project('override');
let server: { url: string; close(): Promise<void> };
let proxy: Connected;

beforeAll(async () => {
  server = await startSdkHttpServer();
  proxy = await connectThroughProxy(['--cwd', overrides.dir, '--url', server.url, '--name', 'fixture']);
}, 30_000);

afterAll(async () => {
  await proxy?.client.close();
  await server?.close();
});

describe('agent-hooks mcp-proxy in front of a streamable HTTP server', () => {
  it('runs the hooks around tool calls', async () => {
    expect((await proxy.client.listTools()).tools.map((tool) => tool.name)).toEqual(['echo', 'fail', 'ask']);
    const denied = await proxy.client.callTool({ name: 'echo', arguments: { text: 'secret' } });
    expect(denied.isError).toBe(true);
    expect(texts(denied)).toEqual(['PreToolUse:mcp__fixture__echo hook error: secrets stay local']);
    const rewritten = await proxy.client.callTool({ name: 'echo', arguments: { text: 'shout over http' } });
    expect(texts(rewritten)).toEqual([
      'echo: OVER HTTP',
      'PostToolUse:mcp__fixture__echo hook additional context: mcp__fixture__echo ran in time',
    ]);
  });

  it("asks the user through the client, then lets ElicitationResult change the user's answer", async () => {
    const result = await proxy.client.callTool({ name: 'ask', arguments: {} });
    expect(proxy.elicited).toEqual(['What is your name?']);
    expect(texts(result)[0]).toBe('hello Ada Lovelace');
    const events = recorded(overrides.log).map((p) => p.hook_event_name);
    expect(events).toContain('Elicitation');
    const answer = recorded(overrides.log).find((p) => p.hook_event_name === 'ElicitationResult');
    expect(answer).toMatchObject({
      mcp_server_name: 'fixture',
      action: 'accept',
      content: { name: 'Ada' },
      mode: 'form',
    });
  });
});
