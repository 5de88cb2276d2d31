/** The verdict of the `allowedHttpHookUrls` policy on one URL. */
export type UrlAllowlistVerdict =
  | { allowed: true; pattern?: string }
  | { allowed: false; patterns: readonly string[]; message: string };

/** A `.` or `..` path segment, also percent-encoded or after a backslash (WHATWG reads `\` as `/`). */
const DOT_SEGMENT = /[/\\](?:\.|%2e){1,2}(?:[/\\?#]|$)/i;
const SCHEME_AND_AUTHORITY = /^([a-z][a-z0-9+.-]*:\/\/)([^/?#]*)(.*)$/is;

/**
 * Lower-cases scheme and authority (hosts compare case-insensitively) and drops a trailing dot
 * from the host (`example.com.` is the same FQDN), leaving path and query as written.
 */
function canonicalAuthority(text: string): string {
  const m = SCHEME_AND_AUTHORITY.exec(text);
  if (!m) return text;
  const [, scheme = '', authority = '', rest = ''] = m;
  const host = authority.toLowerCase().replace(/\.(?=(:\d*)?$)/, '');
  return `${scheme.toLowerCase()}${host}${rest}`;
}

/** `*` is the only wildcard (any run of characters, `/` included); the match is full-string. */
function compilePattern(pattern: string): RegExp {
  const body = canonicalAuthority(pattern)
    .split('*')
    .map((piece) => piece.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${body}$`, 's');
}

/**
 * Checks a hook URL against the merged `allowedHttpHookUrls` (claude-code-hooks.md §4.3, §6.2):
 * `undefined` allows every URL, `[]` blocks every HTTP hook, otherwise one pattern must match.
 * The URL is tried as the WHATWG parser normalises it (what is requested) and, unless it has dot
 * segments, as written, so a pattern written for either spelling matches.
 */
export function checkUrlAllowlist(url: string, patterns: readonly string[] | undefined): UrlAllowlistVerdict {
  if (patterns === undefined) return { allowed: true };
  if (patterns.length === 0) {
    return {
      allowed: false,
      patterns,
      message: 'allowedHttpHookUrls is an empty list, which blocks every HTTP hook',
    };
  }
  const candidates = new Set<string>();
  // The written form counts only without dot segments: `https://ok.example/api/../admin` is
  // requested as `/admin`, so `https://ok.example/api/*` must not allow it.
  if (!DOT_SEGMENT.test(url)) candidates.add(canonicalAuthority(url));
  try {
    candidates.add(canonicalAuthority(new URL(url).href));
  } catch {
    // An unparsable URL is rejected later; the written form is still matched here.
    candidates.add(canonicalAuthority(url));
  }
  for (const pattern of patterns) {
    const regex = compilePattern(pattern);
    for (const candidate of candidates) if (regex.test(candidate)) return { allowed: true, pattern };
  }
  return {
    allowed: false,
    patterns,
    message: `${url} matches none of allowedHttpHookUrls: ${patterns.map((p) => JSON.stringify(p)).join(', ')}`,
  };
}
