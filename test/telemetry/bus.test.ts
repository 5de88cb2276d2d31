import { afterEach, describe, expect, it, vi } from 'vitest';
import { TelemetryBus, type TelemetryEvent } from '../../src/engine/telemetry/bus.ts';
import type { HookEngine } from '../../src/index.ts';
import type { EventName } from '../../src/model/event-name.ts';
import type { SourceRef } from '../../src/model/source.ts';
import { commands, inlineEngine, recorder, TOOL_INPUT } from './helpers.ts';

const SOURCE: SourceRef = { file: 'inline.json', pointer: '/hooks/X/0/hooks/0', scope: 'project' };

function started(event: EventName, hookId = '1.0'): TelemetryEvent {
  const base = { dispatchId: 1, hookId, event, sessionId: 's', handlerType: 'command' };
  return { type: 'started', ...base, label: 'echo', source: SOURCE };
}

function response(event: EventName, hookId = '1.0'): TelemetryEvent {
  return {
    type: 'response',
    dispatchId: 1,
    hookId,
    event,
    sessionId: 's',
    handlerType: 'command',
    label: 'echo',
    source: SOURCE,
    outcome: 'success',
    exitCode: 0,
    durationMs: 1,
    stdout: '',
    stderr: '',
    decision: null,
  };
}

