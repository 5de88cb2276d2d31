import type { EventName } from '../../model/event-name.ts';
import type { TelemetryEvent, TelemetryListener } from './events.ts';

export type { TelemetryEvent, TelemetryListener } from './events.ts';

export interface TelemetryBusOptions {
  /**
   * Deliver `started`/`progress`/`response` for every event. Default false: only SessionStart and
   * Setup, "low-noise lifecycle events" that Claude Code always emits (seed 004; claude-code-hooks.md
   * §7.3). `dispatch-start`/`dispatch-end` always go out.
   */
  includeHookEvents?: boolean;
  /** How often sampled `progress` is emitted while output arrives (default 1000 ms, §7.3). */
  progressIntervalMs?: number;
}

export interface SubscribeOptions {
  /** Overrides the listener's own flag and the bus default for this subscription. */
  includeHookEvents?: boolean;
}

/** Events whose handler messages go out even without includeHookEvents (claude-code-hooks.md §7.3). */
const ALWAYS_EMITTED: ReadonlySet<string> = new Set(['SessionStart', 'Setup']);
export const DEFAULT_PROGRESS_INTERVAL_MS = 1_000;
/** Sampled output kept per running handler; the response carries the full (runner-capped) output. */
const PROGRESS_OUTPUT_MAX_CHARS = 64 * 1024;

interface RunningHook {
  dispatchId: number;
  event: EventName;
  stdout: string;
  stderr: string;
  changed: boolean;
  timer?: NodeJS.Timeout;
}

/**
 * One bus for every observer: the CLI display, trace files and OpenTelemetry subscribe here
 * rather than growing second code paths (DESIGN.md "The pipeline").
 */
export class TelemetryBus {
  /** Listeners that receive handler messages for every event. */
  readonly #all = new Set<TelemetryListener>();
  /** Listeners that receive handler messages only for SessionStart and Setup. */
  readonly #lifecycle = new Set<TelemetryListener>();
  readonly #includeHookEvents: boolean;
  readonly #progressIntervalMs: number;
  readonly #running = new Map<string, RunningHook>();

  constructor(options: TelemetryBusOptions = {}) {
    this.#includeHookEvents = options.includeHookEvents ?? false;
    this.#progressIntervalMs = options.progressIntervalMs ?? DEFAULT_PROGRESS_INTERVAL_MS;
  }

  get active(): boolean {
    return this.#all.size > 0 || this.#lifecycle.size > 0;
  }

  /** Whether `started`/`progress`/`response` for `event` would reach any listener. */
  wants(event: EventName): boolean {
    return this.#all.size > 0 || (this.#lifecycle.size > 0 && ALWAYS_EMITTED.has(event));
  }

  subscribe(listener: TelemetryListener, options: SubscribeOptions = {}): () => void {
    const everything = options.includeHookEvents ?? listener.includeHookEvents ?? this.#includeHookEvents;
    const set = everything ? this.#all : this.#lifecycle;
    // A listener subscribed twice would otherwise sit in both sets and get events twice.
    (everything ? this.#lifecycle : this.#all).delete(listener);
    set.add(listener);
    return () => {
      set.delete(listener);
    };
  }

  emit(event: TelemetryEvent): void {
    const type = event.type;
    if (type === 'started') this.#track(event);
    else if (type === 'response') this.#untrack(event.hookId);
    else if (type === 'dispatch-end') this.#untrackDispatch(event.dispatchId);
    if (type === 'dispatch-start' || type === 'dispatch-end' || ALWAYS_EMITTED.has(event.event)) {
      deliver(this.#lifecycle, event);
    }
    deliver(this.#all, event);
  }

  /**
   * Runners feed partial output here while a handler runs; the bus then emits `progress` with
   * the output so far every `progressIntervalMs`, only when it changed (claude-code-hooks.md §7.3:
   * sampled about once per second). No timer exists until output arrives.
   */
  output(hookId: string, stream: 'stdout' | 'stderr', text: string): void {
    const running = this.#running.get(hookId);
    if (!running || text.length === 0) return;
    const next = running[stream] + text;
    running[stream] = next.length > PROGRESS_OUTPUT_MAX_CHARS ? next.slice(-PROGRESS_OUTPUT_MAX_CHARS) : next;
    running.changed = true;
    if (!running.timer) {
      running.timer = setInterval(() => this.#sample(hookId), this.#progressIntervalMs);
      running.timer.unref();
    }
  }

  #track(event: Extract<TelemetryEvent, { type: 'started' }>): void {
    if (!this.wants(event.event)) return;
    this.#running.set(event.hookId, {
      dispatchId: event.dispatchId,
      event: event.event,
      stdout: '',
      stderr: '',
      changed: false,
    });
  }

  #untrack(hookId: string): void {
    const running = this.#running.get(hookId);
    if (!running) return;
    if (running.timer) clearInterval(running.timer);
    this.#running.delete(hookId);
  }

  #untrackDispatch(dispatchId: number): void {
    if (this.#running.size === 0) return;
    for (const [hookId, running] of this.#running) {
      if (running.dispatchId === dispatchId) this.#untrack(hookId);
    }
  }

  #sample(hookId: string): void {
    const running = this.#running.get(hookId);
    if (!running?.changed) return;
    running.changed = false;
    this.emit({
      type: 'progress',
      dispatchId: running.dispatchId,
      hookId,
      event: running.event,
      stdout: running.stdout,
      stderr: running.stderr,
    });
  }
}

function deliver(listeners: Set<TelemetryListener>, event: TelemetryEvent): void {
  if (listeners.size === 0) return;
  for (const listener of listeners) {
    try {
      listener(event);
    } catch {
      // An observer must never change a decision: its errors are contained here.
    }
  }
}
