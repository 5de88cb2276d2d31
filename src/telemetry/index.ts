/**
 * Built-in telemetry subscribers that need only `node:fs`; safe for the main entry. The
 * OpenTelemetry adapter lives behind `agent-hooks/otel` (src/otel.ts).
 */
export {
  AUDIT_LINE_MAX_BYTES,
  type AuditLog,
  type AuditLogOptions,
  type AuditRecord,
  auditLine,
  createAuditLog,
} from './audit-log.ts';
export { createSdkHookMessages, type SdkHookMessage } from './sdk-messages.ts';
export { createTraceWriter, type TraceWriter, type TraceWriterOptions, traceLine } from './trace-file.ts';
