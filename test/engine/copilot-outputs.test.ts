import { describe, expect, it } from 'vitest';
import { createHookEngine } from '../../src/index.ts';

async function copilotEngine(hooks: Record<string, unknown[]>) {
  return createHookEngine({
    discover: false,
    profile: 'copilot-cli',
    sources: [
      { file: 'hooks.json', kind: 'copilot-hooks-file', scope: 'project', config: { version: 1, hooks } },
    ],
  });
}
const echo = (value: unknown) => ({
  type: 'command',
  bash: `cat > /dev/null; echo '${JSON.stringify(value)}'`,
});

describe('Copilot CLI event outputs (other-agents-hooks.md §1.3, §1.5)', () => {
  it('userPromptTransformed: modifiedTransformedPrompt replaces the model-facing prompt', async () => {
    const engine = await copilotEngine({
      userPromptTransformed: [echo({ modifiedTransformedPrompt: 'rewritten' })],
    });
    const result = await engine.dispatch('userPromptTransformed', { prompt: 'p', transformed_prompt: 'p' });
    expect(result.eventOutput.modifiedTransformedPrompt).toBe('rewritten');
  });

  it('userPromptTransformed: an empty or non-string rewrite is ignored with a warning', async () => {
    const engine = await copilotEngine({ userPromptTransformed: [echo({ modifiedTransformedPrompt: '' })] });
    const result = await engine.dispatch('userPromptTransformed', { prompt: 'p' });
    expect(result.eventOutput.modifiedTransformedPrompt).toBeUndefined();
    expect(result.hooks[0]?.warnings.join('\n')).toMatch(/modifiedTransformedPrompt/);
  });

  it('notification: additionalContext is read (it can wake an idle session)', async () => {
    const engine = await copilotEngine({ notification: [echo({ additionalContext: 'shell finished' })] });
    const result = await engine.dispatch('notification', {
      notification_type: 'shell_completed',
      message: 'm',
    });
    expect(result.additionalContext).toEqual(['shell finished']);
  });

  it('subagentStop: the last modifiedResponse wins, and a block beats it', async () => {
    const engine = await copilotEngine({
      subagentStop: [echo({ modifiedResponse: 'first' }), echo({ modifiedResponse: 'second' })],
    });
    const result = await engine.dispatch('subagentStop', { agent_type: 'explore' });
    expect(result.eventOutput.modifiedResponse).toBe('second');
    const blocking = await copilotEngine({
      subagentStop: [echo({ modifiedResponse: 'first' }), echo({ decision: 'block', reason: 'keep going' })],
    });
    const blocked = await blocking.dispatch('subagentStop', { agent_type: 'explore' });
    expect(blocked.decision).toBe('block');
    expect(blocked.eventOutput.modifiedResponse).toBeUndefined();
  });
});
