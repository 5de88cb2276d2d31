import type { EventName } from '../../model/event-name.ts';
import type { HookRunReport } from '../dispatch/result.ts';
import type { TelemetryEvent } from './events.ts';

/** Which run a `response` belongs to. */
export interface ResponseIds {
  dispatchId: number;
  hookId: string;
  event: EventName;
  sessionId: string;
}

/** The `response` telemetry event of one run, made from its report (sync and async alike). */
export function responseEvent(
  report: HookRunReport,
  ids: ResponseIds,
  extra: { decision: string | null; matchQuery?: string | undefined; toolName?: string | undefined },
): Extract<TelemetryEvent, { type: 'response' }> {
  return {
    type: 'response',
    ...(extra.matchQuery !== undefined ? { matchQuery: extra.matchQuery } : {}),
    ...ids,
    handlerType: report.type,
    label: report.label,
    source: report.source,
    outcome: report.outcome,
    exitCode: report.exitCode,
    durationMs: report.durationMs,
    stdout: report.stdout,
    stderr: report.stderr,
    decision: extra.decision,
    ...(extra.toolName !== undefined ? { toolName: extra.toolName } : {}),
  };
}
