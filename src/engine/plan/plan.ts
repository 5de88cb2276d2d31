import { type Diagnostic, diagnostic } from '../../errors.ts';
import { getEvent } from '../../events/catalogue.ts';
import { TOOL_CALL_EVENTS } from '../../events/event-sets.ts';
import { toCopilotToolName } from '../../events/tool-names.ts';
import {
  type CompiledIfRule,
  type CompiledMatcher,
  compileIfRule,
  compileMatcher,
  matcherValue,
} from '../../match/index.ts';
import { EVENT_NAMES, type EventName } from '../../model/event-name.ts';
import type { NormalizedHandler } from '../../model/handler.ts';
import type { SkippedReport } from '../dispatch/result.ts';
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
}

export type EventIndex = ReadonlyMap<EventName, readonly PlannedHandler[]>;

/** Builds the per-event index; diagnostics name handlers that can never run. */
export function buildIndex(
  handlers: readonly NormalizedHandler[],
  profile: Profile,
): { index: EventIndex; diagnostics: Diagnostic[] } {
  const byEvent = new Map<EventName, PlannedHandler[]>();
  const diagnostics: Diagnostic[] = [];
  const interned = new Map<string, CompiledMatcher>();
  for (const name of EVENT_NAMES) byEvent.set(name, []);
  handlers.forEach((handler, order) => {
    const planned = planHandler(handler, order, profile, diagnostics, interned);
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

export interface SelectContext {
  input: Record<string, unknown>;
  cwd: string;
  projectDir: string;
  homeDir: string;
  /** Also report handlers whose matcher did not match (the CLI does; embedders opt in). */
  explain?: boolean;
}

interface MatcherGroup {
  matcher: CompiledMatcher;
  copilotNames: boolean;
  entries: PlannedHandler[];
}

interface PlanGroups {
  never: PlannedHandler[];
  groups: MatcherGroup[];
  /** Whether two handlers share an identity; if none do, per-call dedupe has nothing to do. */
  duplicates: boolean;
}

const groupCache = new WeakMap<readonly PlannedHandler[], PlanGroups>();

/**
 * Handlers sharing one compiled matcher form a group, so a dispatch tests each distinct matcher
 * once and never walks handlers whose matcher failed (bench plan-1000-hooks).
 */
function groupsOf(planned: readonly PlannedHandler[]): PlanGroups {
  let cached = groupCache.get(planned);
  if (cached) return cached;
  const byMatcher = new Map<CompiledMatcher, MatcherGroup>();
  const never: PlannedHandler[] = [];
  const identities = new Set<string>();
  let duplicates = false;
  for (const entry of planned) {
    const identity = entry.handler.identity;
    if (identity !== undefined) {
      if (identities.has(identity)) duplicates = true;
      identities.add(identity);
    }
    if (entry.never) {
      never.push(entry);
      continue;
    }
    let group = byMatcher.get(entry.matcher);
    if (!group) {
      group = { matcher: entry.matcher, copilotNames: entry.handler.dialect === 'copilot', entries: [] };
      byMatcher.set(entry.matcher, group);
    }
    group.entries.push(entry);
  }
  cached = { never, groups: [...byMatcher.values()], duplicates };
  groupCache.set(planned, cached);
  return cached;
}

/** Chooses the handlers that run for one dispatch, reporting every one left out and why. */
export function selectHandlers(
  planned: readonly PlannedHandler[],
  event: EventName,
  profile: Profile,
  context: SelectContext,
): { selected: PlannedHandler[]; skipped: SkippedReport[] } {
  const selected: PlannedHandler[] = [];
  const skipped: SkippedReport[] = [];
  if (planned.length === 0) return { selected, skipped };
  const { never, groups, duplicates } = groupsOf(planned);
  for (const entry of never) skipped.push({ source: entry.handler.source, why: entry.never! });
  const value = matcherValue(event, context.input);
  let candidates: PlannedHandler[] = [];
  let passingGroups = 0;
  for (const group of groups) {
    // camelCase Copilot hooks match the runtime tool name (`bash`), not Claude's (`Bash`):
    // other-agents-hooks.md §1.4.
    const tested =
      group.copilotNames && value !== undefined && TOOL_CALL_EVENTS.has(event)
        ? toCopilotToolName(value)
        : value;
    if (!profile.honourMatchers || group.matcher.test(tested)) {
      passingGroups += 1;
      candidates = passingGroups === 1 ? group.entries : candidates.concat(group.entries);
      continue;
    }
    if (!context.explain) continue;
    const why = `matcher ${group.matcher.describe} does not match ${value === undefined ? 'an empty value' : JSON.stringify(value)}`;
    for (const entry of group.entries) skipped.push({ source: entry.handler.source, why });
  }
  // Results merge in configured order, whatever group a handler came from.
  if (passingGroups > 1) candidates = [...candidates].sort((a, b) => a.order - b.order);
  const seen = profile.dedupe && duplicates ? new Map<string, PlannedHandler>() : undefined;
  for (const entry of candidates) {
    if (entry.ifRule) {
      const toolName = typeof context.input.tool_name === 'string' ? context.input.tool_name : '';
      const toolInput = (context.input.tool_input ?? {}) as Record<string, unknown>;
      if (!entry.ifRule.test(toolName, toolInput, context)) {
        skipped.push({
          source: entry.handler.source,
          why: `"if" rule ${entry.handler.if} does not match this call`,
        });
        continue;
      }
    }
    const identity = seen ? entry.handler.identity : undefined;
    if (identity !== undefined && seen) {
      const first = seen.get(identity);
      if (first) {
        const at = `${first.handler.source.file}${first.handler.source.line ? `:${first.handler.source.line}` : ''}`;
        skipped.push({
          source: entry.handler.source,
          why: `duplicate of the handler at ${at}; runs once per call`,
        });
        continue;
      }
      seen.set(identity, entry);
    }
    selected.push(entry);
  }
  return { selected, skipped };
}
