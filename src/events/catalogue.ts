import { HookError } from '../errors.ts';
import { EVENT_NAMES, type EventName, isEventName } from '../model/event-name.ts';
import { AGENT_EVENTS } from './catalogue-agents.ts';
import { ENVIRONMENT_EVENTS } from './catalogue-environment.ts';
import { MISC_EVENTS } from './catalogue-misc.ts';
import { SESSION_EVENTS } from './catalogue-session.ts';
import { TOOL_EVENTS } from './catalogue-tools.ts';
import { WIRE_FIELDS } from './generated/wire-fields.ts';
import type { CatalogueRow, EventSpec } from './types.ts';

const ROWS: readonly CatalogueRow[] = [
  ...SESSION_EVENTS,
  ...TOOL_EVENTS,
  ...AGENT_EVENTS,
  ...ENVIRONMENT_EVENTS,
  ...MISC_EVENTS,
];

/**
 * A row completed from the event's wire schema (through the field lists generated from it): its
 * input fields, its hook-specific output fields, and the matcher's known values when the matched
 * field is an enumeration.
 */
function complete(row: CatalogueRow): EventSpec {
  const wire = WIRE_FIELDS[row.name];
  const input = wire.input;
  const values = row.matcher.values ?? input.find((field) => field.name === row.matcher.field)?.values;
  return {
    ...row,
    matcher: values ? { ...row.matcher, values } : row.matcher,
    input,
    output: { topLevel: row.output.topLevel, hookSpecific: wire.hookSpecific },
  };
}

function indexRows(rows: readonly CatalogueRow[]): Record<EventName, EventSpec> {
  const byName = {} as Record<EventName, EventSpec>;
  for (const row of rows) {
    if (byName[row.name]) throw new Error(`event catalogue: duplicate row ${row.name}`);
    byName[row.name] = complete(row);
  }
  for (const name of EVENT_NAMES) {
    if (!byName[name]) throw new Error(`event catalogue: missing row ${name}`);
  }
  return byName;
}

/** Every event, keyed by canonical name. Building it checks the catalogue is complete. */
export const EVENT_BY_NAME: Readonly<Record<EventName, EventSpec>> = Object.freeze(indexRows(ROWS));

/** The 36 catalogue rows, in `EVENT_NAMES` order. */
export const EVENTS: readonly EventSpec[] = Object.freeze(EVENT_NAMES.map((name) => EVENT_BY_NAME[name]));

/** The catalogue row of a canonical event name; misuse (an unknown name) throws. */
export function getEvent(name: EventName): EventSpec {
  if (!isEventName(name)) {
    throw new HookError('ENGINE_UNKNOWN_EVENT', `unknown event ${JSON.stringify(name)}`);
  }
  return EVENT_BY_NAME[name];
}
