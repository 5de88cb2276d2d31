// Events whose hook output a host does not process (issue 12 point 16): the run still happens and
// its errors are still shown, but what it answered decides nothing. Each ignored part is a
// warning on the run (ENGINE_OUTPUT_IGNORED), never silent.
import type { EventName } from '../../model/event-name.ts';
import type { HandlerEffect } from './effect.ts';
import type { Interpretation } from './interpretation.ts';

/** What a host keeps of an event's output: nothing, or only the common fields. */
export interface IgnoredOutput {
  keeps: 'nothing' | 'common';
  /** Host name and reference section, for the warning. */
  source: string;
}

/** The common output fields (continue, stopReason, systemMessage); errors always stay. */
const COMMON: readonly (keyof HandlerEffect)[] = ['continue', 'stopReason', 'systemMessage', 'userNotice'];

/** The interpretation as the host uses it: ignored fields dropped, each named in a warning. */
export function withoutIgnoredOutput(
  read: Interpretation,
  event: EventName,
  rule: IgnoredOutput | undefined,
): Interpretation {
  if (rule === undefined) return read;
  const kept: HandlerEffect = {};
  const dropped: string[] = [];
  for (const key of Object.keys(read.effect) as (keyof HandlerEffect)[]) {
    const keep = key === 'userNotice' || (rule.keeps === 'common' && COMMON.includes(key));
    if (keep) Object.assign(kept, { [key]: read.effect[key] });
    else dropped.push(key);
  }
  if (dropped.length === 0) return read;
  const what =
    rule.keeps === 'nothing' ? 'any output' : 'output beyond continue, stopReason and systemMessage';
  const warning = `ignored ${dropped.join(', ')}: ${rule.source} does not process ${what} on ${event}`;
  return {
    ...read,
    effect: kept,
    outcome: read.outcome === 'blocking' ? 'non-blocking-error' : read.outcome,
    blockedByExit: false,
    explanation: `${read.explanation}; ignored by the host on ${event}`,
    warnings: [...read.warnings, warning],
  };
}
