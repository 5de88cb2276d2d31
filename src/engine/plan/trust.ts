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
  if (check === null || !selected.some((entry) => check.project.has(entry.handler))) return false;
  check.refresh();
  return check.untrusted.size > 0;
}

/**
 * The trust gate for project hooks (docs/trust.md): untrusted ones run, are skipped, or ask the
 * embedder's callback, as `options.untrusted` says. Every skipped one is reported.
 */
export async function applyTrust(ctx: EngineContext, selected: PlannedHandler[]): Promise<TrustedPlan> {
  const untrusted = ctx.snapshot.untrusted;
  const affected = untrusted.size === 0 ? [] : selected.filter((entry) => untrusted.has(entry.handler));
  if (affected.length === 0) return { runnable: selected, skipped: [] };
  const policy = ctx.options.untrusted ?? 'run';
  let action: 'run' | 'skip';
  if (policy === 'run' || policy === 'skip') action = policy;
  else {
    const { decideUntrusted } = await import('../../config/trust/index.ts');
    action = await decideUntrusted(policy, {
      projectDir: ctx.projectDir,
      handlers: affected.map((entry) => entry.handler),
      status: ctx.snapshot.trust!,
    });
  }
  if (action === 'run') return { runnable: selected, skipped: [] };
  const why = `untrusted project hook: ${ctx.snapshot.trust?.reason ?? 'not approved'}`;
  return {
    runnable: selected.filter((entry) => !untrusted.has(entry.handler)),
    skipped: affected.map((entry) => ({ source: entry.handler.source, why })),
  };
}
