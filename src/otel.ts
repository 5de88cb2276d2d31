/**
 * `agent-hooks/otel`: the OpenTelemetry adapter. A separate entry point so that only hosts that
 * ask for spans load `@opentelemetry/api` (an optional peer dependency).
 */
export { createOtelSubscriber, OTEL_TRACER_NAME, type OtelSubscriberOptions } from './telemetry/otel.ts';
