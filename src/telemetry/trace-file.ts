import { createWriteStream } from 'node:fs';
import type { TelemetryEvent, TelemetryListener } from '../engine/telemetry/bus.ts';

export interface TraceWriterOptions {
  /** Append to an existing file instead of replacing it (default false). */
  append?: boolean;
}

export interface TraceWriter {
  /** Subscribe this to `engine.telemetry` (or pass it as `onTelemetry`). */
  listener: TelemetryListener;
  /** Flushes and closes the file; rejects if the file could not be written. */
  close(): Promise<void>;
}

/** One trace line: the telemetry event as is, with the wall-clock time it was observed. */
export function traceLine(event: TelemetryEvent, now: Date = new Date()): string {
  return `${JSON.stringify({ time: now.toISOString(), ...event })}\n`;
}

/**
 * A JSONL trace of every telemetry event (`agent-hooks run --trace FILE`). Writes are buffered by a
 * stream: a trace belongs to one process, so unlike the audit log it needs no per-line atomicity.
 */
export function createTraceWriter(file: string, options: TraceWriterOptions = {}): TraceWriter {
  const stream = createWriteStream(file, { flags: options.append ? 'a' : 'w', encoding: 'utf8' });
  let failure: Error | undefined;
  stream.on('error', (error) => {
    failure ??= error;
  });
  let closed = false;
  const listener: TelemetryListener = (event) => {
    if (closed || failure) return;
    let line: string;
    try {
      line = traceLine(event);
    } catch (error) {
      // A value JSON cannot represent (a cycle, a BigInt) must not lose the rest of the trace.
      line = traceLine({ type: event.type, unserializable: String(error) } as unknown as TelemetryEvent);
    }
    stream.write(line);
  };
  listener.includeHookEvents = true;
  let closing: Promise<void> | undefined;
  const close = (): Promise<void> => {
    closed = true;
    closing ??= new Promise<void>((resolve, reject) => {
      const settle = (error?: Error | null): void => {
        failure ??= error ?? undefined;
        if (failure) reject(failure);
        else resolve();
      };
      if (stream.closed) settle();
      else if (stream.destroyed) stream.once('close', () => settle());
      else stream.end(settle);
    });
    return closing;
  };
  return { listener, close };
}
