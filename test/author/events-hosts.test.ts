import { afterEach, describe, expect, it } from 'vitest';
import type { HookEngine } from '../../src/index.ts';
import { engineFor, fixtureCommand, sourceFor, VARIANTS } from './helpers.ts';

// SDK-written Stop, PostToolUse and TaskCompleted hooks through the engine, per host.

let engine: HookEngine | undefined;
afterEach(async () => {
  await engine?.close();
  engine = undefined;
});

describe.each(VARIANTS)('block(reason) on Stop under %s', (variant) => {
  it('keeps the agent working once, then lets it stop (stop_hook_active)', async () => {
    engine = await engineFor(variant, [sourceFor(variant, 'Stop', fixtureCommand('stop-gate.mjs'))]);
    const first = await engine.dispatch('Stop', {});
    expect(first.decision).toBe('block');
    expect(first.reason).toBe('Run the tests before you stop');
    expect(first.hooks[0]?.warnings).toEqual([]);
    const second = await engine.dispatch('Stop', {});
    expect(second.decision).toBeNull();
  });
});

describe('where each host reads a Stop block', () => {
  it('VS Code: nested in hookSpecificOutput (other-agents-hooks.md §2.5); Claude: top level', async () => {
    engine = await engineFor('vscode', [sourceFor('vscode', 'Stop', fixtureCommand('stop-gate.mjs'))]);
    const vscode = await engine.dispatch('Stop', {});
    expect(vscode.hooks[0]?.output).toEqual({
      hookSpecificOutput: {
        hookEventName: 'Stop',
        decision: 'block',
        reason: 'Run the tests before you stop',
      },
    });
    await engine.close();
    engine = await engineFor('claude-code', [
      sourceFor('claude-code', 'Stop', fixtureCommand('stop-gate.mjs')),
    ]);
    const claude = await engine.dispatch('Stop', {});
    expect(claude.hooks[0]?.output).toEqual({ decision: 'block', reason: 'Run the tests before you stop' });
  });
});

const WRITE = {
  tool_name: 'Write',
  tool_input: { file_path: '/repo/a.ts', content: 'x' },
  tool_response: { filePath: '/repo/a.ts', success: true },
  tool_use_id: 'toolu_2',
};

describe('block(reason) + context(text) on PostToolUse', () => {
  it.each(['claude-code', 'vscode'] as const)('%s: a top-level block and the context', async (variant) => {
    engine = await engineFor(variant, [
      sourceFor(variant, 'PostToolUse', fixtureCommand('post-feedback.mjs')),
    ]);
    const result = await engine.dispatch('PostToolUse', WRITE);
    expect(result.decision).toBe('block');
    expect(result.reason).toBe('Lint failed in the written file');
    expect(result.additionalContext).toEqual(['Run npm run lint']);
    expect(result.hooks[0]?.warnings).toEqual([]);
  });

  it.each(['copilot-cli', 'copilot-compat'] as const)(
    '%s: Copilot has no PostToolUse block, so the reason joins additionalContext',
    async (variant) => {
      engine = await engineFor(variant, [
        sourceFor(variant, 'PostToolUse', fixtureCommand('post-feedback.mjs')),
      ]);
      const result = await engine.dispatch('PostToolUse', WRITE);
      expect(result.decision).toBeNull();
      expect(result.additionalContext).toEqual(['Lint failed in the written file\n\nRun npm run lint']);
      expect(result.hooks[0]?.output).toEqual({
        additionalContext: 'Lint failed in the written file\n\nRun npm run lint',
      });
    },
  );
});

describe('block(reason) on TaskCompleted (Claude Code)', () => {
  it('exits 2 with the reason alone on stderr: the only way the event blocks', async () => {
    engine = await engineFor('claude-code', [
      sourceFor('claude-code', 'TaskCompleted', fixtureCommand('task-gate.mjs')),
    ]);
    const result = await engine.dispatch('TaskCompleted', {
      task_id: 't1',
      task_subject: 'Make the tests pass',
    });
    expect(result.decision).toBe('block');
    expect(result.reason).toBe('The tests are still failing');
    expect(result.hooks[0]?.exitCode).toBe(2);
    expect(result.hooks[0]?.stderr).toBe('The tests are still failing');
    const other = await engine.dispatch('TaskCompleted', { task_id: 't2', task_subject: 'Write docs' });
    expect(other.decision).toBeNull();
    expect(other.hooks[0]?.exitCode).toBe(0);
  });
});
