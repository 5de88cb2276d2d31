import pc from 'picocolors';
import type { TelemetryEvent, TelemetryListener } from '../engine/telemetry/bus.ts';

/** Return to the start of the line and erase it (ANSI EL 2): the status line is redrawn in place. */
const CLEAR_LINE = '\r\u001b[2K';

/** The live view, and `finish()` to erase it before the final account is printed. */
export type LiveDisplay = TelemetryListener & { finish(): void };

/**
 * The CLI's live view of running hooks: a subscriber of the telemetry bus like the trace file
 * and OpenTelemetry (DESIGN.md "The pipeline"). It writes to stderr so that stdout stays the
 * final account (or the one JSON object). It is one status line, redrawn in place and erased when
 * the hooks are done, so on a terminal each hook is shown once: in the final account.
 */
export function createLiveDisplay(write: (text: string) => void): LiveDisplay {
  const running = new Map<string, string>();
  let drawn = false;
  const clear = (): void => {
    if (drawn) write(CLEAR_LINE);
    drawn = false;
  };
  const draw = (note?: string): void => {
    if (running.size === 0) {
      clear();
      return;
    }
    const what = [...running.values()].join(', ');
    write(`${CLEAR_LINE}${pc.dim('▸ running')} ${what}${note ? ` ${pc.dim(`… ${note}`)}` : ''}`);
    drawn = true;
  };
  const listener = ((event: TelemetryEvent) => {
    switch (event.type) {
      case 'started':
        running.set(
          event.hookId,
          `${event.event} ${event.handlerType} ${pc.cyan(event.statusMessage ?? event.label)}`,
        );
        draw();
        return;
      case 'progress':
        draw(event.message);
        return;
      case 'response':
        running.delete(event.hookId);
        draw();
        return;
      default:
        return;
    }
  }) as LiveDisplay;
  listener.includeHookEvents = true;
  listener.finish = clear;
  return listener;
}
