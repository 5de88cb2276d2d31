import type { HandlerEffect } from './effect.ts';
import { normalizeOutput } from './normalize-output.ts';
import type { FinishedRun } from './output-reader.ts';

/** The effect of a run's JSON output in its dialect; what was ignored goes to `run.warnings`. */
export function jsonEffect(run: FinishedRun): HandlerEffect {
  if (!run.json) return {};
  const normalized = normalizeOutput(run.spec.name, run.json, run.handler.dialect);
  run.warnings.push(...normalized.warnings);
  return normalized.effect;
}
