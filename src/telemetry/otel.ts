import { type Attributes, context, type Span, SpanStatusCode, type Tracer, trace } from '@opentelemetry/api';
import type { TelemetryEvent, TelemetryListener } from '../engine/telemetry/bus.ts';

export interface OtelSubscriberOptions {
  /** The tracer to use; default `trace.getTracer('agent-hooks')` from the globally registered provider. */
  tracer?: Tracer;
  /**
   * Record handler stdout/stderr, progress text and the decision's reason and context. Default
   * false: hook input and output may carry secrets (dependencies.md §2(m)).
   */
  includePayloads?: boolean;
}

export const OTEL_TRACER_NAME = 'agent-hooks';
/** Attribute values longer than this are cut, so one chatty hook cannot bloat an export batch. */
const PAYLOAD_ATTRIBUTE_MAX_CHARS = 8 * 1024;
/** Outcomes that mean the handler itself failed; `blocking` is a decision, not an error. */
const ERROR_OUTCOMES: ReadonlySet<string> = new Set(['non-blocking-error', 'timeout', 'spawn-error']);

/**
 * Turns the telemetry bus into spans: `hook.dispatch <Event>` per dispatch and a child
 * `hook <Event>` per handler run (dependencies.md §2(m) span design). Subscribe it with
 * `engine.telemetry.subscribe(createOtelSubscriber())`. This module is only reachable through the
 * `agent-hooks/otel` entry, so the main entry never loads `@opentelemetry/api`.
 */
export function createOtelSubscriber(options: OtelSubscriberOptions = {}): TelemetryListener {
  const state: SpanState = {
    tracer: options.tracer ?? trace.getTracer(OTEL_TRACER_NAME),
    payloads: options.includePayloads ?? false,
    dispatches: new Map(),
    handlers: new Map(),
  };
  const listener: TelemetryListener = (event: TelemetryEvent) => {
    switch (event.type) {
      case 'dispatch-start':
        return startDispatchSpan(state, event);
      case 'started':
        return startHandlerSpan(state, event);
      case 'progress':
        return addProgress(state, event);
      case 'response':
        return endHandlerSpan(state, event);
      case 'dispatch-end':
        return endDispatchSpan(state, event);
    }
  };
  listener.includeHookEvents = true;
  return listener;
}

/** The open spans of one subscriber: per dispatch, and per handler run with its dispatch. */
interface SpanState {
  tracer: Tracer;
  payloads: boolean;
  dispatches: Map<number, Span>;
  handlers: Map<string, { span: Span; dispatchId: number }>;
}

type EventOf<T extends TelemetryEvent['type']> = Extract<TelemetryEvent, { type: T }>;

function startDispatchSpan(state: SpanState, event: EventOf<'dispatch-start'>): void {
  const span = state.tracer.startSpan(`hook.dispatch ${event.event}`, {
    attributes: {
      'hook.event': event.event,
      'session.id': event.sessionId,
      'hook.handlers': event.handlers,
      ...(state.payloads && event.input ? { 'hook.input': JSON.stringify(event.input) } : {}),
    },
  });
  state.dispatches.set(event.dispatchId, span);
}

function startHandlerSpan(state: SpanState, event: EventOf<'started'>): void {
  const parent = state.dispatches.get(event.dispatchId);
  const ctx = parent ? trace.setSpan(context.active(), parent) : context.active();
  const span = state.tracer.startSpan(
    `hook ${event.event}`,
    {
      attributes: {
        'hook.event': event.event,
        'hook.type': event.handlerType,
        'hook.name': event.label,
        'hook.source': event.source.file,
        'hook.pointer': event.source.pointer,
        'hook.scope': event.source.scope,
        'session.id': event.sessionId,
      },
    },
    ctx,
  );
  state.handlers.set(event.hookId, { span, dispatchId: event.dispatchId });
}

function addProgress(state: SpanState, event: EventOf<'progress'>): void {
  const entry = state.handlers.get(event.hookId);
  if (!entry) return;
  const attributes: Attributes = {};
  if (state.payloads) {
    if (event.message !== undefined) attributes['hook.progress.message'] = cut(event.message);
    if (event.stdout !== undefined) attributes['hook.stdout'] = cut(event.stdout);
    if (event.stderr !== undefined) attributes['hook.stderr'] = cut(event.stderr);
  }
  entry.span.addEvent('hook.progress', attributes);
}

function endHandlerSpan(state: SpanState, event: EventOf<'response'>): void {
  const entry = state.handlers.get(event.hookId);
  if (!entry) return;
  state.handlers.delete(event.hookId);
  const span = entry.span;
  span.setAttributes({
    'hook.outcome': event.outcome,
    'hook.duration_ms': event.durationMs,
    ...(event.exitCode !== null ? { 'process.exit_code': event.exitCode } : {}),
    ...(event.decision !== null ? { 'hook.decision': event.decision } : {}),
    ...(event.toolName !== undefined ? { 'hook.tool_name': event.toolName } : {}),
    ...(state.payloads ? { 'hook.stdout': cut(event.stdout), 'hook.stderr': cut(event.stderr) } : {}),
  });
  if (ERROR_OUTCOMES.has(event.outcome))
    span.setStatus({ code: SpanStatusCode.ERROR, message: event.outcome });
  span.end();
}

function endDispatchSpan(state: SpanState, event: EventOf<'dispatch-end'>): void {
  // Handler spans whose response never came (cancelled mid-flight) must not leak.
  for (const [hookId, entry] of state.handlers) {
    if (entry.dispatchId !== event.dispatchId) continue;
    entry.span.setAttribute('hook.outcome', 'cancelled');
    entry.span.end();
    state.handlers.delete(hookId);
  }
  const span = state.dispatches.get(event.dispatchId);
  if (!span) return;
  state.dispatches.delete(event.dispatchId);
  const result = event.result;
  span.setAttributes({
    'hook.ran': result.hooks.length,
    'hook.skipped': result.skipped.length,
    'hook.continue': result.continue,
    ...(result.decision !== null ? { 'hook.decision': result.decision } : {}),
    ...(state.payloads && result.reason !== null ? { 'hook.reason': cut(result.reason) } : {}),
    ...(state.payloads && result.additionalContext.length > 0
      ? { 'hook.additional_context': cut(result.additionalContext.join('\n')) }
      : {}),
  });
  span.end();
}

function cut(text: string): string {
  return text.length > PAYLOAD_ATTRIBUTE_MAX_CHARS ? `${text.slice(0, PAYLOAD_ATTRIBUTE_MAX_CHARS)}…` : text;
}
