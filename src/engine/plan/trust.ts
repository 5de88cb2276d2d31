import { decideUntrusted } from '../../config/trust/untrusted-policy.ts';
import type { NormalizedHandler } from '../../model/handler.ts';
import type { EngineContext } from '../context.ts';
import type { SkippedReport } from '../dispatch/result.ts';
import type { PlannedHandler } from './build-index.ts';

/** The handlers that may run after the trust gate, and the untrusted ones it held back. */
export interface TrustedPlan {
  runnable: PlannedHandler[];
  skipped: SkippedReport[];
}

/**
 * Whether the trust gate must run: only when a selected hook is project-scoped, and then the
 * scripts are re-checked first (stat, then hash when a stamp moved), so that a script edited
 * since the generation loaded runs as untrusted without `reload()` (issue 13 item 8).
 */
export function trustGateNeeded(ctx: EngineContext, selected: readonly PlannedHandler[]): boolean {
  const check = ctx.snapshot.trustCheck;
  if (check === null || !selected.some((entry) => check.project.has(origin(ctx, entry)))) return false;
  check.refresh();
  return check.untrusted.size > 0;
}

/**
 * The trust gate for project hooks (docs/trust.md): untrusted ones run, are skipped, or ask the
 * embedder's callback, as `options.untrusted` says. Every skipped one is reported.
 */
export async function applyTrust(ctx: EngineContext, selected: PlannedHandler[]): Promise<TrustedPlan> {
  const untrusted = ctx.snapshot.untrusted;
  const isUntrusted = (entry: PlannedHandler): boolean => untrusted.has(origin(ctx, entry));
  const affected = untrusted.size === 0 ? [] : selected.filter(isUntrusted);
  if (affected.length === 0) return { runnable: selected, skipped: [] };
  const policy = ctx.options.untrusted ?? 'run';
  let action: 'run' | 'skip';
  if (policy === 'run' || policy === 'skip') action = policy;
  else {
    // A static import: trust-check.ts loads the trust modules on every start anyway.
    action = await decideUntrusted(policy, {
      projectDir: ctx.projectDir,
      handlers: affected.map((entry) => origin(ctx, entry)),
      status: ctx.snapshot.trust!,
    });
  }
  if (action === 'run') return { runnable: selected, skipped: [] };
  const why = `untrusted project hook: ${ctx.snapshot.trust?.reason ?? 'not approved'}`;
  return {
    runnable: selected.filter((entry) => !isUntrusted(entry)),
    skipped: affected.map((entry) => ({ source: entry.handler.source, why })),
  };
}

/**
 * A project skill's or agent's frontmatter hooks run as session hooks once registered (copies of
 * the configured handlers); they are still the repository's code, so trust asks about the
 * configured handler they came from (issue 13 item 7).
 */
function origin(ctx: EngineContext, entry: PlannedHandler): NormalizedHandler {
  return ctx.sessionHooks.originOf(entry.handler);
}
