import { stepCountIs, streamText, tool } from 'ai';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { withHooks } from '../../src/ai-sdk.ts';
import type { HookEngine } from '../../src/index.ts';
import { engineWithClaudeHooks } from '../helpers/engine.ts';
import { scriptedModel, text, toolCall, toolResultsIn } from '../helpers/mock-model.ts';
import { hook, logFile, makeTools, on, recorded } from './kit.ts';

let engine: HookEngine | undefined;
afterEach(async () => {
  await engine?.close();
  engine = undefined;
});

describe('withHooks around streamText', () => {
  it('denies, runs and annotates calls the same way as generateText', async () => {
    const log = logFile();
    engine = await engineWithClaudeHooks({
      PreToolUse: on([['read_file', hook('deny-secret', log)]]),
      PostToolUse: on([['read_file', hook('context', log, 'remember the file is stale')]]),
    });
    const { tools, ran } = makeTools();
    const model = scriptedModel([
      [toolCall('s1', 'read_file', { path: 'secret.txt' }), toolCall('s2', 'read_file', { path: 'b.txt' })],
      [text('all done')],
    ]);
    const stream = streamText({
      model,
      tools: withHooks(tools, engine),
      prompt: 'read',
      stopWhen: stepCountIs(4),
    });
    expect(await stream.text).toBe('all done');
    expect(ran).toEqual([{ tool: 'read_file', input: { path: 'b.txt' } }]);
    expect(toolResultsIn(model, 1)).toEqual([
      {
        toolCallId: 's1',
        output: { type: 'error-text', value: 'PreToolUse:read_file hook error: secrets are off limits' },
      },
      {
        toolCallId: 's2',
        output: {
          type: 'content',
          value: [
            { type: 'text', text: '{"content":"contents of b.txt"}' },
            {
              type: 'text',
              text: 'PostToolUse:read_file hook additional context: remember the file is stale',
            },
          ],
        },
      },
    ]);
  });

  it('passes preliminary results of a streaming tool on and gives PostToolUse the final one', async () => {
    const log = logFile();
    engine = await engineWithClaudeHooks({ PostToolUse: on([['progress', hook('record', log)]]) });
    const progress = tool({
      inputSchema: z.object({ steps: z.number() }),
      async *execute({ steps }) {
        for (let step = 1; step <= steps; step++) yield { done: step, of: steps };
      },
    });
    const model = scriptedModel([[toolCall('p1', 'progress', { steps: 3 })], [text('finished')]]);
    const stream = streamText({
      model,
      tools: withHooks({ progress }, engine),
      prompt: 'go',
      stopWhen: stepCountIs(3),
    });
    const results: { output: unknown; preliminary?: boolean }[] = [];
    for await (const part of stream.fullStream) {
      if (part.type === 'tool-result') results.push({ output: part.output, preliminary: part.preliminary });
    }
    expect(results).toEqual([
      { output: { done: 1, of: 3 }, preliminary: true },
      { output: { done: 2, of: 3 }, preliminary: true },
      { output: { done: 3, of: 3 }, preliminary: true },
      { output: { done: 3, of: 3 }, preliminary: undefined },
    ]);
    expect(recorded(log)).toEqual([
      expect.objectContaining({
        hook_event_name: 'PostToolUse',
        tool_response: { done: 3, of: 3 },
        tool_use_id: 'p1',
      }),
    ]);
  });
});
