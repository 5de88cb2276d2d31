// A hook event the proxy cannot dispatch at all fails closed (docs/mcp-proxy.md): the engine is
// the boundary observed here, made to reject one event; the server and client are real.
import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import { afterEach, describe, expect, it } from 'vitest';
import { createHookEngine, type HookEngine } from '../../src/index.ts';
import { type McpProxy, startMcpProxy } from '../../src/mcp-proxy.ts';
import { SERVER, texts } from './kit.ts';

/** A real engine whose `dispatch` rejects for `failing`, as an engine closed under it would. */
async function engineFailingOn(failing: string): Promise<{ engine: HookEngine; seen: string[] }> {
  const real = await createHookEngine({ discover: false });
  const seen: string[] = [];
  const engine = new Proxy(real, {
    get(target, key) {
      // The engine's own members are read on the engine itself: its private fields need it.
      if (key !== 'dispatch') {
        const value = Reflect.get(target, key);
        return typeof value === 'function' ? value.bind(target) : value;
      }
      return (event: string, ...rest: unknown[]) => {
        seen.push(event);
        if (event === failing) return Promise.reject(new Error(`engine broke on ${event}`));
        return (target.dispatch as (...args: unknown[]) => unknown).call(target, event, ...rest);
      };
    },
  });
  return { engine, seen };
}

const open: { proxy: McpProxy; client: Client; engine: HookEngine }[] = [];

async function connect(engine: HookEngine, log: string[]): Promise<Client> {
  const [clientSide, proxySide] = InMemoryTransport.createLinkedPair();
  const proxy = await startMcpProxy({
    engine,
    command: [process.execPath, SERVER],
    name: 'fixture',
    upstream: proxySide,
    log: (line) => log.push(line),
  });
  const client = new Client({ name: 'hook-failure-test', version: '1.0.0' });
  await client.connect(clientSide);
  open.push({ proxy, client, engine });
  return client;
}

afterEach(async () => {
  for (const { proxy, client, engine } of open.splice(0)) {
    await client.close();
    await proxy.close();
    await engine.close();
  }
});

describe('mcp-proxy: a hook event that cannot be dispatched fails closed', () => {
  it('PostToolUse: the result the hooks could not screen is withheld, with MCP_PROXY_HOOK_FAILED', async () => {
    const { engine, seen } = await engineFailingOn('PostToolUse');
    const log: string[] = [];
    const client = await connect(engine, log);
    const result = await client.callTool({ name: 'echo', arguments: { text: 'secret' } });
    expect(seen).toEqual(['PreToolUse', 'PostToolUse']);
    expect(result.isError).toBe(true);
    expect(texts(result).join('\n')).not.toContain('echo: secret');
    expect(texts(result)).toEqual([
      'agent-hooks could not run the PostToolUse hooks for mcp__fixture__echo: engine broke on PostToolUse; its result is withheld',
    ]);
    expect(log.filter((line) => line.startsWith('MCP_PROXY_HOOK_FAILED:'))).toHaveLength(1);
  });

  it('PreToolUse: the call is refused, with MCP_PROXY_HOOK_FAILED', async () => {
    const { engine, seen } = await engineFailingOn('PreToolUse');
    const log: string[] = [];
    const client = await connect(engine, log);
    const result = await client.callTool({ name: 'echo', arguments: { text: 'x' } });
    expect(seen).toEqual(['PreToolUse']);
    expect(result.isError).toBe(true);
    expect(texts(result)).toEqual([
      'agent-hooks could not run the PreToolUse hooks for mcp__fixture__echo: engine broke on PreToolUse',
    ]);
    expect(log.some((line) => line.startsWith('MCP_PROXY_HOOK_FAILED:'))).toBe(true);
  });
});
