import type { HandlerEffect } from './effect.ts';
import type { FinishedRun } from './output-reader.ts';
import { outputReader } from './output-reader-load.ts';

export interface JsonReading {
  effect: HandlerEffect;
  /** Where the JSON fails the event's schema (see `NormalizedOutput.invalid`). */
  invalid: string[];
}

/** The effect of a run's JSON output in its dialect; what was ignored goes to `run.warnings`. */
export function readJsonOutput(run: FinishedRun): JsonReading {
  // An empty object (a function hook's `{}`) has nothing to read (normalizeOutput agrees).
  if (!run.json || Object.keys(run.json).length === 0) return { effect: {}, invalid: [] };
  const invalid: string[] = [];
  const normalized = outputReader()(run.spec.name, run.json, run.handler.dialect, invalid);
  run.warnings.push(...normalized.warnings);
  return { effect: normalized.effect, invalid };
}

/** `readJsonOutput` without the schema problems, for readers that only drop the bad fields. */
export function jsonEffect(run: FinishedRun): HandlerEffect {
  return readJsonOutput(run).effect;
}
