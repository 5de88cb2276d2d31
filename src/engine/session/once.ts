// `once` hooks (claude-code-hooks.md §4.1: honoured for session hooks, such as skill frontmatter
// and in-process hooks): at most one successful run per session. A run claims the hook in the
// session state store before it starts, so two processes sharing the store never both run it;
// a run that did not succeed gives the claim back.
import type { EngineContext } from '../context.ts';
import type { SkippedReport } from '../dispatch/result.ts';
import type { PlannedHandler } from '../plan/build-index.ts';
import type { RunItem } from '../run/run-entry.ts';
import { onceStateKey } from './session-state.ts';

export function isOnceHook(entry: PlannedHandler): boolean {
  return entry.handler.once === true && entry.handler.source.scope === 'session';
}

/** Claims each selected `once` hook; the ones already claimed in this session are skipped. */
export async function claimOnceHooks(
  ctx: EngineContext,
  sessionId: string,
  selected: PlannedHandler[],
): Promise<{ runnable: PlannedHandler[]; skipped: SkippedReport[]; claimed: PlannedHandler[] }> {
  const runnable: PlannedHandler[] = [];
  const skipped: SkippedReport[] = [];
  const claimed: PlannedHandler[] = [];
  for (const entry of selected) {
    if (!isOnceHook(entry)) {
      runnable.push(entry);
      continue;
    }
    const claims = await ctx.sessionState.increment(onceStateKey(sessionId, entry.handler.source));
    if (claims === 1) {
      runnable.push(entry);
      claimed.push(entry);
    } else skipped.push({ source: entry.handler.source, why: 'once: already ran in this session' });
  }
  return { runnable, skipped, claimed };
}

/** Gives back the claims of `once` hooks whose run did not succeed, so a later dispatch retries them. */
export async function settleOnceHooks(
  ctx: EngineContext,
  sessionId: string,
  claimed: PlannedHandler[],
  items: RunItem[],
): Promise<void> {
  for (const entry of claimed) {
    // Not among the items: it went on in the background, so it ran; the claim stays.
    const item = items.find((run) => run.handler === entry.handler);
    if (item && item.interpretation.outcome !== 'success')
      await ctx.sessionState.reset(onceStateKey(sessionId, entry.handler.source));
  }
}
