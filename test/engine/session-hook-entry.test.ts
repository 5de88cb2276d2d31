// addSessionHook() takes the seed's shape and validates it like configuration (issue 12 point 21,
// seed 004 "session hooks").
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createHookEngine } from '../../src/index.ts';

const ANSWER = fileURLToPath(new URL('../fixtures/copilot/answer.sh', import.meta.url));

describe('addSessionHook in the seed 004 shape', () => {
  it("runs { type: 'command', command } for its session, as a Stop hook in the seed's example", async () => {
    const engine = await createHookEngine({ discover: false, sessionId: 's1' });
    const block = JSON.stringify({ decision: 'block', reason: 'verify the output first' });
    const registration = engine
      .session('s1')
      .addSessionHook('Stop', '', { type: 'command', command: `sh ${ANSWER} '${block}' '' 0` });
    const result = await engine.dispatch('Stop', { stop_hook_active: false });
    expect(result.hooks).toHaveLength(1);
    expect(result.decision).toBe('block');
    registration();
    const after = await engine.dispatch('Stop', { stop_hook_active: false });
    await engine.close();
    expect(after.hooks).toEqual([]);
  });

  it.each([
    [{ type: 'command' }, /command/],
    [{ type: 'comand', command: 'true' }, /Unknown handler type "comand"; did you mean "command"\?/],
    [{ type: 'command', command: 'true', timeout: 'soon' }, /timeout/],
  ])('%j is a clear error at registration, not a TypeError later', async (entry, message) => {
    const engine = await createHookEngine({ discover: false, sessionId: 's1' });
    const session = engine.session('s1');
    expect(() => session.addSessionHook('Stop', '', entry)).toThrow(message);
    try {
      session.addSessionHook('Stop', '', entry);
    } catch (error) {
      expect((error as { code?: string }).code).toBe('ENGINE_INVALID_SESSION_HOOK');
    }
    const result = await engine.dispatch('Stop', { stop_hook_active: false });
    await engine.close();
    expect(result.hooks).toEqual([]);
  });
});
