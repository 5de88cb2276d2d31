import type { NormalizedHandler } from '../../model/handler.ts';
import type { ProfileName } from '../../model/profile-name.ts';
import type { SourceRef } from '../../model/source.ts';

/**
 * Whether a profile collapses handlers with one identity. Only Claude Code does
 * (claude-code-hooks.md §4.9); Copilot CLI and VS Code run every configured entry.
 */
export const PROFILE_DEDUPES: Readonly<Record<ProfileName, boolean>> = {
  'claude-code': true,
  'copilot-cli': false,
  vscode: false,
};

/**
 * The dedupe key, or undefined for handlers that are never collapsed (function hooks, and
 * anything without an identity). The namespace (plugin or skill root) keeps a plugin's copy
 * apart from a settings file's copy even when the reader's identity omitted it.
 */
export function dedupeKey(h: NormalizedHandler): string | undefined {
  if (h.type === 'function' || h.identity === undefined) return undefined;
  return `${h.event}\u0000${h.source.namespace ?? ''}\u0000${h.identity}`;
}

export interface Duplicate<T extends NormalizedHandler = NormalizedHandler> {
  kept: T;
  dropped: T;
}

/**
 * Collapses handlers of one call that share an identity, keeping the first (the list is in
 * precedence order, so the highest-precedence copy wins). Call it on the handlers that matched
 * one event call: Claude Code deduplicates per call, after matching, so the same command under
 * two different matchers still runs whenever either matches (claude-code-observed.md
 * "Matching and identity").
 */
export function dedupeHandlers<T extends NormalizedHandler>(
  handlers: readonly T[],
): { handlers: T[]; duplicates: Duplicate<T>[] } {
  const seen = new Map<string, T>();
  const kept: T[] = [];
  const duplicates: Duplicate<T>[] = [];
  for (const h of handlers) {
    const key = dedupeKey(h);
    const first = key === undefined ? undefined : seen.get(key);
    if (first) {
      duplicates.push({ kept: first, dropped: h });
      continue;
    }
    if (key !== undefined) seen.set(key, h);
    kept.push(h);
  }
  return { handlers: kept, duplicates };
}

export interface DuplicateReport {
  code: 'CONFIG_DUPLICATE_HANDLER';
  event: string;
  kept: SourceRef;
  dropped: SourceRef;
  /** Same matcher: the copies collapse on every call; otherwise only on calls both match. */
  sameMatcher: boolean;
  why: string;
}

function where(s: SourceRef): string {
  return `${s.file}${s.line ? `:${s.line}` : ''} ${s.pointer}`;
}

/** Load-time view for `list`: which handlers a call would collapse, with both sources. */
export function findDuplicates(handlers: readonly NormalizedHandler[]): DuplicateReport[] {
  return dedupeHandlers(handlers).duplicates.map(({ kept, dropped }) => {
    const sameMatcher = (kept.matcher ?? '') === (dropped.matcher ?? '');
    const when = sameMatcher ? 'on every call' : 'on calls that both matchers match';
    return {
      code: 'CONFIG_DUPLICATE_HANDLER' as const,
      event: dropped.event,
      kept: kept.source,
      dropped: dropped.source,
      sameMatcher,
      why: `same identity as ${where(kept.source)}: runs once ${when} (the first copy is kept)`,
    };
  });
}
