import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { LEFT_TO_BACKGROUND, NOT_BACKGROUND } from '../../src/engine/run/background-split.ts';
import { stopStateKey } from '../../src/engine/session/session-state.ts';
import { stopKey } from '../../src/engine/session/stop-loop.ts';
import { createHookEngine, type HookEngine, MemorySessionState } from '../../src/index.ts';
import type { NormalizedHandler } from '../../src/model/handler.ts';
import { engineWithClaudeHooks } from '../helpers/engine.ts';
import { tempDir } from '../helpers/temp-dir.ts';

const engines: HookEngine[] = [];
afterEach(async () => {
  await Promise.all(engines.splice(0).map((engine) => engine.close()));
});

const bash = { tool_name: 'Bash', tool_input: { command: 'ls' }, tool_response: {}, tool_use_id: 'toolu_1' };

/** A PostToolUse with one plain hook and one `async` hook, each leaving a file when it ran. */
async function mixedEngine(dir: string, asyncExtra: Record<string, unknown> = {}): Promise<HookEngine> {
  const context = (text: string) =>
    `echo '{"hookSpecificOutput":{"hookEventName":"PostToolUse","additionalContext":"${text}"}}'`;
  const engine = await engineWithClaudeHooks({
    PostToolUse: [
      {
        hooks: [
          { type: 'command', command: `cat >/dev/null; touch ${join(dir, 'plain')}; ${context('plain')}` },
          {
            type: 'command',
            async: true,
            command: `cat >/dev/null; touch ${join(dir, 'background')}; ${context('background')}`,
            ...asyncExtra,
          },
        ],
      },
    ],
  });
  engines.push(engine);
  return engine;
}

describe("dispatch option background (the bridge's keeper, docs/async-hooks.md)", () => {
  it("'skip' runs the other hooks and lists each background hook in skipped, unstarted", async () => {
    const dir = tempDir('background-skip');
    const engine = await mixedEngine(dir);
    const result = await engine.dispatch('PostToolUse', bash, { background: 'skip' });
    expect(result.hooks).toHaveLength(1);
    expect(result.additionalContext).toEqual(['plain']);
    expect(result.skipped).toEqual([
      {
        source: expect.objectContaining({ pointer: '/hooks/PostToolUse/0/hooks/1' }),
        why: LEFT_TO_BACKGROUND,
      },
    ]);
    expect(result.backgrounded ?? []).toEqual([]);
    expect(engine.pendingAsync()).toBe(0);
    await engine.waitForAsync();
    expect(existsSync(join(dir, 'background'))).toBe(false);
  });

  it("'only' runs the background hooks alone; their output comes through collectAsyncResults", async () => {
    const dir = tempDir('background-only');
    const engine = await mixedEngine(dir);
    const result = await engine.dispatch('PostToolUse', bash, { background: 'only' });
    expect(result.hooks).toEqual([]);
    expect(result.skipped.map((skip) => skip.why)).toEqual([NOT_BACKGROUND]);
    expect(result.backgrounded).toHaveLength(1);
    await engine.waitForAsync();
    const [done] = engine.collectAsyncResults();
    expect(done?.additionalContext).toBe('background');
    expect(existsSync(join(dir, 'plain'))).toBe(false);
  });

  it('a background `once` hook left out by skip is not claimed, so the keeper still runs it once', async () => {
    const dir = tempDir('background-once');
    const handler: NormalizedHandler = {
      type: 'command',
      event: 'PostToolUse',
      eventKey: 'PostToolUse',
      dialect: 'claude',
      source: { file: '<skill>', pointer: '/once', scope: 'session' },
      once: true,
      async: true,
      spec: { command: `cat >/dev/null; echo x >> ${join(dir, 'runs')}` },
    };
    const engine = await createHookEngine({ discover: false, sessionId: 's1', handlers: [handler] });
    engines.push(engine);
    const skipped = await engine.dispatch('PostToolUse', bash, { background: 'skip' });
    expect(skipped.skipped.map((skip) => skip.why)).toEqual([LEFT_TO_BACKGROUND]);
    expect((await engine.dispatch('PostToolUse', bash, { background: 'only' })).backgrounded).toHaveLength(1);
    const again = await engine.dispatch('PostToolUse', bash, { background: 'only' });
    expect(again.skipped.map((skip) => skip.why)).toEqual(['once: already ran in this session']);
    await engine.waitForAsync();
    expect(readFileSync(join(dir, 'runs'), 'utf8')).toBe('x\n');
  });

  it("counts Copilot CLI's fire-and-forget notification hooks as background hooks", async () => {
    const dir = tempDir('background-notification');
    const engine = await createHookEngine({
      discover: false,
      profile: 'copilot-cli',
      sources: [
        {
          file: 'hooks.json',
          kind: 'copilot-hooks-file',
          config: {
            version: 1,
            hooks: { notification: [{ type: 'command', bash: `touch ${join(dir, 'n')}` }] },
          },
          scope: 'project',
        },
      ],
    });
    engines.push(engine);
    const input = { message: 'hi', notification_type: 'idle_prompt' };
    const skipped = await engine.dispatch('Notification', input, { background: 'skip' });
    expect(skipped.skipped.map((skip) => skip.why)).toEqual([LEFT_TO_BACKGROUND]);
    const only = await engine.dispatch('Notification', input, { background: 'only' });
    expect(only.backgrounded).toHaveLength(1);
    await engine.waitForAsync();
    expect(existsSync(join(dir, 'n'))).toBe(true);
  });

  it("'only' leaves the Stop loop's count alone: the background hooks never decide a Stop", async () => {
    const store = new MemorySessionState();
    const engine = await engineWithClaudeHooks(
      {
        Stop: [
          {
            hooks: [
              { type: 'command', command: `cat >/dev/null; echo '{"decision":"block","reason":"go on"}'` },
              { type: 'command', async: true, command: 'cat >/dev/null' },
            ],
          },
        ],
      },
      { sessionState: store },
    );
    engines.push(engine);
    const stop = { session_id: 's1', stop_hook_active: false, last_assistant_message: 'done' };
    const key = stopStateKey(stopKey('s1', 'Stop', stop));
    expect((await engine.dispatch('Stop', stop, { background: 'skip' })).decision).toBe('block');
    expect(store.get(key)).toBe(1);
    await engine.dispatch('Stop', { ...stop, stop_hook_active: true }, { background: 'only' });
    await engine.waitForAsync();
    expect(store.get(key)).toBe(1);
  });
});
