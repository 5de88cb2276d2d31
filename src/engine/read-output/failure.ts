import type { EventSpec } from '../../events/types.ts';
import type { Outcome } from '../dispatch/result.ts';
import type { HandlerEffect } from './effect.ts';
import { applyExit2, exit2Words } from './exit-2.ts';
import { type Interpretation, interpretation } from './interpretation.ts';
import type { FailedRun } from './output-reader.ts';

/** A failure that counts as exit 2 (`onFailure: "block"`, or a host rule such as PreModelSwitch). */
export function blockingFailure(
  spec: EventSpec,
  message: string,
  warnings: string[],
  output: Record<string, unknown> | null,
  outcome: Outcome = 'blocking',
): Interpretation {
  const effect: HandlerEffect = {};
  const blocked = applyExit2(spec, message, effect);
  return interpretation(
    blocked ? outcome : 'non-blocking-error',
    effect,
    `failure counts as exit 2 (onFailure: "block"): ${exit2Words(spec)}`,
    warnings,
    { output, blockedByExit: blocked },
  );
}

/** The default for a failed run: the user sees why, and the action proceeds. */
export function failOpen(run: FailedRun): Interpretation {
  return interpretation(
    run.outcome,
    { userNotice: run.message },
    `${run.message}; fail-open, the action proceeds`,
    run.warnings,
  );
}
