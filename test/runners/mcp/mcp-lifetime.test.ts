import { afterEach, describe, expect, it } from 'vitest';
import { createHookEngine, type HookEngine, type TelemetryEvent } from '../../../src/index.ts';
import { until } from '../../helpers/poll.ts';
import { isAlive } from '../../helpers/process.ts';
import {
  allGone,
  killLeftovers,
  loggedPids,
  mcpProject,
  serverLog,
  twoHooksOnOneServer,
  WRITE_INPUT,
} from './mcp-project.ts';

// Issue 12 point 22: mcp_tool hooks on one server share one connection, and close() frees it.
const started: number[] = [];
const engines: HookEngine[] = [];
afterEach(async () => {
  await Promise.all(engines.splice(0).map((engine) => engine.close()));
  killLeftovers(started.splice(0));
});

async function engineIn(dir: string, onTelemetry?: (event: TelemetryEvent) => void): Promise<HookEngine> {
  const engine = await createHookEngine({
    cwd: dir,
    noUser: true,
    sessionId: 'mcp-lifetime',
    ...(onTelemetry ? { onTelemetry, includeHookEvents: true } : {}),
  });
  engines.push(engine);
  return engine;
}

function record(log: string, key: string): number[] {
  const pids = loggedPids(log, key);
  started.push(...pids);
  return pids;
}

describe('mcp_tool connections over an engine (real stdio servers)', () => {
  it('two hooks racing to one server share one connection across dispatches; close() ends it', async () => {
    const { dir, log } = mcpProject(twoHooksOnOneServer());
    const engine = await engineIn(dir);
    for (let round = 0; round < 2; round++) {
      const result = await engine.dispatch('PreToolUse', WRITE_INPUT);
      expect(result.hooks.map((hook) => [hook.outcome, hook.stdout])).toEqual([
        ['success', '{"hook":1}'],
        ['success', '{"hook":2}'],
      ]);
    }
    const servers = record(log, 'started');
    expect(servers).toHaveLength(1);
    expect(serverLog(log).filter((line) => line.method === 'tools/call')).toHaveLength(4);
    expect(isAlive(servers[0] as number)).toBe(true);
    await engine.close();
    // close() waits for the server, so it is gone already; polling only absorbs the reaping.
    await allGone(servers, 'the stdio MCP server to exit after engine.close()');
  });

  it('close() kills what the server left running after it exited (a child ignoring SIGTERM)', async () => {
    const { dir, log } = mcpProject(twoHooksOnOneServer(), { MCP_FIXTURE_GRANDCHILD: '1' });
    const engine = await engineIn(dir);
    await engine.dispatch('PreToolUse', WRITE_INPUT);
    const [grandchild] = record(log, 'grandchild');
    record(log, 'started');
    expect(grandchild).toBeDefined();
    await engine.close();
    expect(isAlive(grandchild as number)).toBe(false);
  });

  it('close() during a hook that waits on the server ends the call and the server', async () => {
    const { dir, log } = mcpProject(twoHooksOnOneServer('hang', 'echo'), { MCP_FIXTURE_KEEP_ALIVE: '1' });
    const finished: string[] = [];
    const engine = await engineIn(dir, (event) => {
      if (event.type === 'response') finished.push(event.outcome);
    });
    const dispatched = engine.dispatch('PreToolUse', WRITE_INPUT);
    // Both calls reached the server and the echo hook has its answer: only the hanging one is open.
    // (Waiting for the first tools/call alone raced: close() sometimes cancelled the echo too.)
    await until(
      () =>
        serverLog(log).filter((line) => line.method === 'tools/call').length === 2 &&
        finished.includes('success'),
      'both tool calls, and the echo hook answered',
    );
    const servers = record(log, 'started');
    await engine.close();
    expect(servers.filter(isAlive)).toEqual([]);
    const result = await dispatched;
    expect(result.hooks.map((hook) => hook.outcome)).toEqual(['cancelled', 'success']);
  });
});
