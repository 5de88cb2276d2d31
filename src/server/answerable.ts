import type { DispatchResult } from '../index.ts';
import type { DispatchContext, DispatchStatus } from './audit/record.ts';
import type { ServerContext } from './context.ts';

/**
 * Why the answer cannot be the result: a hook cancelled before it finished (its engine closed
 * under it: shutdown past the grace period) decided nothing, and a 200 would pass a guard that
 * was still running as an allow. A failure answer is what the host's `onFailure` is for.
 */
function cancelledText(ctx: ServerContext, result: DispatchResult): string | undefined {
  const count = result.hooks.filter((hook) => hook.outcome === 'cancelled').length;
  if (count === 0) return undefined;
  const why = ctx.closing ? 'the server is shutting down' : "the team's engine was closed";
  return `${count} hook${count === 1 ? ' was' : 's were'} cancelled before finishing (${why}), so their decision is unknown`;
}

/**
 * Why a result that is not a deny or block cannot be answered as one: a hook was cancelled, or
 * the team's hooks folder is missing, so the team's own guards did not run. An allow would hide
 * that; a failure answer is what the host's `onFailure: "block"` is for, and Claude Code itself
 * counts a hook that cannot start (a missing plugin folder) as a failure (claude-code-hooks.md
 * §4.1 `onFailure`). Otherwise a non-blocking error (§3.3) / fail-open (other-agents-hooks.md §1.5).
 */
export function unanswerable(
  ctx: ServerContext,
  audit: DispatchContext,
  result: DispatchResult,
): { status: DispatchStatus; why: string } | undefined {
  const cancelled = cancelledText(ctx, result);
  if (cancelled) return { status: 'cancelled', why: cancelled };
  const missing = audit.diagnostics?.[0];
  return missing ? { status: 'error', why: missing } : undefined;
}

/** A decision no further hook could change: deny (permission) or block wins over every other. */
export function isFinal(result: DispatchResult): boolean {
  return result.decision === 'deny' || result.decision === 'block';
}
