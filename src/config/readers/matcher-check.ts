// claude-code-hooks.md §5.1: only letters, digits, `_`, `-`, spaces, `,` and `|` make an exact list;
// anything else is a JavaScript RegExp without flags.
const EXACT_LIST = /^[A-Za-z0-9_\- ,|]*$/;

/** The syntax error of a matcher, or undefined when the host can use it. */
export function claudeMatcherError(matcher: string): string | undefined {
  if (matcher === '*' || EXACT_LIST.test(matcher)) return undefined;
  return regexError(matcher);
}

/**
 * Copilot compiles a matcher as `^(?:PATTERN)$` (other-agents-hooks.md §1.4). Claude-format
 * matchers on PascalCase `PreToolUse`/`PermissionRequest` also accept `*` and `**` for "all".
 */
export function copilotMatcherError(matcher: string, claudeFormat = false): string | undefined {
  if (claudeFormat && (matcher === '*' || matcher === '**' || EXACT_LIST.test(matcher))) return undefined;
  return regexError(`^(?:${matcher})$`);
}

/** Matching a one-byte and a two-byte string forces V8's lazy compilation ("too large" surfaces here). */
function regexError(pattern: string): string | undefined {
  try {
    const re = new RegExp(pattern);
    re.test('');
    re.test('\u0100');
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}
