// The `background` dispatch option (docs/async-hooks.md): the hooks that go to the background from
// the start, left out of this dispatch or run alone, for a caller that runs them in another
// process (the bridge's keeper, docs/bridge.md "Background hooks").
import { isAsyncHandler } from '../async/async-start.ts';
import type { EngineContext } from '../context.ts';
import type { SkippedReport } from '../dispatch/result.ts';
import type { DispatchOptions } from '../options.ts';
import type { PlannedHandler } from '../plan/build-index.ts';

/** Why a background hook did not run under `background: 'skip'`. */
export const LEFT_TO_BACKGROUND =
  "a background hook (async, asyncRewake or fire-and-forget): background: 'skip' leaves it to the caller";
/** Why another hook did not run under `background: 'only'`. */
export const NOT_BACKGROUND = "not a background hook: background: 'only' runs the background hooks alone";

export function splitBackground(
  ctx: EngineContext,
  event: PlannedHandler['handler']['event'],
  selected: readonly PlannedHandler[],
  mode: NonNullable<DispatchOptions['background']>,
): { runnable: PlannedHandler[]; skipped: SkippedReport[] } {
  const fireAndForget = ctx.profile.fireAndForget.has(event);
  const runnable: PlannedHandler[] = [];
  const skipped: SkippedReport[] = [];
  for (const entry of selected) {
    const background = fireAndForget || isAsyncHandler(entry.handler);
    if (background === (mode === 'only')) runnable.push(entry);
    else
      skipped.push({ source: entry.handler.source, why: background ? LEFT_TO_BACKGROUND : NOT_BACKGROUND });
  }
  return { runnable, skipped };
}
