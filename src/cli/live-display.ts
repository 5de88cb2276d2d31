import pc from 'picocolors';
import type { TelemetryEvent, TelemetryListener } from '../engine/telemetry/bus.ts';

/**
 * The CLI's live view of running hooks: a subscriber of the telemetry bus like the trace file
 * and OpenTelemetry (DESIGN.md "The pipeline"). It writes to stderr so that stdout stays the
 * final account (or the one JSON object).
 */
export function createLiveDisplay(write: (text: string) => void): TelemetryListener {
  const listener: TelemetryListener & { includeHookEvents?: boolean } = (event: TelemetryEvent) => {
    switch (event.type) {
      case 'started':
        write(
          `${pc.dim('▸')} ${event.event} ${event.handlerType} ${pc.cyan(event.statusMessage ?? event.label)}\n`,
        );
        return;
      case 'progress':
        if (event.message) write(`  ${pc.dim('…')} ${event.message}\n`);
        return;
      case 'response':
        write(`  ${pc.dim(`${event.outcome} in ${event.durationMs} ms`)}\n`);
        return;
      default:
        return;
    }
  };
  listener.includeHookEvents = true;
  return listener;
}
