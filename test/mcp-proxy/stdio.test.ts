import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { until } from '../helpers/poll.ts';
import { type Connected, connectThroughProxy, project, recorded, SERVER, texts } from './kit.ts';

/** How long a hook or the proxy may take to react on a busy machine. */
const DEADLINE_MS = 15_000;

// One proxy process for the file: `agent-hooks mcp-proxy --name fixture -- node sdk-server.mjs`.
const main = project('answer');
const serverLog = join(main.dir, 'server.log');
let proxy: Connected;

beforeAll(async () => {
  proxy = await connectThroughProxy(['--cwd', main.dir, '--name', 'fixture', '--', 'node', SERVER], {
    MCP_FIXTURE_LOG: serverLog,
  });
}, 30_000);

afterAll(async () => {
  await proxy?.client.close();
});

function payloads(event: string, text?: string): Record<string, any>[] {
  return recorded(main.log).filter(
    (p) => p.hook_event_name === event && (text === undefined || p.tool_input?.text === text),
  );
}

describe('agent-hooks mcp-proxy over stdio', () => {
  it('forwards everything else unchanged: tools, resources, prompts', async () => {
    const { client } = proxy;
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(['echo', 'fail', 'ask']);
    expect(await client.readResource({ uri: 'note://readme' })).toMatchObject({
      contents: [{ uri: 'note://readme', text: 'fixture readme' }],
    });
    const prompt = await client.getPrompt({ name: 'greet', arguments: { who: 'Ada' } });
    expect(prompt.messages[0]!.content).toEqual({ type: 'text', text: 'Say hello to Ada' });
  });

  it('runs the call, then adds the PostToolUse context to the result, with Claude Code payloads', async () => {
    const result = await proxy.client.callTool({ name: 'echo', arguments: { text: 'hi' } });
    expect(result.isError).toBeFalsy();
    expect(texts(result)).toEqual([
      'echo: hi',
      'PostToolUse:mcp__fixture__echo hook additional context: mcp__fixture__echo ran in time',
    ]);
    const [pre] = payloads('PreToolUse', 'hi');
    const [post] = payloads('PostToolUse', 'hi');
    expect(pre).toMatchObject({
      tool_name: 'mcp__fixture__echo',
      tool_input: { text: 'hi' },
      mcp_server: { name: 'fixture', source: 'mcp-proxy' },
      cwd: main.dir,
    });
    expect(pre!.tool_use_id).toMatch(/^mcp_proxy_/);
    expect(post).toMatchObject({
      tool_response: [{ type: 'text', text: 'echo: hi' }],
      tool_use_id: pre!.tool_use_id,
    });
    expect(typeof post!.duration_ms).toBe('number');
  });

  it('refuses a denied call with an error result carrying the reason; the server never sees it', async () => {
    const result = await proxy.client.callTool({ name: 'echo', arguments: { text: 'the secret plan' } });
    expect(result.isError).toBe(true);
    expect(texts(result)).toEqual(['PreToolUse:mcp__fixture__echo hook error: secrets stay local']);
    expect(payloads('PostToolUse', 'the secret plan')).toEqual([]);
  });

  it('forwards updatedInput to the server', async () => {
    const result = await proxy.client.callTool({ name: 'echo', arguments: { text: 'shout quietly' } });
    expect(texts(result)[0]).toBe('echo: QUIETLY');
    expect(payloads('PostToolUse', 'QUIETLY')).toHaveLength(1);
  });

  it('takes an ask to the PermissionRequest hooks; with no decision the call is refused with the reason', async () => {
    const allowed = await proxy.client.callTool({ name: 'echo', arguments: { text: 'confirm please' } });
    expect(texts(allowed)[0]).toBe('echo: confirm please');
    expect(payloads('PermissionRequest', 'confirm please')[0]).toMatchObject({
      tool_name: 'mcp__fixture__echo',
      mcp_server: { name: 'fixture' },
    });
    const refused = await proxy.client.callTool({ name: 'echo', arguments: { text: 'confirm maybe' } });
    expect(refused.isError).toBe(true);
    expect(texts(refused)).toEqual(['echo needs a second look']);
  });

  it('replaces the result with updatedMCPToolOutput', async () => {
    const result = await proxy.client.callTool({ name: 'echo', arguments: { text: 'please redact me' } });
    expect(texts(result)).toEqual(['[redacted]']);
  });

  it('runs PostToolUseFailure for an error result and adds its context', async () => {
    const result = await proxy.client.callTool({ name: 'fail', arguments: {} });
    expect(result.isError).toBe(true);
    expect(texts(result)).toEqual([
      'lint failed: 3 problems',
      'PostToolUseFailure:mcp__fixture__fail hook additional context: run the linter with --fix',
    ]);
    expect(payloads('PostToolUseFailure')[0]).toMatchObject({
      error: 'lint failed: 3 problems',
      is_interrupt: false,
    });
  });

  it('lets an Elicitation hook answer for the user', async () => {
    const result = await proxy.client.callTool({ name: 'ask', arguments: {} });
    expect(texts(result)[0]).toBe('hello Hook');
    expect(proxy.elicited).toEqual([]);
    expect(payloads('Elicitation')[0]).toMatchObject({
      mcp_server_name: 'fixture',
      message: 'What is your name?',
      mode: 'form',
      requested_schema: { type: 'object', properties: { name: { type: 'string' } } },
    });
  });

  it('drops a call the client cancels while its PreToolUse hooks run; the server never sees it', async () => {
    const controller = new AbortController();
    const pending = proxy.client.callTool(
      { name: 'echo', arguments: { text: 'slow down' } },
      { signal: controller.signal },
    );
    await until(() => payloads('PreToolUse', 'slow down').length > 0, 'the PreToolUse hook to run', {
      deadlineMs: DEADLINE_MS,
    });
    controller.abort();
    await expect(pending).rejects.toThrow();
    const dropped = () => proxy.stderr().includes('cancelled by the client during PreToolUse');
    await until(dropped, 'the cancelled call to be dropped', { deadlineMs: DEADLINE_MS });
    expect(texts(await proxy.client.callTool({ name: 'echo', arguments: { text: 'after' } }))[0]).toBe(
      'echo: after',
    );
    const served = existsSync(serverLog) ? readFileSync(serverLog, 'utf8') : '';
    expect(served).toContain('echo after');
    expect(served).not.toContain('slow down');
  });
});
