import { describe, expect, it } from 'vitest';
import { createHookEngine } from '../../src/index.ts';

// seed 004 "session hooks": the addFunctionHook / removeFunctionHook example, written against our
// API (docs/library.md "The seed's example").
describe('seed 004 function hook example', () => {
  it('blocks Stop with "Condition not met" until the history holds the required tool call', async () => {
    const engine = await createHookEngine({ discover: false });
    const sessionId = 'seed-session';
    const checkCondition = (messages: readonly unknown[] = []) =>
      messages.some((message) => (message as { tool?: string }).tool === 'StructuredOutput');

    const session = engine.session(sessionId);
    const hookId = session.addFunctionHook(
      'Stop',
      '', // matcher (empty = all)
      (_input, _signal, messages) => checkCondition(messages), // callback
      'Condition not met', // errorMessage if false
      { timeout: 5000, id: 'my-hook' }, // optional
    );
    expect(hookId.id).toBe('my-hook');

    const blocked = await engine.dispatch(
      'Stop',
      {},
      { sessionId, messages: [{ role: 'assistant', text: 'done' }] },
    );
    expect(blocked.decision).toBe('block');
    expect(blocked.reason).toBe('Condition not met');

    const passed = await engine.dispatch('Stop', {}, { sessionId, messages: [{ tool: 'StructuredOutput' }] });
    expect(passed.decision).toBeNull();

    expect(session.removeFunctionHook('Stop', hookId)).toBe(true);
    expect((await engine.dispatch('Stop', {}, { sessionId })).hooks).toHaveLength(0);
    await engine.close();
  });
});
