import { type AuditFilters, SEARCH_DEFAULT_LIMIT } from './queries.ts';

const UNIT_MS: Record<string, number> = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 };

/**
 * A point in time: an ISO date (`2026-11-30`, `2026-11-30T12:00Z`), milliseconds since the epoch,
 * or a duration back from now (`15m`, `2h`, `7d`). Throws with the accepted forms otherwise.
 */
export function parseTime(text: string, now = Date.now()): number {
  const relative = /^(\d+(?:\.\d+)?)\s*([smhdw])$/i.exec(text.trim());
  if (relative) return now - Number(relative[1]) * UNIT_MS[relative[2]!.toLowerCase()]!;
  if (/^\d{10,}$/.test(text.trim())) return Number(text);
  const parsed = Date.parse(text);
  if (Number.isNaN(parsed))
    throw new Error(
      `"${text}" is not a time: use an ISO date (2026-11-30T12:00Z) or a duration back from now (15m, 2h, 7d)`,
    );
  return parsed;
}

/** Filters from query-string-like pairs (the inspector API and the CLI share these names). */
export function filtersFrom(get: (name: string) => string | undefined): AuditFilters {
  const filters: AuditFilters = {};
  const since = get('since');
  const until = get('until');
  if (since) filters.since = parseTime(since);
  if (until) filters.until = parseTime(until);
  for (const key of ['team', 'host', 'session', 'decision', 'tool', 'event', 'status', 'text'] as const) {
    const value = get(key);
    if (value) filters[key] = value;
  }
  const limit = Number(get('limit') ?? SEARCH_DEFAULT_LIMIT);
  if (Number.isFinite(limit) && limit > 0) filters.limit = Math.floor(limit);
  return filters;
}
