import type { NoVerdict, Outcome } from '../dispatch/result.ts';
import type { HandlerEffect } from './effect.ts';

/** One handler's result read the way the emulated host reads it (docs/decisions.md). */
export interface Interpretation {
  outcome: Outcome;
  effect: HandlerEffect;
  /** The hook's JSON output, if it gave one. */
  output: Record<string, unknown> | null;
  /** Plain (non-JSON) stdout of a successful run. */
  plainText: string | null;
  /** Set when the run blocked through its exit code (exit 2, `ok: false`, or onFailure: block). */
  blockedByExit: boolean;
  /** One sentence: what this run contributed. */
  explanation: string;
  /** Parts of the output that were ignored or malformed (reported as ENGINE_OUTPUT_IGNORED). */
  warnings: string[];
  /**
   * The blocking reason as the model reads it, when it differs from `effect`'s trimmed reason:
   * exit-2 stderr verbatim (claude-code-observed.md: `…: nope\n`).
   */
  modelReason?: string;
  /** The hook gave the host no usable verdict (Claude Code's `hook_no_verdict`). */
  noVerdict?: NoVerdict;
  /** A prompt hook's `ok: false` that ends the turn (claude-code-hooks.md §4.5: no `continueOnBlock`). */
  endsTurn?: boolean;
}

/** An interpretation with the usual defaults: no output, no plain text, not blocked by its exit. */
export function interpretation(
  outcome: Outcome,
  effect: HandlerEffect,
  explanation: string,
  warnings: string[],
  extra: Partial<
    Pick<Interpretation, 'output' | 'plainText' | 'blockedByExit' | 'modelReason' | 'noVerdict'>
  > = {},
): Interpretation {
  const read: Interpretation = {
    outcome,
    effect,
    output: extra.output ?? null,
    plainText: extra.plainText ?? null,
    blockedByExit: extra.blockedByExit ?? false,
    explanation,
    warnings,
  };
  if (extra.modelReason !== undefined) read.modelReason = extra.modelReason;
  if (extra.noVerdict !== undefined) read.noVerdict = extra.noVerdict;
  return read;
}
