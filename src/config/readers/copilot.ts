import type { Dialect } from '../../model/dialect.ts';
import type { EventName } from '../../model/event-name.ts';
import { COPILOT_CAMEL_EVENTS, COPILOT_PASCAL_EVENTS, lookup, suggestEvent } from '../parse/event-keys.ts';
import type { PathSegment } from '../parse/source-doc.ts';
import { describe, isRecord, type ReadContext } from './context.ts';
import { type CopilotHooks, type EventInfo, readCopilotEntry } from './copilot-entry.ts';

export type { CopilotHooks } from './copilot-entry.ts';

const EVENT_KEYS = [...Object.keys(COPILOT_CAMEL_EVENTS), ...COPILOT_PASCAL_EVENTS];

/**
 * Reads a Copilot `hooks` map (other-agents-hooks.md §1.1, §1.3): the casing of each key picks
 * the payload dialect; a malformed entry is dropped and its siblings load.
 */
export function readCopilotHooks(
  ctx: ReadContext,
  hooks: unknown,
  base: readonly PathSegment[],
): CopilotHooks {
  const result: CopilotHooks = { handlers: [], prompts: [], rejected: false };
  if (hooks === undefined) return result;
  if (!wellFormed(ctx, hooks, base)) return { ...result, rejected: true };
  for (const [eventKey, entries] of Object.entries(hooks) as [string, unknown[]][]) {
    const eventPath = [...base, eventKey];
    const info = eventOf(ctx, eventKey, eventPath);
    if (info === undefined) continue;
    entries.forEach((entry, index) => {
      readCopilotEntry(ctx, info, entry, [...eventPath, index], result);
    });
  }
  return result;
}

/** other-agents-hooks.md §1.1: a non-object map or a non-array event list rejects the whole file. */
function wellFormed(
  ctx: ReadContext,
  hooks: unknown,
  base: readonly PathSegment[],
): hooks is Record<string, unknown[]> {
  if (!isRecord(hooks)) {
    ctx.report(
      'CONFIG_INVALID_STRUCTURE',
      '"hooks" must be an object of event names; the file was rejected',
      base,
      {
        expected: 'object',
        found: describe(hooks),
      },
    );
    return false;
  }
  for (const [eventKey, entries] of Object.entries(hooks)) {
    if (Array.isArray(entries)) continue;
    ctx.report(
      'CONFIG_INVALID_STRUCTURE',
      `"${eventKey}" must be an array of entries; the file was rejected`,
      [...base, eventKey],
      { expected: 'array', found: describe(entries), event: eventKey },
    );
    return false;
  }
  return true;
}

/** The event a key names and the dialect its casing implies; an unknown key is reported. */
function eventOf(ctx: ReadContext, eventKey: string, eventPath: PathSegment[]): EventInfo | undefined {
  const camel = lookup(COPILOT_CAMEL_EVENTS, eventKey);
  const event =
    camel ?? (COPILOT_PASCAL_EVENTS.has(eventKey as EventName) ? (eventKey as EventName) : undefined);
  if (event !== undefined) {
    const dialect: Dialect = camel === undefined ? 'copilot-compat' : 'copilot';
    return { event, eventKey, dialect };
  }
  const suggestion = suggestEvent(eventKey, EVENT_KEYS);
  ctx.report(
    'CONFIG_UNKNOWN_EVENT',
    `Unknown Copilot event "${eventKey}"${suggestion ? `; did you mean "${suggestion}"?` : ''}`,
    eventPath,
    {
      key: true,
      expected: 'a Copilot CLI event key',
      found: eventKey,
      event: eventKey,
      ...(suggestion ? { suggestion } : {}),
    },
  );
  return undefined;
}