describe('TelemetryBus filtering (seed 004 hook event system; claude-code-hooks.md §7.3)', () => {
  it('without includeHookEvents delivers handler messages only for SessionStart and Setup', () => {
    const bus = new TelemetryBus();
    const { events, listener } = recorder();
    bus.subscribe(listener);
    for (const event of ['SessionStart', 'Setup', 'PreToolUse', 'Stop'] as const) {
      bus.emit({ type: 'dispatch-start', dispatchId: 1, event, sessionId: 's', handlers: 1 });
      bus.emit(started(event));
      bus.emit({ type: 'progress', dispatchId: 1, hookId: '1.0', event, message: 'working' });
      bus.emit(response(event));
    }
    const handlerEvents = events
      .filter((e) => e.type !== 'dispatch-start')
      .map((e) => `${e.type}:${e.event}`);
    expect(handlerEvents).toEqual([
      'started:SessionStart',
      'progress:SessionStart',
      'response:SessionStart',
      'started:Setup',
      'progress:Setup',
      'response:Setup',
    ]);
    expect(events.filter((e) => e.type === 'dispatch-start')).toHaveLength(4);
  });

  it('with includeHookEvents delivers every event; subscription and listener flags override the default', () => {
    const everything = new TelemetryBus({ includeHookEvents: true });
    const all = recorder();
    everything.subscribe(all.listener);
    const quiet = new TelemetryBus();
    const overridden = recorder();
    const flagged = recorder();
    flagged.listener.includeHookEvents = true;
    quiet.subscribe(overridden.listener, { includeHookEvents: true });
    quiet.subscribe(flagged.listener);
    for (const bus of [everything, quiet]) bus.emit(started('PostToolUse'));
    expect(all.events.map((e) => e.type)).toEqual(['started']);
    expect(overridden.events.map((e) => e.type)).toEqual(['started']);
    expect(flagged.events.map((e) => e.type)).toEqual(['started']);
  });

  it('a disposer unsubscribes; a throwing listener does not stop the others; active reflects listeners', () => {
    const bus = new TelemetryBus({ includeHookEvents: true });
    expect(bus.active).toBe(false);
    const { events, listener } = recorder();
    const dispose = bus.subscribe(() => {
      throw new Error('observer bug');
    });
    const disposeRecorder = bus.subscribe(listener);
    expect(bus.active).toBe(true);
    bus.emit(started('PreToolUse'));
    expect(events).toHaveLength(1);
    dispose();
    disposeRecorder();
    expect(bus.active).toBe(false);
    bus.emit(started('PreToolUse'));
    expect(events).toHaveLength(1);
  });

  it('samples output as progress at the interval, only when it changed, and stops at the response', () => {
    // The sampling timer runs on fake time, so "nothing more happens" is checked without waiting.
    vi.useFakeTimers();
    try {
      const bus = new TelemetryBus({ includeHookEvents: true, progressIntervalMs: 20 });
      const { events, listener } = recorder();
      const progress = () => events.filter((e) => e.type === 'progress');
      bus.subscribe(listener);
      bus.emit(started('PreToolUse'));
      bus.output('1.0', 'stdout', 'line one\n');
      bus.output('1.0', 'stderr', 'warn\n');
      vi.advanceTimersByTime(20);
      expect(progress()).toHaveLength(1);
      // Unchanged output produces nothing, however many intervals pass.
      vi.advanceTimersByTime(100);
      expect(progress()).toHaveLength(1);
      bus.output('1.0', 'stdout', 'line two\n');
      vi.advanceTimersByTime(20);
      expect(progress()).toHaveLength(2);
      expect(progress()[0]).toMatchObject({ stdout: 'line one\n', stderr: 'warn\n', hookId: '1.0' });
      expect(progress()[1]).toMatchObject({ stdout: 'line one\nline two\n' });
      bus.emit(response('PreToolUse'));
      bus.output('1.0', 'stdout', 'after the end\n');
      const count = events.length;
      vi.advanceTimersByTime(120);
      expect(events.length).toBe(count);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('telemetry from a real engine', () => {
  let engine: HookEngine | undefined;
  afterEach(async () => {
    await engine?.close();
    engine = undefined;
  });

  it('emits dispatch-start, started, response, dispatch-end for each handler run', async () => {
    engine = await inlineEngine({
      PreToolUse: commands(`echo '{}'`, 'echo denied >&2; exit 2'),
      SessionStart: commands(`echo '{}'`),
    });
    const all = recorder();
    const lifecycleOnly = recorder();
    engine.telemetry.subscribe(all.listener, { includeHookEvents: true });
    engine.telemetry.subscribe(lifecycleOnly.listener, { includeHookEvents: false });
    const result = await engine.dispatch('PreToolUse', TOOL_INPUT);
    expect(result.decision).toBe('deny');
    await engine.dispatch('SessionStart', { source: 'startup' });

    const pre = all.events.filter((e) => e.event === 'PreToolUse');
    // claude-code runs handlers in parallel: both start before either responds.
    expect(pre.map((e) => e.type)).toEqual([
      'dispatch-start',
      'started',
      'started',
      'response',
      'response',
      'dispatch-end',
    ]);
    const responses = pre.filter((e) => e.type === 'response');
    const byLabel = Object.fromEntries(responses.map((e) => [e.label, e]));
    expect(byLabel[`echo '{}'`]).toMatchObject({ outcome: 'success', exitCode: 0, toolName: 'Bash' });
    expect(byLabel['echo denied >&2; exit 2']).toMatchObject({
      outcome: 'blocking',
      exitCode: 2,
      stderr: 'denied\n',
      decision: 'deny',
      sessionId: 'telemetry-session',
    });
    const end = pre.at(-1);
    expect(end?.type === 'dispatch-end' && end.result.decision).toBe('deny');
    // Each handler's started precedes its response.
    for (const r of responses) {
      const startIndex = pre.findIndex((e) => e.type === 'started' && e.hookId === r.hookId);
      expect(startIndex).toBeGreaterThan(0);
      expect(startIndex).toBeLessThan(pre.indexOf(r));
    }

    // The lifecycle-only subscriber saw PreToolUse only as a dispatch, SessionStart in full.
    expect(lifecycleOnly.events.map((e) => `${e.type}:${e.event}`)).toEqual([
      'dispatch-start:PreToolUse',
      'dispatch-end:PreToolUse',
      'dispatch-start:SessionStart',
      'started:SessionStart',
      'response:SessionStart',
      'dispatch-end:SessionStart',
    ]);
  });
});
