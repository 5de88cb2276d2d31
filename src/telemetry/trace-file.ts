import { createWriteStream, type WriteStream } from 'node:fs';
import type { TelemetryEvent, TelemetryListener } from '../engine/telemetry/bus.ts';

export interface TraceWriterOptions {
  /** Append to an existing file instead of replacing it (default false). */
  append?: boolean;
}

export interface TraceWriter {
  /** Subscribe this to `engine.telemetry` (or pass it as `onTelemetry`). */
  listener: TelemetryListener;
  /**
   * Resolves once the file is open for writing; rejects with the reason it cannot be (a folder
   * that does not exist, no permission), so a caller can refuse before anything runs.
   */
  opened(): Promise<void>;
  /**
   * Resolves when every line given so far is written; rejects with the first write failure (a full
   * disk), so a caller can report it while the trace is still open.
   */
  flush(): Promise<void>;
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
  const opening = new Promise<void>((resolve, reject) => {
    stream.once('open', () => resolve());
    stream.once('error', reject);
  });
  // Nobody has to ask: a failure to open is close()'s failure too, never an unhandled rejection.
  opening.catch(() => undefined);
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
  // After close() nothing more can be written: what close() says is what flush() would.
  const flush = (): Promise<void> => closing ?? flushed(stream, () => failure);
  return { listener, opened: () => opening, flush, close };
}

/**
 * Resolves when the lines given before it are written to the file: an empty write's callback comes after
 * theirs. A failed write destroys the stream and emits its error before 'close', so a callback
 * that fails before the error event waits for it, to reject with the first failure.
 */
function flushed(stream: WriteStream, failure: () => Error | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const first = failure();
    if (first) return reject(first);
    stream.write('', (error) => {
      if (!error) return resolve();
      if (failure() || stream.closed) return reject(failure() ?? error);
      stream.once('close', () => reject(failure() ?? error));
    });
  });
}
