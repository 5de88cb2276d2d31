import { generateText, stepCountIs } from 'ai';
import { afterEach, describe, expect, it } from 'vitest';
import {
  hookLoopStop,
  hookPrepareStep,
  hookStopWhen,
  onToolBatch,
  onUserPrompt,
  runSubagent,
  withHooks,
} from '../../src/ai-sdk.ts';
import type { HookEngine } from '../../src/index.ts';
import { engineWithClaudeHooks } from '../helpers/engine.ts';
import { prompts, scriptedModel, text, toolCall } from '../helpers/mock-model.ts';
import { hook, logFile, makeTools, on, recorded } from './kit.ts';

// Issue 17 items 1 and 3: PostToolBatch, subagents and async results in an AI SDK loop.

let engine: HookEngine | undefined;
afterEach(async () => {
  await engine?.close();
  engine = undefined;
});

/** The system messages of one prompt the model received. */
function systemTexts(prompt: unknown[]): string[] {
  return (prompt as { role: string; content: unknown }[])
    .filter((message) => message.role === 'system')
    .map((message) => String(message.content));
}

describe('PostToolBatch in the loop (claude-code-hooks.md §2.12)', () => {
  it('reports every call of a response, and its context reaches the next model call once', async () => {
    const log = logFile();
    engine = await engineWithClaudeHooks({
      PostToolBatch: on([[undefined, hook('context', log, 'batch ok')]]),
    });
    const { tools } = makeTools();
    const model = scriptedModel([
      [toolCall('t1', 'read_file', { path: 'a' }), toolCall('t2', 'fail_tool', {})],
      [toolCall('t3', 'read_file', { path: 'b' })],
      [text('done')],
    ]);
    await generateText({
      model,
      tools: withHooks(tools, engine),
      prompt: 'go',
      stopWhen: [stepCountIs(5), hookStopWhen(engine)],
      onStepFinish: async (step) => void (await onToolBatch(engine!, step.content)),
      prepareStep: hookPrepareStep(engine),
      allowSystemInMessages: true,
    });
    const [first] = recorded(log);
    expect(first).toMatchObject({
      hook_event_name: 'PostToolBatch',
      tool_calls: [
        { tool_name: 'read_file', tool_input: { path: 'a' }, tool_use_id: 't1' },
        {
          tool_name: 'fail_tool',
          tool_input: {},
          tool_use_id: 't2',
          tool_response: expect.stringContaining('disk on fire'),
        },
      ],
    });
    // The serialized result the model saw, not the tool's object (claude-code-observed.md "Payload facts").
    expect(typeof (first!.tool_calls as { tool_response: unknown }[])[0]!.tool_response).toBe('string');
    const seen = prompts(model).map(systemTexts);
    expect(seen[0]).toEqual([]);
    // Injected once before the next call, not carried in the history.
    expect(seen[1]).toEqual(['PostToolBatch hook additional context: batch ok']);
    expect(seen[2]).toEqual(['PostToolBatch hook additional context: batch ok']);
  });

  it('a block ends the loop before the next model call', async () => {
    const log = logFile();
    engine = await engineWithClaudeHooks({
      PostToolBatch: on([[undefined, hook('block', log, 'too many calls')]]),
    });
    const { tools, ran } = makeTools();
    const model = scriptedModel([[toolCall('t1', 'read_file', { path: 'a' })], [text('never')]]);
    await generateText({
      model,
      tools: withHooks(tools, engine),
      prompt: 'go',
      stopWhen: [stepCountIs(5), hookStopWhen(engine)],
      onStepFinish: async (step) => void (await onToolBatch(engine!, step.content)),
    });
    expect(ran).toHaveLength(1);
    expect(prompts(model)).toHaveLength(1);
    expect(hookLoopStop(engine)).toEqual({
      kind: 'hook_stopped',
      reason: 'too many calls',
      event: 'PostToolBatch',
    });
  });
});

describe('runSubagent (claude-code-hooks.md §2.14, §2.15)', () => {
  it('opens with SubagentStart context, scopes tool events to the agent, and continues on a SubagentStop block', async () => {
    const log = logFile();
    engine = await engineWithClaudeHooks({
      SubagentStart: on([['Explore', hook('context', log, 'read only')]]),
      SubagentStop: on([['Explore', hook('stop-once', log)]]),
      PreToolUse: on([[undefined, hook('record', log)]]),
    });
    const { tools } = makeTools();
    const model = scriptedModel([
      [toolCall('t1', 'read_file', { path: 'a' })],
      [text('found it')],
      [text('a.txt')],
    ]);
    const sub = await runSubagent(
      engine,
      { agentType: 'Explore', agentId: 'agent-7', messages: [{ role: 'user', content: 'find it' }] },
      ({ messages, system, hookOptions }) =>
        generateText({
          model,
          ...(system ? { system } : {}),
          tools: withHooks(tools, engine!, hookOptions),
          messages,
          stopWhen: stepCountIs(5),
        }),
    );
    expect(sub.text).toBe('a.txt');
    expect(sub.stops.map((stop) => stop.decision)).toEqual(['block', null]);
    const payloads = recorded(log);
    expect(payloads.map((p) => p.hook_event_name)).toEqual([
      'SubagentStart',
      'PreToolUse',
      'SubagentStop',
      'SubagentStop',
    ]);
    for (const payload of payloads)
      expect(payload).toMatchObject({ agent_id: 'agent-7', agent_type: 'Explore' });
    expect(payloads.map((p) => p.stop_hook_active)).toEqual([undefined, undefined, false, true]);
    expect(payloads[2]).toMatchObject({ last_assistant_message: 'found it' });
    const seen = prompts(model) as { role: string; content: unknown }[][];
    expect(seen[0]![0]).toEqual({
      role: 'system',
      content: 'SubagentStart:Explore hook additional context: read only',
    });
    expect(seen[2]!.at(-1)).toEqual({
      role: 'user',
      content: [{ type: 'text', text: 'SubagentStop hook feedback:\nrun the tests first' }],
    });
  });
});

describe('async hook results at the next turn (claude-code-hooks.md §4.7)', () => {
  it('onUserPrompt delivers what this session’s async hooks left, and keeps other sessions’ results for them', async () => {
    const log = logFile();
    engine = await engineWithClaudeHooks({
      PostToolUse: [
        { hooks: [{ type: 'command', async: true, command: hook('context', log, 'lint clean') }] },
      ],
    });
    await engine.dispatch(
      'PostToolUse',
      { tool_name: 'Bash', tool_input: {}, tool_response: '', tool_use_id: 'u1' },
      { sessionId: 'one' },
    );
    await engine.dispatch(
      'PostToolUse',
      { tool_name: 'Bash', tool_input: {}, tool_response: '', tool_use_id: 'u1' },
      { sessionId: 'two' },
    );
    await engine.waitForAsync();
    const one = await onUserPrompt(engine, 'next', { sessionId: 'one' });
    expect(one.asyncContext).toEqual(['PostToolUse hook additional context: lint clean']);
    expect(one.messages[0]).toEqual({
      role: 'system',
      content: 'PostToolUse hook additional context: lint clean',
    });
    expect((await onUserPrompt(engine, 'again', { sessionId: 'one' })).asyncContext).toEqual([]);
    const two = await onUserPrompt(engine, 'next', { sessionId: 'two' });
    expect(two.asyncContext).toEqual(['PostToolUse hook additional context: lint clean']);
  });
});
