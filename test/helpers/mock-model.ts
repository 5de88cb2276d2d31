// A scripted AI SDK language model (`MockLanguageModelV3` from `ai/test`): each call, streamed or
// not, answers with the next turn of the script, and every prompt it received is kept.
import type { LanguageModelV3Content, LanguageModelV3StreamPart } from '@ai-sdk/provider';
import { convertArrayToReadableStream, MockLanguageModelV3 } from 'ai/test';

const USAGE = {
  inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 5, text: 5, reasoning: 0 },
};

export type Turn = LanguageModelV3Content[];

export function toolCall(toolCallId: string, toolName: string, input: unknown): LanguageModelV3Content {
  return { type: 'tool-call', toolCallId, toolName, input: JSON.stringify(input) };
}

export function text(value: string): LanguageModelV3Content {
  return { type: 'text', text: value };
}

function finishReason(turn: Turn) {
  const calls = turn.some((part) => part.type === 'tool-call');
  return { unified: calls ? ('tool-calls' as const) : ('stop' as const), raw: undefined };
}

function streamParts(turn: Turn): LanguageModelV3StreamPart[] {
  const parts: LanguageModelV3StreamPart[] = [{ type: 'stream-start', warnings: [] }];
  turn.forEach((part, index) => {
    if (part.type === 'text') {
      const id = `text-${index}`;
      parts.push(
        { type: 'text-start', id },
        { type: 'text-delta', id, delta: part.text },
        { type: 'text-end', id },
      );
    } else {
      parts.push(part as LanguageModelV3StreamPart);
    }
  });
  parts.push({ type: 'finish', finishReason: finishReason(turn), usage: USAGE });
  return parts;
}

/** A model that plays `turns` in order; a call past the end of the script fails the test. */
export function scriptedModel(turns: Turn[]): MockLanguageModelV3 {
  let next = 0;
  const take = (): Turn => {
    const turn = turns[next++];
    if (!turn) throw new Error(`the scripted model has only ${turns.length} turns`);
    return turn;
  };
  return new MockLanguageModelV3({
    doGenerate: async () => {
      const turn = take();
      return { content: turn, finishReason: finishReason(turn), usage: USAGE, warnings: [] };
    },
    doStream: async () => ({ stream: convertArrayToReadableStream(streamParts(take())) }),
  });
}

/** Every prompt the model received, streamed or not, in call order. */
export function prompts(model: MockLanguageModelV3): unknown[][] {
  return [...model.doGenerateCalls, ...model.doStreamCalls].map((call) => call.prompt as unknown[]);
}

/** The tool results in the prompt of call `index`: `{toolCallId, output}` in order. */
export function toolResultsIn(
  model: MockLanguageModelV3,
  index: number,
): { toolCallId: string; output: any }[] {
  const prompt = prompts(model)[index] ?? [];
  const results: { toolCallId: string; output: any }[] = [];
  for (const message of prompt as { role: string; content: any }[]) {
    if (message.role !== 'tool') continue;
    for (const part of message.content) {
      if (part.type === 'tool-result') results.push({ toolCallId: part.toolCallId, output: part.output });
    }
  }
  return results;
}
