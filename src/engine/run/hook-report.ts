import type { NormalizedHandler } from '../../model/handler.ts';
import type { RunnerResult } from '../../runners/types.ts';
import type { HookRunReport, Outcome } from '../dispatch/result.ts';

/** How a run was read: by the read-output stage, or (for a background hook) by the async stage. */
export interface RunReading {
  outcome: Outcome;
  output: Record<string, unknown> | null;
  explanation: string;
  /** What reading the output found (owned by the report from now on); runner diagnostics go first. */
  warnings: string[];
  noVerdict?: HookRunReport['noVerdict'];
}

/**
 * The one shape of a handler run's report: `DispatchResult.hooks[]`, both telemetry `response`
 * events and `AsyncHookResult` are made from it.
 */
export function hookRunReport(
  handler: NormalizedHandler,
  label: string,
  result: RunnerResult,
  reading: RunReading,
  untrusted: boolean,
): HookRunReport {
  const warnings = result.diagnostics
    ? [...result.diagnostics.map((found) => found.message), ...reading.warnings]
    : (reading.warnings as string[]);
  return {
    source: handler.source,
    type: handler.type,
    label,
    ...(handler.statusMessage !== undefined ? { statusMessage: handler.statusMessage } : {}),
    outcome: reading.outcome,
    exitCode: result.exitCode,
    signal: result.signal,
    durationMs: result.durationMs,
    stdout: result.stdout,
    stderr: result.stderr,
    output: reading.output,
    effect: reading.explanation,
    warnings,
    ...(untrusted ? { untrusted: true } : {}),
    ...(reading.noVerdict ? { noVerdict: reading.noVerdict } : {}),
    ...(result.http ? { http: result.http } : {}),
  };
}
