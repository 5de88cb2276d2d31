import { SpanStatusCode } from '@opentelemetry/api';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { HookEngine } from '../../src/index.ts';
import { createOtelSubscriber } from '../../src/otel.ts';
import { commands, inlineEngine, TOOL_INPUT } from './helpers.ts';

describe('OpenTelemetry adapter (dependencies.md §2(m) span design)', () => {
  let exporter: InMemorySpanExporter;
  let provider: BasicTracerProvider;
  let engine: HookEngine | undefined;
  beforeEach(() => {
    exporter = new InMemorySpanExporter();
    provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
  });
  afterEach(async () => {
    await engine?.close();
    engine = undefined;
    await provider.shutdown();
  });

  it('makes one span per dispatch with a child span per handler, without payloads by default', async () => {
    engine = await inlineEngine({
      PreToolUse: commands(`echo '{"systemMessage":"secret-ish"}'`, 'echo "nope" >&2; exit 2', 'exit 1'),
    });
    engine.telemetry.subscribe(createOtelSubscriber({ tracer: provider.getTracer('test') }));
    await engine.dispatch('PreToolUse', TOOL_INPUT);

    const spans = exporter.getFinishedSpans();
    const dispatch = spans.find((span) => span.name === 'hook.dispatch PreToolUse');
    const children = spans.filter((span) => span.name === 'hook PreToolUse');
    expect(dispatch).toBeDefined();
    expect(children).toHaveLength(3);
    expect(dispatch!.attributes).toMatchObject({
      'hook.event': 'PreToolUse',
      'session.id': 'telemetry-session',
      'hook.handlers': 3,
      'hook.ran': 3,
      'hook.decision': 'deny',
    });
    for (const child of children) {
      expect(child.parentSpanContext?.spanId).toBe(dispatch!.spanContext().spanId);
      expect(child.spanContext().traceId).toBe(dispatch!.spanContext().traceId);
      expect(child.attributes).toMatchObject({
        'hook.event': 'PreToolUse',
        'hook.type': 'command',
        'hook.source': 'inline.json',
        'hook.tool_name': 'Bash',
      });
      expect(String(child.attributes['hook.pointer'])).toMatch(/^\/hooks\/PreToolUse\/0\/hooks\/\d$/);
      expect(typeof child.attributes['hook.duration_ms']).toBe('number');
      expect(child.attributes).not.toHaveProperty('hook.stdout');
      expect(child.attributes).not.toHaveProperty('hook.stderr');
    }
    const byName = Object.fromEntries(children.map((span) => [String(span.attributes['hook.name']), span]));
    expect(byName[`echo '{"systemMessage":"secret-ish"}'`]!.attributes).toMatchObject({
      'hook.outcome': 'success',
      'process.exit_code': 0,
    });
    const blocking = byName['echo "nope" >&2; exit 2']!;
    expect(blocking.attributes).toMatchObject({
      'hook.outcome': 'blocking',
      'process.exit_code': 2,
      'hook.decision': 'deny',
    });
    expect(blocking.status.code).toBe(SpanStatusCode.UNSET);
    const failed = byName['exit 1']!;
    expect(failed.attributes).toMatchObject({ 'hook.outcome': 'non-blocking-error', 'process.exit_code': 1 });
    expect(failed.status.code).toBe(SpanStatusCode.ERROR);
    // The dispatch span ends after its children. The exporter receives spans in the order they end;
    // their end times cannot show it, since each span anchors its clock on Date.now() at its start
    // (whole milliseconds), so a later end can carry an earlier time by up to 1 ms.
    for (const child of children) expect(spans.indexOf(dispatch!)).toBeGreaterThan(spans.indexOf(child));
  });

  it('records stdout, stderr and the reason only with includePayloads', async () => {
    engine = await inlineEngine({ PreToolUse: commands('echo "rm is not allowed" >&2; exit 2') });
    engine.telemetry.subscribe(
      createOtelSubscriber({ tracer: provider.getTracer('test'), includePayloads: true }),
    );
    await engine.dispatch('PreToolUse', TOOL_INPUT);
    const spans = exporter.getFinishedSpans();
    const child = spans.find((span) => span.name === 'hook PreToolUse')!;
    expect(child.attributes).toMatchObject({ 'hook.stderr': 'rm is not allowed\n', 'hook.stdout': '' });
    const dispatch = spans.find((span) => span.name === 'hook.dispatch PreToolUse')!;
    expect(String(dispatch.attributes['hook.reason'])).toContain('rm is not allowed');
    expect(JSON.parse(String(dispatch.attributes['hook.input']))).toMatchObject({ tool_name: 'Bash' });
  });

  it('adds progress as span events and ends handler spans left open by a dispatch', () => {
    const listener = createOtelSubscriber({ tracer: provider.getTracer('test') });
    const source = { file: 'f.json', pointer: '/p', scope: 'user' as const };
    listener({ type: 'dispatch-start', dispatchId: 7, event: 'Stop', sessionId: 's', handlers: 1 });
    listener({
      type: 'started',
      dispatchId: 7,
      hookId: '7.0',
      event: 'Stop',
      sessionId: 's',
      handlerType: 'command',
      label: 'x',
      source,
    });
    listener({ type: 'progress', dispatchId: 7, hookId: '7.0', event: 'Stop', message: 'private text' });
    expect(exporter.getFinishedSpans()).toHaveLength(0);
    listener({
      type: 'dispatch-end',
      dispatchId: 7,
      event: 'Stop',
      sessionId: 's',
      result: {
        event: 'Stop',
        profile: 'claude-code',
        decision: null,
        reason: null,
        continue: true,
        stopReason: null,
        updatedInput: null,
        additionalContext: [],
        systemMessages: [],
        hooks: [],
        skipped: [],
        diagnostics: [],
        messages: { toModel: [], placements: [], toUser: [] },
        eventOutput: {},
        prompts: [],
        envExports: {},
      },
    });
    const spans = exporter.getFinishedSpans();
    expect(spans.map((span) => span.name).sort()).toEqual(['hook Stop', 'hook.dispatch Stop']);
    const child = spans.find((span) => span.name === 'hook Stop')!;
    expect(child.attributes['hook.outcome']).toBe('cancelled');
    expect(child.events.map((e) => e.name)).toEqual(['hook.progress']);
    expect(child.events[0]!.attributes ?? {}).not.toHaveProperty('hook.progress.message');
  });
});
