// The reference agent's model: a script played turn by turn, so the example runs offline and the
// same way every time. It records every prompt it is sent: what reached the model.
import type { LanguageModelV3Content, LanguageModelV3Prompt } from '@ai-sdk/provider';
import { MockLanguageModelV3 } from 'ai/test';

const USAGE = {
  inputTokens: { total: 0, noCache: 0, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 0, text: 0, reasoning: 0 },
};

let nextCall = 1;
const call = (toolName: string, input: Record<string, unknown>): LanguageModelV3Content => ({
  type: 'tool-call',
  toolCallId: `call-${nextCall++}`,
  toolName,
  input: JSON.stringify(input),
});
const say = (text: string): LanguageModelV3Content[] => [{ type: 'text', text }];

/** One model response per step: tool calls (a batch) or a final text. */
export const SCRIPT: LanguageModelV3Content[][] = [
  [call('Glob', { pattern: '*.txt' }), call('Read', { file_path: 'notes.txt' })],
  [call('Edit', { file_path: 'notes.txt', old_string: 'TODO', new_string: 'hello' })],
  [call('Edit', { file_path: 'notes.txt', old_string: 'draft', new_string: 'hello' })],
  [call('Bash', { command: 'echo "mode=$DEMO_MODE"' }), call('Bash', { command: 'rm -rf build' })],
  say('I greeted in notes.txt; the hooks refused to delete build/.'),
  [call('Bash', { command: 'echo "3 tests passed"' })],
  say('The tests pass. Done.'),
  // The second turn: a push (a hook asks, a PermissionRequest hook refuses), then a sub-task.
  [call('Bash', { command: 'git push origin main' })],
  [call('Agent', { subagent_type: 'Explore', prompt: 'Which file says hello?' })],
  say('The push needs a pull request; notes.txt says hello.'),
  say('Tests ran in the first turn: 3 passed.'),
];

/** The Explore subagent's script: it reads, answers, and names its source when SubagentStop asks. */
export const SUBAGENT_SCRIPT: LanguageModelV3Content[][] = [
  [call('Read', { file_path: 'notes.txt' })],
  say('One file says hello.'),
  say('notes.txt says hello.'),
];

export interface ScriptedModel {
  model: MockLanguageModelV3;
  /** The prompt of every model call, in order. */
  prompts: LanguageModelV3Prompt[];
}

export function scriptedModel(script: LanguageModelV3Content[][] = SCRIPT): ScriptedModel {
  const prompts: LanguageModelV3Prompt[] = [];
  let step = 0;
  const model = new MockLanguageModelV3({
    doGenerate: async ({ prompt }) => {
      prompts.push(prompt);
      const content = script[step++] ?? say('(the script is over)');
      const calls = content.some((part) => part.type === 'tool-call');
      return {
        content,
        finishReason: { unified: calls ? 'tool-calls' : 'stop', raw: undefined },
        usage: USAGE,
        warnings: [],
      };
    },
  });
  return { model, prompts };
}
