import { closeSync, openSync, writeSync } from 'node:fs';
import type { TelemetryListener, TelemetryResponseEvent } from '../engine/telemetry/events.ts';

/** One audit line: one handler run. */
export interface AuditRecord {
  time: string;
  session: string;
  event: string;
  tool?: string;
  source: { file: string; pointer: string; scope: string };
  type: string;
  label: string;
  outcome: string;
  decision: string | null;
  durationMs: number;
  exitCode: number | null;
  stdout?: string;
  stderr?: string;
  /** Set when fields were shortened to keep the line within AUDIT_LINE_MAX_BYTES. */
  truncated?: true;
}

export interface AuditLogOptions {
  /** Only runs for which this returns true are logged (e.g. only PreToolUse, only denials). */
  filter?: (event: TelemetryResponseEvent) => boolean;
  /** Also log the handler's stdout and stderr (shortened to fit the line limit). Default false. */
  includeOutput?: boolean;
  /** Called when a line cannot be written; default: one process warning. */
  onError?: (error: Error) => void;
}

export interface AuditLog {
  listener: TelemetryListener;
  /** Stops logging. Lines are written synchronously, so there is nothing to flush. */
  close(): Promise<void>;
}

/**
 * PIPE_BUF on Linux. POSIX only promises that writes of at most PIPE_BUF bytes to a pipe or FIFO
 * are atomic; for a regular file opened with O_APPEND, every write() moves to the end of file
 * and writes in one step, and Linux local filesystems hold the inode lock for the whole write.
 * Keeping each line in one write() below this size makes it whole whether the target is a file,
 * a FIFO or a pipe. (NFS does not implement O_APPEND atomically; use a local file.)
 */
export const AUDIT_LINE_MAX_BYTES = 4096;
const ELLIPSIS = '…';

/**
 * The audit-trail use case of seed 000 without a script: one JSON line per handler run. Several
 * engines and processes may append to the same file: each line is one O_APPEND write() of less
 * than AUDIT_LINE_MAX_BYTES, so lines never interleave. The file is opened per line, so log
 * rotation (rename, then a new file) is picked up at once.
 */
export function createAuditLog(file: string, options: AuditLogOptions = {}): AuditLog {
  let closed = false;
  let warned = false;
  const onError =
    options.onError ??
    ((error: Error) => {
      if (warned) return;
      warned = true;
      process.emitWarning(`agent-hooks audit log ${file}: ${error.message}`, 'AuditLogWarning');
    });
  const listener: TelemetryListener = (event) => {
    if (closed || event.type !== 'response') return;
    if (options.filter && !options.filter(event)) return;
    try {
      appendLine(file, auditLine(event, options.includeOutput ?? false));
    } catch (error) {
      onError(error as Error);
    }
  };
  listener.includeHookEvents = true;
  return {
    listener,
    close: async () => {
      closed = true;
    },
  };
}

/** The record for one `response` event, serialized and shortened to fit one atomic write. */
export function auditLine(
  event: TelemetryResponseEvent,
  includeOutput = false,
  now: Date = new Date(),
): string {
  const record: AuditRecord = {
    time: now.toISOString(),
    session: event.sessionId,
    event: event.event,
    ...(event.toolName !== undefined ? { tool: event.toolName } : {}),
    source: { file: event.source.file, pointer: event.source.pointer, scope: event.source.scope },
    type: event.handlerType,
    label: event.label,
    outcome: event.outcome,
    decision: event.decision,
    durationMs: event.durationMs,
    exitCode: event.exitCode,
    ...(includeOutput ? { stdout: event.stdout, stderr: event.stderr } : {}),
  };
  return fitLine(record);
}

/** Free-text fields get this many characters each before any one of them is cut further. */
const FIELD_SHARE_CHARS = 1_000;

/** Shortens the free-text fields, least important first, until the line fits. */
function fitLine(record: AuditRecord): string {
  let line = `${JSON.stringify(record)}\n`;
  if (Buffer.byteLength(line) <= AUDIT_LINE_MAX_BYTES) return line;
  record.truncated = true;
  const fields: Array<[get: () => string | undefined, set: (value: string) => void]> = [
    [() => record.stdout, (v) => (record.stdout = v)],
    [() => record.stderr, (v) => (record.stderr = v)],
    [() => record.label, (v) => (record.label = v)],
    [() => record.source.file, (v) => (record.source.file = v)],
    [() => record.source.pointer, (v) => (record.source.pointer = v)],
    [() => record.tool, (v) => (record.tool = v)],
    [() => record.session, (v) => (record.session = v)],
  ];
  for (const [get, set] of fields) {
    const value = get();
    if (value !== undefined && value.length > FIELD_SHARE_CHARS)
      set(value.slice(0, FIELD_SHARE_CHARS) + ELLIPSIS);
  }
  line = `${JSON.stringify(record)}\n`;
  for (const [get, set] of fields) {
    let over = Buffer.byteLength(line) - AUDIT_LINE_MAX_BYTES;
    while (over > 0 && get()) {
      const current = get()!.replace(/…$/, '');
      // Characters cost 1 to 6 bytes once JSON-escaped: cut in proportion, then measure again.
      const bytes = Buffer.byteLength(JSON.stringify(current));
      const keep = Math.floor((current.length * Math.max(0, bytes - over - 16)) / bytes);
      set(keep > 0 ? current.slice(0, keep) + ELLIPSIS : '');
      line = `${JSON.stringify(record)}\n`;
      over = Buffer.byteLength(line) - AUDIT_LINE_MAX_BYTES;
    }
  }
  return line;
}

/** One open, one write() with O_APPEND, one close: the write is the unit of atomicity. */
function appendLine(file: string, line: string): void {
  const bytes = Buffer.from(line);
  const fd = openSync(file, 'a');
  try {
    let written = writeSync(fd, bytes);
    // A short write (disk full, a signal) cannot stay atomic; finish it rather than lose the end.
    while (written < bytes.length) written += writeSync(fd, bytes, written);
  } finally {
    closeSync(fd);
  }
}
