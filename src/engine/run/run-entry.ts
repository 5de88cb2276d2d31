import { handlerLabel } from '../../config/handler-label.ts';
import { matcherValue } from '../../match/index.ts';
import type { NormalizedHandler } from '../../model/handler.ts';
import type { RunnerResult, RunRequest } from '../../runners/types.ts';
import {
  isAsyncHandler,
  runWatchingFirstLine,
  startAsyncHook,
  watchesFirstLine,
} from '../async/async-start.ts';
import type { EngineContext } from '../context.ts';
import type { BackgroundedRun, HookRunReport } from '../dispatch/result.ts';
import { interpret } from '../read-output/interpret.ts';
import type { Interpretation } from '../read-output/interpretation.ts';
import { loadOutputReader, mayHoldJson } from '../read-output/output-reader-load.ts';
import { responseEvent } from '../telemetry/response.ts';
import type { DispatchScope } from './dispatch-scope.ts';
import { hookRunReport } from './hook-report.ts';
import { runOne } from './run-one.ts';

/** One handler's finished run: the runner's result, how the host reads it, and its report. */
export interface RunItem {
  handler: NormalizedHandler;
  label: string;
  result: RunnerResult;
  interpretation: Interpretation;
  report: HookRunReport;
}

/**
 * Runs one handler and reads its result; a hook that goes on in the background is handed to the
 * async registry and comes back as a BackgroundedRun (claude-code-hooks.md §4.7).
 */
export async function runEntry(
  ctx: EngineContext,
  scope: DispatchScope,
  request: RunRequest,
  index: number,
): Promise<RunItem | BackgroundedRun> {
  const { handler } = request;
  const { event, input } = scope;
  const label = handlerLabel(handler);
  const hookId = `${scope.dispatchId}.${index}`;
  // Per-hook telemetry only when someone listens for this event (seed 004: by default only
  // SessionStart and Setup emit hook events).
  const hookEvents = ctx.telemetry.active && ctx.telemetry.wants(event);
  const matchQuery = hookEvents ? matcherValue(event, input) : undefined;
  if (hookEvents) {
    request.onProgress = (message) =>
      ctx.telemetry.emit({ type: 'progress', dispatchId: scope.dispatchId, hookId, event, message });
    // seed 004: `progress` carries the output so far, sampled by the bus (default every 1 s).
    request.onOutput = (stream, text) => ctx.telemetry.output(hookId, stream, text);
    ctx.telemetry.emit({
      type: 'started',
      ...(matchQuery !== undefined ? { matchQuery } : {}),
      ...(handler.statusMessage !== undefined ? { statusMessage: handler.statusMessage } : {}),
      dispatchId: scope.dispatchId,
      hookId,
      event,
      sessionId: scope.sessionId,
      handlerType: handler.type,
      label,
      source: handler.source,
    });
  }
  // Copilot CLI runs notification hooks fire-and-forget (seed 003 "notification"): like an async
  // hook, the dispatch does not wait, and the result comes through collectAsyncResults().
  const background = isAsyncHandler(handler) || ctx.profile.fireAndForget.has(event);
  const meta =
    watchesFirstLine(handler) || background
      ? { id: hookId, dispatchId: scope.dispatchId, event, sessionId: scope.sessionId, label }
      : undefined;
  if (meta && background) {
    startAsyncHook(ctx, request, meta);
    return { id: hookId, source: handler.source, label };
  }
  const result = meta ? await runWatchingFirstLine(ctx, request, meta) : await runOne(ctx.registry, request);
  if (result === null) return { id: hookId, source: handler.source, label };
  const loading = mayHoldJson(result) ? loadOutputReader() : undefined;
  if (loading) await loading;
  const interpretation = interpret(handler, event, result, ctx.profile);
  const report = hookRunReport(handler, label, result, interpretation, ctx.snapshot.untrusted.has(handler));
  if (hookEvents) {
    const { effect } = interpretation;
    const decision = effect.permission ?? (effect.block ? 'block' : null);
    const toolName = typeof input.tool_name === 'string' ? input.tool_name : undefined;
    const ids = { dispatchId: scope.dispatchId, hookId, event, sessionId: scope.sessionId };
    ctx.telemetry.emit(responseEvent(report, ids, { decision, matchQuery, toolName }));
  }
  return { handler, label, result, interpretation, report };
}
