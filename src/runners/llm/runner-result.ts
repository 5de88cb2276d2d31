import type { ErrorCode } from '../../errors.ts';
import { type Deadline, deadlineDiagnostic } from '../deadline.ts';
import { type ModelVerdict, type RunnerDiagnostic, type RunnerResult, runnerResult } from '../types.ts';

/**
 * Builders for the results of runners that are not processes, shared by the prompt, agent and
 * mcp_tool runners: what they have (text, a verdict) is returned as such, never as an exit code.
 */
export function successResult(
  startedAt: number,
  stdout = '',
  diagnostics?: RunnerDiagnostic[],
): RunnerResult {
  return base(startedAt, { exitCode: 0, stdout, ...(diagnostics?.length ? { diagnostics } : {}) });
}

/** A model's verdict; the engine gives `ok: false` the event's exit-2 meaning (claude-code-hooks.md §4.5). */
export function verdictResult(startedAt: number, verdict: ModelVerdict): RunnerResult {
  return base(startedAt, { verdict });
}

/** A non-blocking error (the engine blocks only with `onFailure: "block"`). */
export function failureResult(startedAt: number, code: ErrorCode, message: string): RunnerResult {
  return base(startedAt, { failure: { code, message } });
}

/** A run that ended without an answer, e.g. an agent that never gave its verdict: no effect. */
export function cancelledResult(startedAt: number, diagnostic: RunnerDiagnostic): RunnerResult {
  return base(startedAt, { cancelled: true, diagnostics: [diagnostic] });
}

/** The result for a run whose deadline ended it: a timeout, or a cancellation by the engine. */
export function abortedResult(
  startedAt: number,
  deadline: Deadline,
  what: string,
  timeoutMs: number,
): RunnerResult {
  const diagnostic = deadlineDiagnostic(deadline, what, timeoutMs);
  return base(startedAt, {
    ...(deadline.timedOut ? { timedOut: true } : { cancelled: true }),
    ...(diagnostic ? { diagnostics: [diagnostic] } : {}),
  });
}

function base(startedAt: number, fields: Partial<RunnerResult>): RunnerResult {
  return runnerResult({ durationMs: Date.now() - startedAt, ...fields });
}
