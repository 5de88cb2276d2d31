import { COPILOT_MATCHER_EVENTS } from '../events/event-sets.ts';
import type { Dialect } from '../model/dialect.ts';
import type { EventName } from '../model/event-name.ts';
import type { ProfileName } from '../model/profile-name.ts';
import { compileClaudeMatcher } from './claude-matcher.ts';
import { compileCopilotMatcher } from './copilot-matcher.ts';
import { eventHasMatcher } from './matcher-fields.ts';
import { type CompiledMatcher, MATCH_ALL } from './matcher-types.ts';
/** Re-exported so the planner finds the matcher's value next to the compiler. */

export interface MatcherContext {
  dialect: Dialect;
  event: EventName;
  profile: ProfileName;
  /** The event key as written (`preToolUse`, `PreToolUse`); its casing picks Copilot's matcher rules. */
  eventKey?: string;
}

/** PascalCase keys of these events switch Copilot to Claude-format matchers (§1.4). */
const COPILOT_CLAUDE_FORMAT_EVENTS: ReadonlySet<EventName> = new Set<EventName>([
  'PreToolUse',
  'PermissionRequest',
]);

/**
 * The one entry point the planner calls: compiles a handler's matcher with the rules of the host
 * that the dialect and profile stand for. Compile once per configuration generation.
 */
export function compileMatcher(matcher: string | undefined, ctx: MatcherContext): CompiledMatcher {
  // other-agents-hooks.md §0.6 and §2: VS Code parses matchers and discards them.
  if (ctx.profile === 'vscode' || ctx.dialect === 'vscode') {
    if (matcher === undefined) return MATCH_ALL;
    return ignored(matcher, 'MATCH_MATCHER_IGNORED', 'VS Code ignores matchers: runs for every value');
  }
  if (ctx.dialect === 'claude') {
    if (!eventHasMatcher(ctx.event) && !matchesAllAnyway(matcher)) {
      // claude-code-hooks.md §5.1: events without matcher support ignore it silently.
      return ignored(
        matcher ?? '',
        'MATCH_UNSUPPORTED_MATCHER',
        `${ctx.event} has no matcher support: ignored`,
      );
    }
    return compileClaudeMatcher(matcher, { event: ctx.event });
  }
  if (!COPILOT_MATCHER_EVENTS.has(ctx.event)) {
    if (matcher === undefined || matcher === '') return MATCH_ALL;
    return ignored(
      matcher,
      'MATCH_UNSUPPORTED_MATCHER',
      `Copilot CLI has no matcher on ${ctx.event}: ignored`,
    );
  }
  const pascalKey =
    ctx.eventKey !== undefined ? /^[A-Z]/.test(ctx.eventKey) : ctx.dialect === 'copilot-compat';
  const claudeFormat = pascalKey && COPILOT_CLAUDE_FORMAT_EVENTS.has(ctx.event);
  return compileCopilotMatcher(matcher, { claudeFormat });
}

function matchesAllAnyway(matcher: string | undefined): boolean {
  return matcher === undefined || matcher === '' || matcher === '*';
}

function ignored(matcher: string, code: CompiledMatcher['code'], why: string): CompiledMatcher {
  return {
    kind: 'ignored',
    test: () => true,
    describe: `matcher ${JSON.stringify(matcher)} ignored (${why})`,
    ...(code !== undefined ? { code } : {}),
  };
}
