import { afterEach, describe, expect, it } from 'vitest';
import {
  type ClaudeSdkHooks,
  createHookEngine,
  type HookEngine,
  registerClaudeSdkHooks,
  registerCopilotSdkHooks,
} from '../../src/index.ts';

// The examples of docs/sdk-callbacks.md, kept runnable here.

let engine: HookEngine | undefined;
afterEach(async () => {
  await engine?.close();
  engine = undefined;
});

describe('docs/sdk-callbacks.md examples', () => {
  it('runs the Claude Agent SDK hooks object unchanged', async () => {
    const hooks: ClaudeSdkHooks = {
      PreToolUse: [
        {
          matcher: 'Write|Edit',
          timeout: 30,
          hooks: [
            async (input) => {
              if (String(input.tool_input.file_path).endsWith('.env')) {
                return {
                  hookSpecificOutput: {
                    hookEventName: 'PreToolUse',
                    permissionDecision: 'deny',
                    permissionDecisionReason: 'Do not edit .env files',
                  },
                };
              }
              return {};
            },
          ],
        },
      ],
    };
    engine = await createHookEngine({ discover: false, sessionId: 'session-1' });
    const dispose = registerClaudeSdkHooks(engine, hooks);
    const result = await engine.dispatch('PreToolUse', {
      tool_name: 'Write',
      tool_input: { file_path: '/repo/.env', content: 'TOKEN=…' },
      tool_use_id: 'toolu_01',
    });
    expect(result.decision).toBe('deny');
    expect(result.reason).toBe('Do not edit .env files');
    const other = await engine.dispatch('PreToolUse', {
      tool_name: 'Write',
      tool_use_id: 'toolu_1',
      tool_input: { file_path: '/repo/README.md', content: '' },
    });
    expect(other.decision).toBeNull();
    dispose();
    const after = await engine.dispatch('PreToolUse', {
      tool_name: 'Write',
      tool_use_id: 'toolu_1',
      tool_input: { file_path: '/repo/.env', content: '' },
    });
    expect(after.hooks).toEqual([]);
  });

  it('runs the Copilot SDK example with modifiedPrompt', async () => {
    engine = await createHookEngine({ discover: false, profile: 'copilot-cli', sessionId: 'session-1' });
    registerCopilotSdkHooks(engine, {
      onPreToolUse: async (input) => {
        const args = input.toolArgs as { command?: string };
        if (input.toolName === 'bash' && args.command?.includes('--force')) {
          return { permissionDecision: 'deny', permissionDecisionReason: 'No force pushes' };
        }
        return null;
      },
      onUserPromptSubmitted: async (input) => ({
        modifiedPrompt: `${input.prompt}\n\nAnswer in French.`,
        additionalContext: 'The user is in Lyon.',
      }),
    });
    const prompt = await engine.dispatch('userPromptSubmitted', { prompt: 'What time is it?' });
    expect(prompt.updatedPrompt).toBe('What time is it?\n\nAnswer in French.');
    expect(prompt.additionalContext).toEqual(['The user is in Lyon.']);
    const push = await engine.dispatch('preToolUse', {
      tool_name: 'Bash',
      tool_input: { command: 'git push --force' },
    });
    expect(push.decision).toBe('deny');
    expect(push.reason).toBe('No force pushes');
  });
});
