// The run stage: the selected handlers of one dispatch, run in parallel or in order (per profile),
// each read by the read-output stage as it finishes. Background hooks leave for the async registry.
import type { EngineContext } from '../context.ts';
import type { BackgroundedRun, SkippedReport } from '../dispatch/result.ts';
import type { PlannedHandler } from '../plan/build-index.ts';
import type { DispatchScope } from './dispatch-scope.ts';
import { type RunItem, runEntry } from './run-entry.ts';
import { requestBuilder } from './run-request.ts';

export type { RunItem } from './run-entry.ts';

/** What the run stage hands on: the finished runs in configured order, and what did not finish here. */
export interface RunAllOutput {
  items: RunItem[];
  /** Handlers left out after an earlier hook stopped the sequence (VS Code `continue: false`). */
  skipped: readonly SkippedReport[];
  /** Hooks that went on in the background (claude-code-hooks.md §4.7). */
  backgrounded: readonly BackgroundedRun[];
}

// Skips and background runs are rare: their arrays exist only once something is in them.
const NONE: readonly never[] = Object.freeze([]);
const NOTHING_RAN: RunAllOutput = Object.freeze({ items: [], skipped: NONE, backgrounded: NONE });

export async function runAll(
  ctx: EngineContext,
  scope: DispatchScope,
  selected: readonly PlannedHandler[],
): Promise<RunAllOutput> {
  if (selected.length === 0) return NOTHING_RAN;
  const processes = selected.reduce((n, entry) => (entry.handler.type === 'command' ? n + 1 : n), 0);
  const request = requestBuilder(ctx, scope, processes);
  const run = (entry: PlannedHandler, index: number) => runEntry(ctx, scope, request(entry.handler), index);
  const items: RunItem[] = [];
  let backgrounded: BackgroundedRun[] | undefined;
  const collect = (item: RunItem | BackgroundedRun): void => {
    if ('interpretation' in item) items.push(item);
    else if (backgrounded) backgrounded.push(item);
    else backgrounded = [item];
  };
  if (ctx.profile.execution === 'parallel' || selected.length === 1) {
    const ran = selected.length === 1 ? [await run(selected[0]!, 0)] : await Promise.all(selected.map(run));
    for (const item of ran) collect(item);
    return { items, skipped: NONE, backgrounded: backgrounded ?? NONE };
  }
  for (const [i, entry] of selected.entries()) {
    const item = await run(entry, i);
    collect(item);
    const why = 'interpretation' in item ? stopsSequence(ctx, item) : undefined;
    if (why !== undefined) {
      const skipped = selected.slice(i + 1).map((rest) => ({ source: rest.handler.source, why }));
      return { items, skipped, backgrounded: backgrounded ?? NONE };
    }
  }
  return { items, skipped: NONE, backgrounded: backgrounded ?? NONE };
}

/** Why the rest of the sequence does not run after `item`, or undefined when it goes on. */
function stopsSequence(ctx: EngineContext, item: RunItem): string | undefined {
  const { effect } = item.interpretation;
  // VS Code: a stop request breaks out of the remaining hooks (other-agents-hooks.md §2.5).
  if (ctx.profile.stopOnContinueFalse && effect.continue === false) {
    return 'an earlier hook returned continue: false';
  }
  // Copilot CLI: a later preToolUse hook did not run after a deny (copilot-cli-observed.md). Not
  // permissionRequest: seed 003 says all its hooks run and later output wins the merge.
  if (ctx.profile.stopOnDeny && effect.permission === 'deny') {
    return `an earlier hook denied (${item.label}); Copilot CLI runs no further hooks of the event`;
  }
  return undefined;
}
