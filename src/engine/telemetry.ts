import type { SourceRef } from '../config/model.ts';
import type { EventName } from '../events/names.ts';
import type { DispatchResult, Outcome } from './result.ts';

/** Lifecycle messages of one handler run (seed 004 "hook event system"). */
export type TelemetryEvent =
  | { type: 'dispatch-start'; dispatchId: number; event: EventName; sessionId: string; handlers: number }
  | {
      type: 'started';
      dispatchId: number;
      hookId: string;
      event: EventName;
      sessionId: string;
      handlerType: string;
      label: string;
      source: SourceRef;
    }
  | { type: 'progress'; dispatchId: number; hookId: string; event: EventName; message: string }
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
    }
  | { type: 'dispatch-end'; dispatchId: number; event: EventName; sessionId: string; result: DispatchResult };

export type TelemetryListener = (event: TelemetryEvent) => void;

/**
 * One bus for every observer: the CLI display, trace files and OpenTelemetry subscribe here
 * rather than growing second code paths (DESIGN.md "The pipeline").
 */
export class TelemetryBus {
  readonly #listeners = new Set<TelemetryListener>();

  get active(): boolean {
    return this.#listeners.size > 0;
  }

  subscribe(listener: TelemetryListener): () => void {
    this.#listeners.add(listener);
    return () => {
      this.#listeners.delete(listener);
    };
  }

  emit(event: TelemetryEvent): void {
    for (const listener of this.#listeners) {
      try {
        listener(event);
      } catch {
        // An observer must never change a decision: its errors are contained here.
      }
    }
  }
}
