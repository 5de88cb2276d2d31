import type { EventName } from '../../model/event-name.ts';
import type { SourceRef } from '../../model/source.ts';
import type { DispatchResult, Outcome } from '../dispatch/result.ts';

/** Lifecycle messages of one handler run (seed 004 "hook event system"; claude-code-hooks.md §7.3). */
export type TelemetryEvent =
  | {
      type: 'dispatch-start';
      dispatchId: number;
      event: EventName;
      sessionId: string;
      handlers: number;
      /** The canonical event input (subscribers decide whether to record it: it may hold secrets). */
      input?: Record<string, unknown>;
    }
  | {
      type: 'started';
      dispatchId: number;
      hookId: string;
      event: EventName;
      sessionId: string;
      handlerType: string;
      label: string;
      source: SourceRef;
      /** The value the matcher was tested against (tool name, source, …), if the event has one. */
      matchQuery?: string;
      /** The handler's `statusMessage`, for a spinner or status line. */
      statusMessage?: string;
    }
  | {
      type: 'progress';
      dispatchId: number;
      hookId: string;
      event: EventName;
      /** A progress line the handler reported (Copilot progress lines). */
      message?: string;
      /** Sampled progress: everything the handler wrote so far (see `TelemetryBus.output`). */
      stdout?: string;
      stderr?: string;
    }
  | {
      type: 'response';
      dispatchId: number;
      hookId: string;
      event: EventName;
      sessionId: string;
      handlerType: string;
      label: string;
      source: SourceRef;
      outcome: Outcome;
      exitCode: number | null;
      durationMs: number;
      stdout: string;
      stderr: string;
      decision: string | null;
      toolName?: string;
      matchQuery?: string;
    }
  | { type: 'dispatch-end'; dispatchId: number; event: EventName; sessionId: string; result: DispatchResult };

/**
 * A listener. Built-in subscribers (trace file, audit log, OpenTelemetry) set
 * `includeHookEvents = true` on themselves so that they see every handler run whatever the
 * bus default is.
 */
/** The telemetry event that reports one finished hook run. */
export type TelemetryResponseEvent = Extract<TelemetryEvent, { type: 'response' }>;

export type TelemetryListener = ((event: TelemetryEvent) => void) & { includeHookEvents?: boolean };
