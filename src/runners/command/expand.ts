/**
 * String expansion used by the command runner: `${NAME}` placeholders in command strings and
 * `$VAR` / `${VAR}` references in handler `env` values.
 */

const PLACEHOLDER_PATTERN = /\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g;
const VAR_PATTERN = /\$(?:\{([A-Za-z_][A-Za-z0-9_]*)\}|([A-Za-z_][A-Za-z0-9_]*))/g;

/**
 * Replaces `${NAME}` for the names in `substitutions` only; every other `${…}` is left for the
 * shell (claude-code-hooks.md §4.2: placeholders are substituted as plain strings, exec form too).
 */
export function substitutePlaceholders(text: string, substitutions: Record<string, string>): string {
  if (!text.includes('${')) return text;
  return text.replace(PLACEHOLDER_PATTERN, (whole, name: string) =>
    Object.hasOwn(substitutions, name) ? (substitutions[name] as string) : whole,
  );
}

/**
 * Expands `$VAR` and `${VAR}` against `lookup`; unknown names become the empty string, as in a
 * POSIX shell (other-agents-hooks.md §1: Copilot `env` values support variable expansion).
 */
export function expandVariables(text: string, lookup: (name: string) => string | undefined): string {
  if (!text.includes('$')) return text;
  return text.replace(VAR_PATTERN, (_whole, braced: string | undefined, bare: string | undefined) => {
    return lookup((braced ?? bare) as string) ?? '';
  });
}
