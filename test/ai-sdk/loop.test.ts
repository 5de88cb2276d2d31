import { generateText, type ModelMessage, stepCountIs, streamText } from 'ai';
import { afterEach, describe, expect, it } from 'vitest';
import {
  onNotification,
  onPostCompact,
  onPreCompact,
  onSessionEnd,
  onSessionStart,
  onUserPrompt,
  runWithStopHooks,
  withHooks,
} from '../../src/ai-sdk.ts';
import type { HookEngine } from '../../src/index.ts';
import { engineWithClaudeHooks } from '../helpers/engine.ts';
import { prompts, scriptedModel, text, toolCall } from '../helpers/mock-model.ts';
import { hook, logFile, makeTools, on, recorded } from './kit.ts';

let engine: HookEngine | undefined;
afterEach(async () => {
  await engine?.close();
  engine = undefined;
});

describe('the loop helpers (claude-code-observed.md "Decisions")', () => {
  it('onUserPrompt blocks with the host wording, or adds context ahead of the prompt', async () => {
    const log = logFile();
    engine = await engineWithClaudeHooks({ UserPromptSubmit: on([[undefined, hook('prompt-guard', log)]]) });
    const blocked = await onUserPrompt(engine, 'my password is hunter2');
    expect(blocked).toMatchObject({ blocked: true, messages: [], context: [] });
    expect(blocked.userMessage).toBe(
      'UserPromptSubmit operation blocked by hook:\nno passwords in prompts\n\nOriginal prompt: my password is hunter2',
    );
    const fine = await onUserPrompt(engine, 'fix the build');
    expect(fine.blocked).toBe(false);
    expect(fine.messages).toEqual([
      { role: 'system', content: 'UserPromptSubmit hook additional context: the user is on the night shift' },
      { role: 'user', content: 'fix the build' },
    ]);
    const [first, second] = recorded(log);
    expect(first).toMatchObject({ hook_event_name: 'UserPromptSubmit', prompt: 'my password is hunter2' });
    // A new turn, a new prompt id (claude-code-observed.md "Payload facts").
    expect(typeof first!.prompt_id).toBe('string');
    expect(second!.prompt_id).not.toBe(first!.prompt_id);
  });

  it('runWithStopHooks continues once with the Stop feedback, then lets the turn end', async () => {
    const log = logFile();
    engine = await engineWithClaudeHooks({
      Stop: on([[undefined, hook('stop-once', log)]]),
      PreToolUse: on([['Bash', hook('record', log)]]),
    });
    const { tools } = makeTools();
    const model = scriptedModel([
      [text('I am done')],
      [toolCall('t1', 'bash', { command: 'npm test' })],
      [text('tests pass')],
    ]);
    const hooked = withHooks(tools, engine);
    const start = await onUserPrompt(engine, 'fix the build');
    const result = await runWithStopHooks(engine, { messages: start.messages }, (messages: ModelMessage[]) =>
      generateText({ model, tools: hooked, messages, stopWhen: stepCountIs(5) }),
    );
    expect(result.stops.map((stop) => stop.continue)).toEqual([true, false]);
    // The second run starts from the history plus Claude Code's feedback message.
    const second = prompts(model)[1]!;
    expect(second.at(-1)).toEqual({
      role: 'user',
      content: [{ type: 'text', text: 'Stop hook feedback:\nrun the tests first' }],
    });
    const payloads = recorded(log);
    expect(payloads.map((p) => p.hook_event_name)).toEqual(['Stop', 'PreToolUse', 'Stop']);
    expect(payloads.map((p) => p.stop_hook_active)).toEqual([false, undefined, true]);
    expect(payloads[0]).toMatchObject({
      last_assistant_message: 'I am done',
      background_tasks: [],
      session_crons: [],
    });
    expect(payloads[1]!.prompt_id).toBe(payloads[0]!.prompt_id);
    expect(result.messages.at(-1)).toMatchObject({ role: 'assistant' });
  });

  it("respects the engine's Stop cap with streamText", async () => {
    const log = logFile();
    engine = await engineWithClaudeHooks(
      { Stop: on([[undefined, hook('stop-always', log)]]) },
      { stopBlockCap: 2 },
    );
    const model = scriptedModel([[text('one')], [text('two')], [text('three')]]);
    const result = await runWithStopHooks(
      engine,
      { messages: [{ role: 'user', content: 'go' }] },
      (messages) => streamText({ model, messages }),
    );
    expect(result.stops.map((stop) => [stop.continue, stop.capReached])).toEqual([
      [true, false],
      [true, false],
      [false, true],
    ]);
    expect(result.stops[2]!.result.messages.toUser).toContain(
      'A hook blocked the turn from ending 3 consecutive times—overriding and ending turn',
    );
    expect(model.doStreamCalls).toHaveLength(3);
  });

  it('runs no Stop hook when a hook ended the loop', async () => {
    const log = logFile();
    engine = await engineWithClaudeHooks({
      PostToolUse: on([['Bash', hook('continue-false', log)]]),
      Stop: on([[undefined, hook('record', log)]]),
    });
    const { tools } = makeTools();
    const model = scriptedModel([[toolCall('t1', 'bash', { command: 'ls' })], [text('unreached')]]);
    const hooked = withHooks(tools, engine);
    const { hookStopWhen } = await import('../../src/ai-sdk.ts');
    const result = await runWithStopHooks(
      engine,
      { messages: [{ role: 'user', content: 'go' }] },
      (messages) =>
        generateText({ model, tools: hooked, messages, stopWhen: [stepCountIs(5), hookStopWhen(engine!)] }),
    );
    expect(result.loopStop).toMatchObject({ kind: 'hook_stopped', reason: 'halted by hook' });
    expect(result.stops).toEqual([]);
    expect(recorded(log).map((p) => p.hook_event_name)).toEqual(['PostToolUse']);
  });

  it('dispatches SessionStart, PreCompact, PostCompact, Notification and SessionEnd with their payloads', async () => {
    const log = logFile();
    engine = await engineWithClaudeHooks({
      SessionStart: on([['startup', hook('plain', log, 'branch main is protected')]]),
      PreCompact: on([['manual', hook('block', log, 'keep the full history')]]),
      PostCompact: on([[undefined, hook('record', log)]]),
      Notification: on([[undefined, hook('record', log)]]),
      SessionEnd: on([[undefined, hook('record', log)]]),
    });
    const start = await onSessionStart(engine);
    expect(start.system).toBe('SessionStart:startup hook success: branch main is protected');
    const compact = await onPreCompact(engine, { trigger: 'manual', customInstructions: 'keep the plan' });
    expect(compact).toMatchObject({ blocked: true, reason: 'keep the full history' });
    await onPostCompact(engine, { trigger: 'auto', compactSummary: 'we fixed the build' });
    await onNotification(engine, {
      message: 'Claude needs your permission',
      notificationType: 'permission_prompt',
    });
    await onSessionEnd(engine, { reason: 'prompt_input_exit' });
    const payloads = recorded(log);
    expect(payloads).toEqual([
      expect.objectContaining({ hook_event_name: 'SessionStart', source: 'startup' }),
      expect.objectContaining({
        hook_event_name: 'PreCompact',
        trigger: 'manual',
        custom_instructions: 'keep the plan',
      }),
      expect.objectContaining({
        hook_event_name: 'PostCompact',
        trigger: 'auto',
        compact_summary: 'we fixed the build',
      }),
      expect.objectContaining({
        hook_event_name: 'Notification',
        message: 'Claude needs your permission',
        notification_type: 'permission_prompt',
      }),
      expect.objectContaining({ hook_event_name: 'SessionEnd', reason: 'prompt_input_exit' }),
    ]);
    expect(payloads[0]).not.toHaveProperty('prompt_id');
  });
});
