import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createHookEngine } from '../../src/index.ts';
import { tempDir } from '../helpers/temp-dir.ts';

const GATED = fileURLToPath(new URL('../fixtures/async/gated-hook.sh', import.meta.url));

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

  it('notification is fire-and-forget: the dispatch does not wait; the context comes as an async result (seed 003)', async () => {
    const dir = tempDir('notification');
    const out = JSON.stringify({ additionalContext: 'shell finished' });
    const engine = await copilotEngine({
      notification: [{ type: 'command', bash: `sh ${GATED} '${dir}' 0 '${out}' ''` }],
    });
    const result = await engine.dispatch('notification', {
      notification_type: 'shell_completed',
      message: 'm',
    });
    // The hook still waits for its gate file: nothing of it is in the dispatch's result.
    expect(result.hooks).toEqual([]);
    expect(result.additionalContext).toEqual([]);
    expect(result.backgrounded).toHaveLength(1);
    expect(engine.pendingAsync()).toBe(1);
    writeFileSync(join(dir, 'go'), '');
    await engine.waitForAsync();
    const [done] = engine.collectAsyncResults();
    expect(done).toMatchObject({
      event: 'Notification',
      mode: 'fire-and-forget',
      outcome: 'success',
      additionalContext: 'shell finished',
    });
    await engine.close();
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
