// Reading a finished background hook: its output read once by the host's reader, then narrowed to
// what an async hook can still deliver (claude-code-hooks.md §4.7).
import type { RunnerResult } from '../../runners/types.ts';
import type { HookRunReport, Outcome } from '../dispatch/result.ts';
import { interpret } from '../read-output/interpret.ts';
import type { Interpretation } from '../read-output/interpretation.ts';
import { parseStdout } from '../read-output/parse-stdout.ts';
import { hookRunReport } from '../run/hook-report.ts';
import type { AsyncHookResult, AsyncHookStart } from './async-types.ts';

// Fields that decide something for a waiting host; an async hook's host waited for nobody.
const DECISION_FIELDS = [
  'decision',
  'continue',
  'stopReason',
  'reason',
  'permissionDecision',
  'permissionDecisionReason',
  'updatedInput',
  'modifiedArgs',
  'modifiedResult',
  'modifiedPrompt',
];
// Inside hookSpecificOutput only these two mean anything for an async hook.
const SPECIFIC_KEPT = new Set(['hookEventName', 'additionalContext']);

/** `{"async": true, "asyncTimeout"?: ms}`: the marker that backgrounds a hook (claude-code-hooks.md §3.2). */
export function parseAsyncMarker(line: string): { asyncTimeoutMs?: number } | null {
  // Nearly every first line is a hook's whole answer, read again in full once the hook exits: a
  // line without `async`, and without a backslash that could spell it as an escape, holds no
  // `async` key, so it is not parsed twice (issue 16 item 4).
  if (!line.includes('async') && !line.includes('\\')) return null;
  const { json } = parseStdout(line);
  if (json?.async !== true) return null;
  const timeout = json.asyncTimeout;
  return typeof timeout === 'number' && Number.isFinite(timeout) && timeout > 0
    ? { asyncTimeoutMs: timeout }
    : {};
}

/**
 * A finished background hook as `collectAsyncResults()` reports it, and its run report. The output
 * after the `{"async":true}` marker line (if it went async that way) is read once; only
 * `additionalContext` and `systemMessage` of a successful run are delivered, and decision fields
 * are reported as ignored. seed 004: without JSON output the response object is `{}`.
 */
export function readAsyncRun(
  start: AsyncHookStart,
  raw: RunnerResult,
): { result: AsyncHookResult; report: HookRunReport } {
  const { handler, event } = start;
  const afterMarker = start.mode === 'first-line';
  const read = afterMarker ? { ...raw, stdout: raw.stdout.slice(raw.stdout.indexOf('\n') + 1) } : raw;
  const reading = interpret(handler, event, read, start.profile);
  // A configured async hook that also printed the marker: nothing more to read.
  const json = reading.output && (afterMarker || reading.output.async !== true) ? reading.output : null;
  const { outcome, notes } = asyncOutcome(start, raw, reading);
  const warnings = [...reading.warnings, ...ignoredFields(json), ...notes];
  const report = hookRunReport(
    handler,
    start.label,
    raw,
    { outcome, output: json ?? {}, explanation: reading.explanation, warnings },
    false,
  );
  // Like a sync hook, only a successful run's JSON counts (claude-code-hooks.md §3.3).
  const delivered = outcome === 'success' && json !== null;
  const result: AsyncHookResult = {
    id: start.id,
    event,
    sessionId: start.sessionId,
    source: report.source,
    type: report.type,
    label: report.label,
    mode: start.mode,
    outcome,
    exitCode: report.exitCode,
    signal: report.signal,
    durationMs: report.durationMs,
    stdout: report.stdout,
    stderr: report.stderr,
    output: json ?? {},
    additionalContext: delivered ? (reading.effect.additionalContext ?? null) : null,
    systemMessage: delivered ? (reading.effect.systemMessage ?? null) : null,
    warnings: report.warnings,
    woke: false,
  };
  return { result, report };
}

/**
 * An exit 2 blocks nothing here: the action went ahead long ago (§4.7). With asyncRewake it
 * interrupts the model instead (§4.2), on any event.
 */
function asyncOutcome(
  start: AsyncHookStart,
  raw: RunnerResult,
  reading: Interpretation,
): { outcome: Outcome; notes: string[] } {
  const rewakes = start.mode === 'asyncRewake' && raw.exitCode === 2 && !raw.cancelled && !raw.timedOut;
  const outcome: Outcome = rewakes
    ? 'blocking'
    : reading.outcome === 'blocking'
      ? 'non-blocking-error'
      : reading.outcome;
  if (raw.exitCode === 2 && !rewakes) {
    return {
      outcome,
      notes: ['exit 2 from an async hook blocks nothing: the action it followed has already happened'],
    };
  }
  return { outcome, notes: outcome !== 'success' && outcome !== 'blocking' ? [reading.explanation] : [] };
}

/** The decision fields an async hook printed, which have no effect, as one warning. */
function ignoredFields(json: Record<string, unknown> | null): string[] {
  if (!json) return [];
  const ignored = DECISION_FIELDS.filter((key) => json[key] !== undefined);
  const specific = json.hookSpecificOutput;
  if (typeof specific === 'object' && specific !== null && !Array.isArray(specific)) {
    for (const key of Object.keys(specific)) {
      if (!SPECIFIC_KEPT.has(key)) ignored.push(`hookSpecificOutput.${key}`);
    }
  }
  if (ignored.length === 0) return [];
  const names = ignored.map((key) => `"${key}"`).join(', ');
  return [
    `ignored ${names}: decision fields from an async hook have no effect; only additionalContext ` +
      'and systemMessage are delivered, on the next turn (claude-code-hooks.md §4.7)',
  ];
}
