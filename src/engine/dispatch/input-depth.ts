// Input nested deeper than MAX_JSON_DEPTH (a model can write such a tool_input) would overflow
// JSON.stringify when the payload is rendered for command hooks, and the dispatch would reject with
// a RangeError, losing every guard's decision. The deep parts are clipped instead; the hooks run.
import { type Diagnostic, diagnostic } from '../../errors.ts';
import type { EventName } from '../../model/event-name.ts';
import { clipDepth, MAX_JSON_DEPTH, TOO_DEEP_MARKER } from '../../model/json-depth.ts';

/** The input with every container below `MAX_JSON_DEPTH` replaced by `TOO_DEEP_MARKER`. */
export function clipInput(input: Record<string, unknown>): Record<string, unknown> {
  return clipDepth(input) as Record<string, unknown>;
}

export function inputTooDeep(event: EventName): Diagnostic {
  return diagnostic(
    'ENGINE_INPUT_TOO_DEEP',
    `${event}: the input is nested deeper than ${MAX_JSON_DEPTH} levels (or holds a cycle); hooks got it with the deeper parts replaced by "${TOO_DEEP_MARKER}"`,
    { event, severity: 'warning' },
  );
}
