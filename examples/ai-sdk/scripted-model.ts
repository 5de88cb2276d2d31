// A scripted stand-in for a real model, so that the example runs offline and the same way every
// time: it plays the turns below in order. Any AI SDK model works in its place.
import type { LanguageModelV3Content } from '@ai-sdk/provider';
import { MockLanguageModelV3 } from 'ai/test';

const USAGE = {
  inputTokens: { total: 0, noCache: 0, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 0, text: 0, reasoning: 0 },
};

const bash = (id: string, command: string): LanguageModelV3Content => ({
  type: 'tool-call',
  toolCallId: id,
  toolName: 'bash',
  input: JSON.stringify({ command }),
});

const TURNS: LanguageModelV3Content[][] = [
  [bash('call-1', 'ls'), bash('call-2', 'rm -rf build')],
  [{ type: 'text', text: 'I listed the project; the hooks refused to delete build/.' }],
  [bash('call-3', 'echo "3 tests passed"')],
  [{ type: 'text', text: 'The tests pass. Done.' }],
];

export function scriptedModel(): MockLanguageModelV3 {
  let turn = 0;
  return new MockLanguageModelV3({
    doGenerate: async () => {
      const content = TURNS[turn++] ?? [{ type: 'text', text: '(the script is over)' }];
      const calls = content.some((part) => part.type === 'tool-call');
      return {
        content,
        finishReason: { unified: calls ? 'tool-calls' : 'stop', raw: undefined },
        usage: USAGE,
        warnings: [],
      };
    },
  });
}
