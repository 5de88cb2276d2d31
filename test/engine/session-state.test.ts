import { describe, expect, it } from 'vitest';
import {
  createHookEngine,
  type HookEngine,
  MemorySessionState,
  type SessionStateStore,
} from '../../src/index.ts';
import type { NormalizedHandler } from '../../src/model/handler.ts';

/** A store two engines share, asynchronous like a database, counting its calls. */
function sharedStore(): SessionStateStore & { calls: string[] } {
  const memory = new MemorySessionState();
  const calls: string[] = [];
  const later = <T>(value: () => T) => new Promise<T>((resolve) => setImmediate(() => resolve(value())));
  return {
    calls,
    get: (key) => {
      calls.push(`get ${key.split('\u0000')[0]}`);
      return later(() => memory.get(key));
    },
    increment: (key) => later(() => memory.increment(key)),
    reset: (key) => later(() => memory.reset(key)),
  };
}

const blockingStop = {
  file: 'inline:stop',
  kind: 'claude-settings' as const,
  config: { hooks: { Stop: [{ hooks: [{ type: 'command', command: 'echo "keep going" >&2; exit 2' }] }] } },
};

async function engines(store: SessionStateStore, handlers: NormalizedHandler[] = []): Promise<HookEngine[]> {
  return Promise.all(
    [0, 1].map(() =>
      createHookEngine({
        discover: false,
        sources: [blockingStop],
        handlers,
        sessionState: store,
        noUser: true,
      }),
    ),
  );
}

describe('pluggable session state (HookEngineOptions.sessionState)', () => {
  it('lets two engines share one Stop loop: 8 continuations, then the cap, whichever engine answers', async () => {
    const store = sharedStore();
    const [a, b] = await engines(store);
    const decisions: (string | null)[] = [];
    for (let i = 0; i < 10; i++) {
      const engine = i % 2 === 0 ? a! : b!;
      const result = await engine.dispatch('Stop', { session_id: 'shared' });
      decisions.push(result.decision);
    }
    expect(decisions).toEqual([
      'block',
      'block',
      'block',
      'block',
      'block',
      'block',
      'block',
      'block',
      null,
      'block',
    ]);
    expect(store.calls.filter((call) => call === 'get stop-blocks')).toHaveLength(10);
    // A new prompt ends the loop on every engine.
    await a!.dispatch('Stop', { session_id: 'other' });
    await b!.dispatch('UserPromptSubmit', { session_id: 'other', prompt: 'hi' });
    expect(await store.get('stop-blocks\u0000other')).toBe(0);
    await Promise.all([a!.close(), b!.close()]);
  });

  it('runs a session-scoped once hook once per session across engines, even when dispatched at the same time', async () => {
    const store = sharedStore();
    let runs = 0;
    const once: NormalizedHandler = {
      type: 'function',
      event: 'PreToolUse',
      eventKey: 'PreToolUse',
      dialect: 'claude',
      source: { file: '<test>', pointer: '/once', scope: 'session' },
      once: true,
      spec: {
        id: 'once-hook',
        callback: () => {
          runs += 1;
          return { hookSpecificOutput: { hookEventName: 'PreToolUse', additionalContext: 'first call' } };
        },
      },
    };
    const [a, b] = await engines(store, [once]);
    const input = {
      session_id: 's1',
      tool_name: 'Bash',
      tool_use_id: 'toolu_1',
      tool_input: { command: 'ls' },
    };
    const results = await Promise.all([
      a!.dispatch('PreToolUse', input),
      b!.dispatch('PreToolUse', input),
      a!.dispatch('PreToolUse', input),
    ]);
    expect(runs).toBe(1);
    expect(results.flatMap((r) => r.additionalContext)).toEqual(['first call']);
    expect(results.flatMap((r) => r.skipped.map((s) => s.why))).toEqual([
      'once: already ran in this session',
      'once: already ran in this session',
    ]);
    await b!.dispatch('PreToolUse', { ...input, session_id: 's2' });
    expect(runs).toBe(2);
    await Promise.all([a!.close(), b!.close()]);
  });

  it('gives the claim back when the once hook fails, so the next dispatch runs it again', async () => {
    let runs = 0;
    const flaky: NormalizedHandler = {
      type: 'function',
      event: 'PreToolUse',
      eventKey: 'PreToolUse',
      dialect: 'claude',
      source: { file: '<test>', pointer: '/flaky', scope: 'session' },
      once: true,
      spec: {
        id: 'flaky',
        callback: () => {
          runs += 1;
          if (runs === 1) throw new Error('not yet');
          return {};
        },
      },
    };
    const engine = await createHookEngine({ discover: false, handlers: [flaky] });
    const input = { session_id: 's', tool_name: 'Bash', tool_use_id: 'toolu_1', tool_input: {} };
    for (let i = 0; i < 3; i++) await engine.dispatch('PreToolUse', input);
    expect(runs).toBe(2);
    await engine.close();
  });
});
