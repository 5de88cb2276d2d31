import { TOOL_CALL_EVENTS } from '../../events/event-sets.ts';
import { toCopilotToolName } from '../../events/tool-names.ts';
import { type CompiledMatcher, eventHasMatcher, matcherValue } from '../../match/index.ts';
import type { EventName } from '../../model/event-name.ts';
import type { SkippedReport } from '../dispatch/result.ts';
import type { Profile } from '../profiles/profile.ts';
import type { PlannedHandler } from './build-index.ts';

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
  const settled = settledKind(event, profile, context.input);
  if (settled !== undefined) {
    const why = `the host settles permission kind "${settled}" before permissionRequest hooks run (seed 003)`;
    for (const entry of planned) skipped.push({ source: entry.handler.source, why });
    return { selected, skipped };
  }
  const { never, groups, duplicates } = groupsOf(planned);
  for (const entry of never) skipped.push({ source: entry.handler.source, why: entry.never! });
  const value = matcherValue(event, context.input);
  // A matcher never matches a field the input lacks: a `Bash` guard must not run on (and allow) a
  // call whose tool is unknown. Only matchers that match everything still pass.
  const missing = value === undefined && eventHasMatcher(event);
  let candidates: PlannedHandler[] = [];
  let passingGroups = 0;
  for (const group of groups) {
    // camelCase Copilot hooks match the runtime tool name (`bash`), not Claude's (`Bash`):
    // other-agents-hooks.md §1.4.
    const tested =
      group.copilotNames && value !== undefined && TOOL_CALL_EVENTS.has(event)
        ? toCopilotToolName(value)
        : value;
    const passes = missing ? matchesMissingField(group.matcher) : group.matcher.test(tested);
    if (!profile.honourMatchers || passes) {
      passingGroups += 1;
      candidates = passingGroups === 1 ? group.entries : candidates.concat(group.entries);
      continue;
    }
    if (!context.explain) continue;
    const why = `matcher ${group.matcher.describe} does not match ${missing ? 'an input without the matched field' : JSON.stringify(value)}`;
    for (const entry of group.entries) skipped.push({ source: entry.handler.source, why });
  }
  // Results merge in configured order, whatever group a handler came from.
  if (passingGroups > 1) candidates = [...candidates].sort((a, b) => a.order - b.order);
  const seen = profile.dedupe && duplicates ? new Map<string, PlannedHandler>() : undefined;
  for (const entry of candidates) {
    const why = leftOut(entry, context, seen);
    if (why === undefined) selected.push(entry);
    else skipped.push({ source: entry.handler.source, why });
  }
  return { selected, skipped };
}

/** The permission kind of a PermissionRequest the host decides without hooks, if it is one. */
function settledKind(event: EventName, profile: Profile, input: Record<string, unknown>): string | undefined {
  if (event !== 'PermissionRequest' || profile.permissionKindsBeforeHooks.size === 0) return undefined;
  const kind = input.kind ?? input.permissionKind;
  return typeof kind === 'string' && profile.permissionKindsBeforeHooks.has(kind) ? kind : undefined;
}

function matchesMissingField(matcher: CompiledMatcher): boolean {
  return matcher.kind === 'all' || matcher.kind === 'ignored';
}

/** Why a candidate whose matcher passed does not run: its `if` rule, or a duplicate that already runs. */
function leftOut(
  entry: PlannedHandler,
  context: SelectContext,
  seen: Map<string, PlannedHandler> | undefined,
): string | undefined {
  if (entry.ifRule) {
    const toolName = typeof context.input.tool_name === 'string' ? context.input.tool_name : '';
    const toolInput = (context.input.tool_input ?? {}) as Record<string, unknown>;
    if (!entry.ifRule.test(toolName, toolInput, context)) {
      return `"if" rule ${entry.handler.if} does not match this call`;
    }
  }
  if (entry.held !== undefined) return entry.held;
  const identity = seen ? entry.handler.identity : undefined;
  if (identity === undefined || !seen) return undefined;
  const first = seen.get(identity);
  if (!first) {
    seen.set(identity, entry);
    return undefined;
  }
  const at = `${first.handler.source.file}${first.handler.source.line ? `:${first.handler.source.line}` : ''}`;
  return `duplicate of the handler at ${at}; runs once per call`;
}
