import type { ErrorCode } from '../errors.ts';

/**
 * - `all`: matches every value (omitted, empty, `*`).
 * - `exact`: a list of exact names.
 * - `regex`: a regular expression (anchored or not, per dialect).
 * - `invalid`: could not be compiled; never matches and carries `error`.
 * - `ignored`: the host ignores matchers here (VS Code, or an event without matcher support);
 *   matches everything and `describe` says why.
 */
export type MatcherKind = 'all' | 'exact' | 'regex' | 'invalid' | 'ignored';

/** A finding about a matcher or `if` rule that is worth telling the user (code from the catalogue). */
export interface MatchNote {
  readonly code: ErrorCode;
  readonly message: string;
}

export interface CompiledMatcher {
  readonly kind: MatcherKind;
  /**
   * Whether a value passes. An undefined value (the event has no match query) passes every kind
   * except `invalid` (claude-code-hooks.md §5.1: without a match query all groups run). The
   * planner never asks about an input that lacks the field of an event with a matcher: there only
   * `all` and `ignored` pass (plan/select.ts).
   */
  test(value: string | undefined): boolean;
  /** One line for `list --explain`. */
  readonly describe: string;
  /** Set when kind is `invalid`. */
  readonly error?: string;
  /** Catalogue code for `error`, or for why the matcher is ignored. */
  readonly code?: ErrorCode;
  /** Non-fatal findings (a bare MCP server name, a wildcard in a FileChanged watch list, …). */
  readonly warnings?: readonly MatchNote[];
}

export const MATCH_ALL: CompiledMatcher = {
  kind: 'all',
  test: () => true,
  describe: 'matches everything',
};

export function invalidMatcher(pattern: string, error: string, code: ErrorCode): CompiledMatcher {
  return {
    kind: 'invalid',
    test: () => false,
    describe: `invalid matcher ${JSON.stringify(pattern)}: never matches (${error})`,
    error,
    code,
  };
}

/**
 * Compiles a regex source or returns the engine's error text. V8 compiles a pattern lazily, once
 * per subject encoding, at its first match: "Regular expression too large" would only surface at
 * dispatch and lose every hook of the event. Matching a one-byte and a two-byte string here
 * forces both compilations at load time, where a failure is this one matcher's diagnostic.
 */
export function tryRegExp(source: string, flags = ''): RegExp | string {
  try {
    const re = new RegExp(source, flags);
    re.test('');
    re.test('\u0100');
    re.lastIndex = 0;
    return re;
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  }
}
