import type { EventName } from '../model/event-name.ts';
import { MATCHER_FIELDS } from './matcher-fields.ts';
import {
  type CompiledMatcher,
  invalidMatcher,
  MATCH_ALL,
  type MatchNote,
  tryRegExp,
} from './matcher-types.ts';
import { legacyAliases, normalizeLegacyToolName } from './tool-names.ts';

export type { CompiledMatcher } from './matcher-types.ts';

/** claude-code-hooks.md §5.1: exact-list characters (≥2.1.195: hyphen, ≥2.1.191: comma, spaces). */
const WIDE_EXACT = /^[A-Za-z0-9_\- ,|]+$/;
/** §5.1, §2.19, §2.24: FileChanged and StopFailure keep `[A-Za-z0-9_|]` with `|` as the only separator. */
const NARROW_EXACT = /^[A-Za-z0-9_|]+$/;
const NARROW_EVENTS: ReadonlySet<EventName> = new Set<EventName>(['FileChanged', 'StopFailure']);
const BARE_MCP_SERVER = /^mcp__[A-Za-z0-9_-]+$/;

export interface ClaudeMatcherOptions {
  /** The event the matcher belongs to; decides the narrow set and legacy tool-name aliases. */
  event?: EventName;
}

/**
 * Compiles a Claude Code `matcher` (claude-code-hooks.md §5.1–§5.2): empty, `*` or omitted match
 * everything; a string of exact-list characters is a list of exact names; anything else is an
 * unanchored, case-sensitive JavaScript regex. An invalid regex never matches.
 */
export function compileClaudeMatcher(
  matcher: string | undefined,
  opts: ClaudeMatcherOptions = {},
): CompiledMatcher {
  if (matcher === undefined || matcher === '' || matcher === '*') return allWithNotes(matcher, opts.event);
  const narrow = opts.event !== undefined && NARROW_EVENTS.has(opts.event);
  const toolNames = opts.event === undefined || isToolNameEvent(opts.event);
  if ((narrow ? NARROW_EXACT : WIDE_EXACT).test(matcher)) return compileExact(matcher, narrow, toolNames);
  const re = tryRegExp(matcher);
  if (typeof re === 'string') return invalidMatcher(matcher, re, 'MATCH_INVALID_REGEX');
  const warnings: MatchNote[] = [];
  if (narrow && /[ ,]/.test(matcher) && /^[A-Za-z0-9_ ,|-]+$/.test(matcher)) {
    warnings.push({
      code: 'MATCH_NARROW_EXACT_SET',
      message: `${opts.event} matchers split on "|" only; ${JSON.stringify(matcher)} is read as a regex`,
    });
  }
  return {
    kind: 'regex',
    // §5.1: regexes are also tested against legacy aliases (old `Task` vs current `Agent`).
    test: (value) =>
      value === undefined || re.test(value) || (toolNames && aliasesOf(value).some((v) => re.test(v))),
    describe: `regex /${matcher}/ (unanchored, case-sensitive)`,
    ...(warnings.length > 0 ? { warnings } : {}),
  };
}

function compileExact(matcher: string, narrow: boolean, toolNames: boolean): CompiledMatcher {
  const tokens = matcher
    .split(narrow ? '|' : /[|,]/)
    .map((t) => t.trim())
    .filter((t) => t !== '');
  const names = new Set(tokens.map((t) => (toolNames ? normalizeLegacyToolName(t) : t)));
  const warnings: MatchNote[] = tokens
    .filter((t) => toolNames && BARE_MCP_SERVER.test(t))
    .map((t) => ({
      code: 'MATCH_BARE_MCP_SERVER',
      message: `${JSON.stringify(t)} is an exact name and matches no MCP tool; use "${t}__.*" for the whole server`,
    }));
  return {
    kind: 'exact',
    test: (value) => value === undefined || names.has(toolNames ? normalizeLegacyToolName(value) : value),
    describe:
      tokens.length === 0 ? 'exact list with no names: never matches' : `exact: ${tokens.join(' | ')}`,
    ...(warnings.length > 0 ? { warnings } : {}),
  };
}

function allWithNotes(matcher: string | undefined, event: EventName | undefined): CompiledMatcher {
  if (event === 'FileChanged' && matcher === '*') {
    return {
      ...MATCH_ALL,
      warnings: [
        {
          code: 'MATCH_FILECHANGED_WILDCARD',
          message:
            'FileChanged registers each matcher segment as a literal file name: "*" watches a file named "*"',
        },
      ],
    };
  }
  return MATCH_ALL;
}

/** Other names of the same tool, legacy or current; empty for almost every tool (cheap on the hot path). */
function aliasesOf(value: string): readonly string[] {
  const current = normalizeLegacyToolName(value);
  const legacy = legacyAliases(current);
  if (current === value) return legacy;
  return [current, ...legacy.filter((name) => name !== value)];
}

function isToolNameEvent(event: EventName): boolean {
  return MATCHER_FIELDS[event]?.fields[0] === 'tool_name';
}

/**
 * FileChanged's second role (claude-code-hooks.md §2.24): each `|` segment is a literal file name
 * in the working directory to watch; an omitted matcher adds nothing.
 */
export function fileChangedWatchNames(matcher: string | undefined): string[] {
  if (matcher === undefined) return [];
  return matcher.split('|').filter((s) => s !== '');
}
