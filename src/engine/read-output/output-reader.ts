import type { EventSpec } from '../../events/types.ts';
import type { NormalizedHandler } from '../../model/handler.ts';
import type { Outcome } from '../dispatch/result.ts';
import type { Interpretation } from './interpretation.ts';

/** A run that ended with an exit code (or an answer that stands for one), ready to be read. */
export interface FinishedRun {
  handler: NormalizedHandler;
  spec: EventSpec;
  exitCode: number;
  /** How the exit code came about, for explanations: `exit 2`, or a model's `ok: false`. */
  cause: string;
  /** How the process ended, for explanations, when not `exit <exitCode>` (`killed by SIGKILL`). */
  ending?: string;
  stdout: string;
  stderr: string;
  /** The JSON stdout, or the object a runner answered with; null when there is none. */
  json: Record<string, unknown> | null;
  /** The trimmed stdout when it is not a JSON object. */
  text: string;
  /** Whether a failure counts as exit 2 (`onFailure: "block"` on an event that honours it). */
  blockOnFailure: boolean;
  /** Warnings so far; the reader appends its own. */
  warnings: string[];
}

/** How a finished run ended, in words: `exit 1`, or `killed by SIGTERM` for a signal's death. */
export function endingOf(run: Pick<FinishedRun, 'exitCode' | 'ending'>): string {
  return run.ending ?? `exit ${run.exitCode}`;
}

/** A run that did not finish: it timed out, could not start, or its runner failed. */
export interface FailedRun {
  handler: NormalizedHandler;
  spec: EventSpec;
  outcome: Extract<Outcome, 'timeout' | 'spawn-error' | 'non-blocking-error'>;
  message: string;
  warnings: string[];
}

/**
 * How one host reads a hook's exit code and output (docs/decisions.md): a strategy that each
 * profile carries, so that no other stage asks which host it emulates.
 */
export interface OutputReader {
  readonly name: 'claude' | 'copilot' | 'vscode';
  /** Reads a finished run: its exit code, JSON output or plain text. */
  read(run: FinishedRun): Interpretation;
  /** The host's own rule for a failed run; undefined where the run fails open. */
  readFailure(run: FailedRun): Interpretation | undefined;
}
