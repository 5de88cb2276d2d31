import { type CompiledMatcher, invalidMatcher, MATCH_ALL, tryRegExp } from './matcher-types.ts';
import { claudeToolName, normalizeLegacyToolName } from './tool-names.ts';

export interface CopilotMatcherOptions {
  /**
   * True for PascalCase `PreToolUse` / `PermissionRequest` keys in a Copilot file, which use
   * Claude-format matchers over Claude tool names (other-agents-hooks.md §1.4).
   */
  claudeFormat: boolean;
}

/** A literal name or a `|`-list of them (Claude-format rule of other-agents-hooks.md §1.4). */
const LITERAL_LIST = /^\s*[A-Za-z0-9_-]+(?:\s*\|\s*[A-Za-z0-9_-]+)*\s*$/;

/**
 * Compiles a Copilot CLI matcher (other-agents-hooks.md §1.4). camelCase events: the pattern is
 * compiled as `^(?:PATTERN)$`, omitted matches everything, an invalid regex skips the entry.
 * Claude format: `*`, `**` or empty match everything; a literal or `|`-list matches when a token
 * equals the runtime name or its Claude name; anything else is an anchored, case-sensitive regex
 * tested against the Claude name (the runtime name when the table has none).
 *
 * The value is the tool name as the host reported it: a Copilot runtime name (`bash`) or, when
 * the caller already speaks Claude names, the Claude name (`Bash`).
 */
export function compileCopilotMatcher(
  matcher: string | undefined,
  opts: CopilotMatcherOptions,
): CompiledMatcher {
  if (!opts.claudeFormat) return compileAnchored(matcher);
  if (matcher === undefined || matcher === '' || matcher === '*' || matcher === '**') return MATCH_ALL;
  if (LITERAL_LIST.test(matcher)) {
    const tokens = matcher.split('|').map((t) => t.trim());
    // "literal `Task` accepted" for the runtime `task` → `Agent` (§1.4).
    const names = new Set(tokens.map(normalizeLegacyToolName));
    return {
      kind: 'exact',
      test: (value) =>
        value === undefined || names.has(value) || names.has(normalizeLegacyToolName(claudeName(value))),
      describe: `exact (runtime or Claude tool name): ${tokens.join(' | ')}`,
    };
  }
  const re = tryRegExp(`^(?:${matcher})$`);
  if (typeof re === 'string') return invalidMatcher(matcher, re, 'MATCH_INVALID_REGEX');
  return {
    kind: 'regex',
    test: (value) => value === undefined || re.test(claudeName(value)),
    describe: `regex /^(?:${matcher})$/ against the Claude tool name (anchored, case-sensitive)`,
  };
}

function compileAnchored(matcher: string | undefined): CompiledMatcher {
  // An empty matcher is treated like an omitted one rather than as `^(?:)$`, which would match nothing.
  if (matcher === undefined || matcher === '') return MATCH_ALL;
  const re = tryRegExp(`^(?:${matcher})$`);
  if (typeof re === 'string') return invalidMatcher(matcher, re, 'MATCH_INVALID_REGEX');
  return {
    kind: 'regex',
    test: (value) => value === undefined || re.test(value),
    describe: `regex /^(?:${matcher})$/ (anchored, case-sensitive)`,
  };
}

function claudeName(value: string): string {
  return claudeToolName(value) ?? value;
}
