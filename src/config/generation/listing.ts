import type { Diagnostic } from '../../errors.ts';
import { EVENT_BY_NAME } from '../../events/catalogue.ts';
import { resolveEventName } from '../../events/dialect-names.ts';
import type { NormalizedHandler } from '../../model/handler.ts';
import type { SourceRef } from '../../model/source.ts';
import type { LocationReport } from '../discovery/types.ts';
import { handlerLabel } from '../handler-label.ts';
import { type DuplicateReport, findDuplicates, PROFILE_DEDUPES } from '../policy/dedupe.ts';
import type { EffectivePolicy, SkippedEntry } from '../policy/types.ts';
import type { ConfigGeneration } from './types.ts';

/** One loaded handler as `list` shows it. */
export interface HandlerRow {
  event: string;
  eventKey: string;
  type: NormalizedHandler['type'];
  /** The command, URL, prompt or `server/tool` that runs. */
  target: string;
  source: SourceRef;
  dialect: NormalizedHandler['dialect'];
  matcher?: string;
  if?: string;
  timeoutMs?: number;
  /** `--explain`: why this handler is included and when it runs. */
  why?: string[];
}

export interface Listing {
  profile: ConfigGeneration['profile'];
  projectDir: string;
  policy: EffectivePolicy;
  locations: LocationReport[];
  handlers: HandlerRow[];
  skipped: SkippedEntry[];
  duplicates: DuplicateReport[];
  diagnostics: Diagnostic[];
}

function explain(h: NormalizedHandler, profile: ConfigGeneration['profile']): string[] {
  const why = [`configured in ${h.source.scope} ${h.source.file}${h.source.line ? `:${h.source.line}` : ''}`];
  const field = EVENT_BY_NAME[h.event]?.matcher.field;
  if (profile === 'vscode') why.push('VS Code ignores matchers: runs on every call of this event');
  else if (h.matcher === undefined || h.matcher === '' || h.matcher === '*')
    why.push(`runs on every ${h.event}`);
  else why.push(`runs when ${field ?? 'the matcher target'} matches "${h.matcher}"`);
  if (h.if) why.push(`and only when the rule "${h.if}" matches the tool call`);
  if (h.source.scope === 'policy') why.push('policy hook: disableAllHooks does not turn it off');
  if (h.source.scope === 'managed') why.push('managed hook: only a managed disableAllHooks turns it off');
  if (h.source.pluginRoot) why.push(`CLAUDE_PLUGIN_ROOT=${h.source.pluginRoot}`);
  if (h.source.scope === 'frontmatter') {
    why.push(
      h.source.file.endsWith('SKILL.md')
        ? 'skill hook: registered when the skill is invoked, active for the rest of the session'
        : 'agent hook: active only while that agent runs (Stop fires as SubagentStop for a subagent)',
    );
  }
  return why;
}

function eventFilter(event: string | undefined): (name: string, key: string) => boolean {
  if (!event) return () => true;
  const canonical = resolveEventName(event)?.event;
  const lower = event.toLowerCase();
  return (name, key) => name === canonical || key.toLowerCase() === lower || name.toLowerCase() === lower;
}

/** The event key written in a source pointer (`/hooks/<key>/…`), for filtering skipped entries. */
function pointerEvent(pointer: string): string {
  const parts = pointer.split('/');
  const at = parts.indexOf('hooks');
  return at >= 0 ? (parts[at + 1] ?? '') : '';
}

/** One handler as `list` shows it, read with `profile`'s semantics. */
export function handlerRow(
  h: NormalizedHandler,
  profile: ConfigGeneration['profile'],
  why: boolean,
): HandlerRow {
  const row: HandlerRow = {
    event: h.event,
    eventKey: h.eventKey,
    type: h.type,
    target: handlerLabel(h),
    source: h.source,
    dialect: h.dialect,
  };
  if (h.matcher !== undefined) row.matcher = h.matcher;
  if (h.if !== undefined) row.if = h.if;
  if (h.timeoutMs !== undefined) row.timeoutMs = h.timeoutMs;
  if (why) row.why = explain(h, profile);
  return row;
}

/** Keeps handlers of `event` (any dialect spelling), or all when there is none. */
export function handlersOfEvent<T extends Pick<NormalizedHandler, 'event' | 'eventKey'>>(
  handlers: readonly T[],
  event: string | undefined,
): T[] {
  const keep = eventFilter(event);
  return handlers.filter((h) => keep(h.event, h.eventKey));
}

/** The data behind `agent-hooks list` (and its `--json`). */
export function buildListing(
  gen: ConfigGeneration,
  options: { event?: string; explain?: boolean } = {},
): Listing {
  const keep = eventFilter(options.event);
  const handlers = handlersOfEvent(gen.handlers, options.event);
  const rows = handlers.map((h) => handlerRow(h, gen.profile, options.explain === true));
  const skipped = gen.skipped.filter((s) => {
    const key = pointerEvent(s.source.pointer);
    return keep(resolveEventName(key)?.event ?? key, key);
  });
  return {
    profile: gen.profile,
    projectDir: gen.projectDir,
    policy: gen.policy,
    locations: [...gen.locations],
    handlers: rows,
    skipped,
    duplicates: PROFILE_DEDUPES[gen.profile] ? findDuplicates(handlers) : [],
    diagnostics: [...gen.diagnostics],
  };
}
