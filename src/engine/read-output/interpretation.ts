import type { Outcome } from '../dispatch/result.ts';
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
}

/** An interpretation with the usual defaults: no output, no plain text, not blocked by its exit. */
export function interpretation(
  outcome: Outcome,
  effect: HandlerEffect,
  explanation: string,
  warnings: string[],
  extra: Partial<Pick<Interpretation, 'output' | 'plainText' | 'blockedByExit'>> = {},
): Interpretation {
  return {
    outcome,
    effect,
    output: extra.output ?? null,
    plainText: extra.plainText ?? null,
    blockedByExit: extra.blockedByExit ?? false,
    explanation,
    warnings,
  };
}
