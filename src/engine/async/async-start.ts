import type { EventName } from '../../model/event-name.ts';
import type { NormalizedHandler } from '../../model/handler.ts';
import type { RunnerResult, RunRequest } from '../../runners/types.ts';
import type { EngineContext } from '../context.ts';
import { runOne } from '../run/run-one.ts';
import { parseAsyncMarker } from './async-output.ts';
import type { AsyncHookStart } from './async-types.ts';

/** Identity of one background run, as the dispatcher knows it. */
export interface AsyncRunMeta {
  id: string;
  dispatchId: number;
  event: EventName;
  sessionId: string;
  label: string;
}

/** `async` and `asyncRewake` (which implies async) apply to command hooks only (claude-code-hooks.md §4.7). */
export function isAsyncHandler(handler: NormalizedHandler): boolean {
  return handler.type === 'command' && (handler.async === true || handler.asyncRewake === true);
}

/** Only Claude-dialect command hooks can go async through their first stdout line (§3.2). */
export function watchesFirstLine(handler: NormalizedHandler): boolean {
  return handler.type === 'command' && handler.dialect === 'claude';
}

/**
 * Starts an `async`/`asyncRewake` hook without waiting. Its own abort controller, not the
 * dispatch's signal, governs it: the dispatch is over long before the hook is. The handler's
 * timeout (or the default) stays in force; see docs/async-hooks.md for why.
 */
export function startAsyncHook(ctx: EngineContext, request: RunRequest, meta: AsyncRunMeta): void {
  const abort = new AbortController();
  const completion = runOne(ctx.registry, { ...request, signal: abort.signal });
  const mode = isAsyncHandler(request.handler)
    ? request.handler.asyncRewake === true
      ? 'asyncRewake'
      : 'async'
    : 'fire-and-forget';
  ctx.asyncHooks.track(startRecord(ctx, request.handler, meta, mode, completion, abort));
}

/**
 * Runs a command hook and waits for it, unless its first stdout line is `{"async":true,…}`: then
 * the hook moves to the registry and this returns null at once (claude-code-hooks.md §3.2).
 * Until then the dispatch's signal cancels it; from the marker on, only the registry's own abort
 * controller does, which the runner follows from then (so a hook that never goes async costs no
 * controller and no relay listener: issue 16 item 4). `request` is this run's own (built for it by
 * the run stage): the watcher is set on it, not on a copy, and one promise settles with whichever
 * comes first, the marker or the run's end, instead of a race of two.
 */
export function runWatchingFirstLine(
  ctx: EngineContext,
  request: RunRequest,
  meta: AsyncRunMeta,
): Promise<RunnerResult | null> {
  return new Promise<RunnerResult | null>((resolve) => {
    let completion: Promise<RunnerResult> | undefined;
    let abort: AbortController | undefined;
    let finished = false;
    request.onFirstStdoutLine = (line) => {
      if (abort !== undefined || finished) return undefined;
      const marker = parseAsyncMarker(line);
      if (!marker) return undefined;
      // From now on only close() (through the registry) may kill it, not the dispatch's signal.
      abort = new AbortController();
      if (completion) background(completion, abort);
      return marker.asyncTimeoutMs !== undefined
        ? { signal: abort.signal, timeoutMs: marker.asyncTimeoutMs }
        : { signal: abort.signal };
    };
    const background = (running: Promise<RunnerResult>, controller: AbortController): void => {
      ctx.asyncHooks.track(startRecord(ctx, request.handler, meta, 'first-line', running, controller));
      resolve(null);
    };
    completion = runOne(ctx.registry, request);
    // A runner that reported the marker before it returned its promise.
    if (abort !== undefined) background(completion, abort);
    else
      completion.then((result) => {
        finished = true;
        resolve(result);
      });
  });
}

function startRecord(
  ctx: EngineContext,
  handler: NormalizedHandler,
  meta: AsyncRunMeta,
  mode: AsyncHookStart['mode'],
  completion: Promise<RunnerResult>,
  abort: AbortController,
): AsyncHookStart {
  return { ...meta, handler, mode, profile: ctx.profile, completion, abort };
}
