/** Header values with `$VAR` / `${VAR}` resolved, plus what was withheld (names only, never values). */
export interface InterpolatedHeaders {
  headers: Record<string, string>;
  /** Variables referenced but not allowed; each became the empty string. */
  withheld: string[];
  /** Variables allowed but unset in the environment; each became the empty string. */
  unset: string[];
}

/** Only upper-case identifiers are placeholders (claude-code-hooks.md §4.3); `$lower` stays text. */
const PLACEHOLDER = /\$\{([A-Z_][A-Z0-9_]*)\}|\$([A-Z_][A-Z0-9_]*)/g;
/** Stripped from every resolved value so a variable cannot inject a header line. */
const HEADER_BREAKERS = /[\r\n\0]/g;
/** The runtime computes these; a value given in `headers` is dropped (claude-code-hooks.md §4.3). */
const RUNTIME_HEADERS = new Set(['content-length', 'transfer-encoding']);

/**
 * The variables a hook may read: its own `allowedEnvVars`, narrowed to the policy's
 * `httpHookAllowedEnvVars` when that is set (claude-code-hooks.md §6.2). No list, no variables.
 */
export function effectiveAllowedEnvVars(
  allowedEnvVars: readonly string[] | undefined,
  policyAllowed: readonly string[] | undefined,
): Set<string> {
  const own = new Set(allowedEnvVars ?? []);
  if (policyAllowed === undefined) return own;
  const outer = new Set(policyAllowed);
  return new Set([...own].filter((name) => outer.has(name)));
}

/**
 * Resolves placeholders in header values. A project hook must not be able to read secrets it
 * was not granted, so every variable outside `allowed` becomes the empty string (seed 004, HTTP
 * security model layer 2). URLs are never interpolated; this only touches header values.
 */
export function interpolateHeaders(
  headers: Readonly<Record<string, string>> | undefined,
  allowed: ReadonlySet<string>,
  env: NodeJS.ProcessEnv,
): InterpolatedHeaders {
  const withheld = new Set<string>();
  const unset = new Set<string>();
  const out: Record<string, string> = {};
  for (const [name, raw] of Object.entries(headers ?? {})) {
    if (RUNTIME_HEADERS.has(name.toLowerCase())) continue;
    const value = String(raw).replace(PLACEHOLDER, (_match, braced?: string, bare?: string) => {
      const variable = (braced ?? bare) as string;
      if (!allowed.has(variable)) {
        withheld.add(variable);
        return '';
      }
      const resolved = env[variable];
      if (resolved === undefined) unset.add(variable);
      return (resolved ?? '').replace(HEADER_BREAKERS, '');
    });
    out[name] = value.replace(HEADER_BREAKERS, '');
  }
  return { headers: out, withheld: [...withheld], unset: [...unset] };
}
