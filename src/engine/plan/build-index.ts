import type { HeldHandler } from '../../config/policy/types.ts';
import { type Diagnostic, diagnostic } from '../../errors.ts';
import { getEvent } from '../../events/catalogue.ts';
import { TOOL_CALL_EVENTS } from '../../events/event-sets.ts';
import {
  type CompiledIfRule,
  type CompiledMatcher,
  compileIfRule,
  compileMatcher,
} from '../../match/index.ts';
import { EVENT_NAMES, type EventName } from '../../model/event-name.ts';
import type { NormalizedHandler } from '../../model/handler.ts';
import type { Profile } from '../profiles/profile.ts';

/** A handler with its matcher and `if` rule compiled once per configuration generation. */
export interface PlannedHandler {
  handler: NormalizedHandler;
  /** Position in configured order; results merge in this order. */
  order: number;
  matcher: CompiledMatcher;
  ifRule: CompiledIfRule | null;
  /** Set when the handler can never run (invalid regex, `if` on a non-tool event…). */
  never?: string;
  /**
   * Set when configuration policy keeps the handler from running (disableAllHooks, the HTTP URL
   * allowlist, Claude hooks off under VS Code, managed-only): reported when it would match.
   */
  held?: string;
}

export type EventIndex = ReadonlyMap<EventName, readonly PlannedHandler[]>;

/** Builds the per-event index; diagnostics name handlers that can never run. */
export function buildIndex(
  handlers: readonly NormalizedHandler[],
  profile: Profile,
  held: readonly HeldHandler[] = [],
): { index: EventIndex; diagnostics: Diagnostic[] } {
  const byEvent = new Map<EventName, PlannedHandler[]>();
  const diagnostics: Diagnostic[] = [];
  const interned = new Map<string, CompiledMatcher>();
  for (const name of EVENT_NAMES) byEvent.set(name, []);
  handlers.forEach((handler, order) => {
    const planned = planHandler(handler, order, profile, diagnostics, interned);
    byEvent.get(handler.event)?.push(planned);
  });
  // Held handlers are planned like the others (so a dispatch knows whether they would match) but
  // never run; `list` and `validate` already report their configuration problems.
  const ignored: Diagnostic[] = [];
  held.forEach(({ handler, why }, i) => {
    const planned = planHandler(handler, handlers.length + i, profile, ignored, interned);
    planned.held = why;
    byEvent.get(handler.event)?.push(planned);
  });
  return { index: byEvent, diagnostics };
}

export function planHandler(
  handler: NormalizedHandler,
  order: number,
  profile: Profile,
  diagnostics: Diagnostic[],
  interned?: Map<string, CompiledMatcher>,
): PlannedHandler {
  const where = {
    file: handler.source.file,
    pointer: handler.source.pointer,
    event: handler.event,
    ...(handler.source.line !== undefined ? { line: handler.source.line } : {}),
    ...(handler.source.column !== undefined ? { column: handler.source.column } : {}),
  };
  // Handlers with the same matcher share one compiled object, so a dispatch tests it once.
  const key = `${handler.dialect}\u0000${handler.eventKey}\u0000${handler.matcher ?? ''}`;
  let matcher = interned?.get(key);
  if (!matcher) {
    matcher = compileMatcher(handler.matcher, {
      dialect: handler.dialect,
      event: handler.event,
      profile: profile.name,
      eventKey: handler.eventKey,
    });
    interned?.set(key, matcher);
  }
  const planned: PlannedHandler = { handler, order, matcher, ifRule: null };
  const allowed = getEvent(handler.event).handlerTypes as readonly string[];
  if (profile.checksHandlerTypes && handler.type !== 'function' && !allowed.includes(handler.type)) {
    // claude-code-hooks.md §2.0 "Types": e.g. HTTP hooks are skipped on SessionStart and Setup.
    planned.never = `${handler.type} hooks do not run on ${handler.event} (it accepts ${allowed.join(', ')})`;
    diagnostics.push(
      diagnostic('MATCH_HANDLER_TYPE_NOT_ALLOWED', `${handler.event} hook: ${planned.never}`, where),
    );
  }
  if (matcher.kind === 'invalid') {
    planned.never = `its matcher ${JSON.stringify(handler.matcher)} is not a valid regular expression: ${matcher.error}`;
    diagnostics.push(diagnostic('MATCH_INVALID_REGEX', `${handler.event} hook ${planned.never}`, where));
  }
  if (handler.if !== undefined) {
    if (!TOOL_CALL_EVENTS.has(handler.event)) {
      // claude-code-hooks.md §4.1: on any other event a hook with `if` never runs.
      planned.never = `it has an "if" rule, which is only evaluated on tool events, so it never runs on ${handler.event}`;
      diagnostics.push(
        diagnostic('MATCH_IF_ON_NON_TOOL_EVENT', `${handler.event} hook: ${planned.never}`, where),
      );
    } else {
      const compiled = compileIfRule(handler.if);
      if ('error' in compiled) {
        planned.never = `its "if" rule ${JSON.stringify(handler.if)} is invalid: ${compiled.error}`;
        diagnostics.push(
          diagnostic('MATCH_INVALID_IF_RULE', `${handler.event} hook: ${planned.never}`, where),
        );
      } else {
        planned.ifRule = compiled;
      }
    }
  }
  return planned;
}
