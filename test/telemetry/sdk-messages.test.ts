import { afterEach, describe, expect, it } from 'vitest';
import { TelemetryBus } from '../../src/engine/telemetry/bus.ts';
import type { HookEngine } from '../../src/index.ts';
import { createSdkHookMessages, type SdkHookMessage } from '../../src/telemetry/sdk-messages.ts';
import { until } from '../helpers/poll.ts';
import { commands, inlineEngine, TOOL_INPUT } from './helpers.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('Agent SDK hook messages (claude-code-hooks.md §7.3)', () => {
  let engine: HookEngine | undefined;
  afterEach(async () => {
    await engine?.close();
    engine = undefined;
  });

  it('hook_started then hook_response with the §7.3 field names, one hook_id per execution', async () => {
    engine = await inlineEngine({ PreToolUse: commands('echo out; echo err >&2; exit 2') });
    const messages: SdkHookMessage[] = [];
    engine.telemetry.subscribe(
      createSdkHookMessages((m) => messages.push(m)),
      { includeHookEvents: true },
    );
    await engine.dispatch('PreToolUse', TOOL_INPUT);
    await engine.dispatch('PreToolUse', TOOL_INPUT);
    expect(messages.map((m) => m.subtype)).toEqual([
      'hook_started',
      'hook_response',
      'hook_started',
      'hook_response',
    ]);
    const [started, response, again] = messages;
    expect(started).toMatchObject({
      type: 'system',
      hook_event: 'PreToolUse',
      session_id: 'telemetry-session',
    });
    expect(started!.hook_id).toMatch(UUID);
    expect(started!.uuid).toMatch(UUID);
    expect(response!.hook_id).toBe(started!.hook_id);
    expect(response!.uuid).not.toBe(started!.uuid);
    expect(again!.hook_id).not.toBe(started!.hook_id);
    expect(response).toMatchObject({
      subtype: 'hook_response',
      stdout: 'out\n',
      stderr: 'err\n',
      output: 'out\nerr\n',
      exit_code: 2,
      outcome: 'error',
    });
    expect(started!.hook_name === 'PreToolUse' || started!.hook_name === 'PreToolUse:Bash').toBe(true);
  });

  it('honours the bus rule: without includeHookEvents only SessionStart and Setup reach the stream', async () => {
    engine = await inlineEngine({ PreToolUse: commands('true'), SessionStart: commands('true') });
    const messages: SdkHookMessage[] = [];
    engine.telemetry.subscribe(
      createSdkHookMessages((m) => messages.push(m)),
      { includeHookEvents: false },
    );
    await engine.dispatch('PreToolUse', TOOL_INPUT);
    await engine.dispatch('SessionStart', { source: 'startup' });
    expect(messages.map((m) => `${m.subtype}:${m.hook_event}`)).toEqual([
      'hook_started:SessionStart',
      'hook_response:SessionStart',
    ]);
    expect(messages[1]).toMatchObject({ outcome: 'success', exit_code: 0 });
  });

  it('Notification, SessionEnd, PreCompact and PostCompact never emit hook_started; function hooks emit none', async () => {
    engine = await inlineEngine({ Notification: commands('true'), PreToolUse: commands('true') });
    engine.addFunctionHook('PreToolUse', '', () => ({}), 'unused');
    const messages: SdkHookMessage[] = [];
    engine.telemetry.subscribe(
      createSdkHookMessages((m) => messages.push(m)),
      { includeHookEvents: true },
    );
    await engine.dispatch('Notification', { message: 'hi', notification_type: 'idle_prompt' });
    await engine.dispatch('PreToolUse', TOOL_INPUT);
    expect(messages.map((m) => `${m.subtype}:${m.hook_event}`)).toEqual([
      'hook_started:PreToolUse',
      'hook_response:PreToolUse',
    ]);
  });

  it('turns sampled output into hook_progress', async () => {
    const bus = new TelemetryBus({ includeHookEvents: true, progressIntervalMs: 20 });
    const messages: SdkHookMessage[] = [];
    bus.subscribe(createSdkHookMessages((m) => messages.push(m)));
    const source = { file: 'f.json', pointer: '/p', scope: 'user' as const };
    bus.emit({
      type: 'started',
      dispatchId: 1,
      hookId: '1.0',
      event: 'SessionStart',
      sessionId: 's',
      handlerType: 'command',
      label: 'x',
      source,
      matchQuery: 'startup',
    });
    bus.output('1.0', 'stderr', 'loading\n');
    await until(() => messages.length >= 2, 'hook_progress');
    expect(messages[0]).toMatchObject({ subtype: 'hook_started', hook_name: 'SessionStart:startup' });
    expect(messages[1]).toMatchObject({
      subtype: 'hook_progress',
      stdout: '',
      stderr: 'loading\n',
      output: 'loading\n',
    });
    expect(messages[1]!.hook_id).toBe(messages[0]!.hook_id);
    bus.emit({
      type: 'dispatch-end',
      dispatchId: 1,
      event: 'SessionStart',
      sessionId: 's',
      result: {} as never,
    });
  });
});
