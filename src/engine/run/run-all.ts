// Runs the selected handlers of one dispatch (in parallel or in order, per profile) and
// interprets each result; background hooks leave here for the async registry.

import { handlerLabel } from '../../config/handler-label.ts';
import { getEvent } from '../../events/catalogue.ts';
import { renderPayload } from '../../events/payload.ts';
import { matcherValue } from '../../match/index.ts';
import type { Dialect } from '../../model/dialect.ts';
import type { EventName } from '../../model/event-name.ts';
import type { NormalizedHandler } from '../../model/handler.ts';
import type { RunnerResult, RunRequest } from '../../runners/types.ts';
import type { AggregateItem } from '../aggregate/aggregate.ts';
import {
  isAsyncHandler,
  runWatchingFirstLine,
  startAsyncHook,
  watchesFirstLine,
} from '../async/async-start.ts';
import type { EngineContext } from '../context.ts';
import type { DispatchResult } from '../dispatch/result.ts';
import type { DispatchOptions } from '../options.ts';
import type { PlannedHandler } from '../plan/plan.ts';
import { interpret } from '../read-output/interpret.ts';
import { runOne } from './run-one.ts';

export interface RunItem extends AggregateItem {
  result: RunnerResult;
}

export async function runAll(
  ctx: EngineContext,
  event: EventName,
  input: Record<string, unknown>,
  selected: PlannedHandler[],
  sessionId: string,
  dispatchId: number,
  options: DispatchOptions,
  out: DispatchResult,
): Promise<RunItem[]> {
  if (selected.length === 0) return [];
  const spec = getEvent(event);
  const signal = options.signal ? AbortSignal.any([ctx.closing, options.signal]) : ctx.closing;
  const payloads = new Map<Dialect, { payload: Record<string, unknown>; json: string | undefined }>();
  let now: Date | undefined;
  // One rendering per dialect per dispatch; the JSON text only when a runner reads it
  // (in-process function hooks never do).
  const payloadFor = (dialect: Dialect) => {
    let cached = payloads.get(dialect);
    if (!cached) {
      now ??= new Date();
      const payload = renderPayload(event, input, dialect, {
        sessionId,
        transcriptPath: String(input.transcript_path),
        cwd: String(input.cwd),
        now,
      });
      cached = { payload, json: undefined };
      payloads.set(dialect, cached);
    }
    return cached;
  };

  // Per-hook telemetry only when someone listens for this event (seed 004: by default only
  // SessionStart and Setup emit hook events).
  const hookEvents = ctx.telemetry.active && ctx.telemetry.wants(event);
  const matchQuery = hookEvents ? matcherValue(event, input) : undefined;
  const runEntry = async (entry: PlannedHandler, index: number): Promise<RunItem | null> => {
    const handler = entry.handler;
    // An in-process Claude-dialect callback gets the canonical input as is (common fields are
    // already filled; key order only matters on the wire): a shallow copy, so it cannot change
    // what the other handlers see.
    const inProcess = handler.type === 'function' && handler.dialect === 'claude';
    const rendered = inProcess ? { payload: { ...input }, json: undefined } : payloadFor(handler.dialect);
    const payload = rendered.payload;
    const label = handlerLabel(handler);
    const hookId = `${dispatchId}.${index}`;
    const timeoutMs = handler.timeoutMs ?? defaultTimeoutMs(ctx, handler, spec.defaultTimeoutSec);
    // Function hooks never read the JSON text; everyone else gets it rendered once per dialect.
    if (handler.type !== 'function') rendered.json ??= JSON.stringify(payload);
    const request: RunRequest = {
      handler,
      event,
      payload,
      payloadJson: rendered.json ?? '',
      projectDir: ctx.projectDir,
      sessionId,
      timeoutMs,
      signal,
      env: ctx.options.env ?? process.env,
      messages: options.messages,
      policy: runnerPolicy(ctx),
      onProgress: hookEvents
        ? (message: string) => ctx.telemetry.emit({ type: 'progress', dispatchId, hookId, event, message })
        : undefined,
      // seed 004: `progress` carries the output so far, sampled by the bus (default every 1 s).
      onOutput: hookEvents
        ? (stream: 'stdout' | 'stderr', text: string) => ctx.telemetry.output(hookId, stream, text)
        : undefined,
    };
    if (hookEvents) {
      ctx.telemetry.emit({
        type: 'started',
        ...(matchQuery !== undefined ? { matchQuery } : {}),
        ...(handler.statusMessage !== undefined ? { statusMessage: handler.statusMessage } : {}),
        dispatchId,
        hookId,
        event,
        sessionId,
        handlerType: handler.type,
        label,
        source: handler.source,
      });
    }
    // Background hooks leave the dispatch here; the registry reports them (claude-code-hooks.md §4.7).
    const meta = { id: hookId, dispatchId, event, sessionId, label };
    const backgrounded = (): void => {
      out.backgrounded ??= [];
      out.backgrounded.push({ id: hookId, source: handler.source, label });
    };
    if (isAsyncHandler(handler)) {
      startAsyncHook(ctx, request, meta);
      backgrounded();
      return null;
    }
    const result = watchesFirstLine(handler)
      ? await runWatchingFirstLine(ctx, request, meta)
      : await runOne(ctx.registry, request);
    if (result === null) {
      backgrounded();
      return null;
    }
    const interpretation = interpret(handler, event, result, ctx.profile);
    if (hookEvents) {
      ctx.telemetry.emit({
        type: 'response',
        ...(matchQuery !== undefined ? { matchQuery } : {}),
        dispatchId,
        hookId,
        event,
        sessionId,
        handlerType: handler.type,
        label,
        source: handler.source,
        outcome: interpretation.outcome,
        exitCode: result.exitCode,
        durationMs: result.durationMs,
        stdout: result.stdout,
        stderr: result.stderr,
        decision: interpretation.effect.permission ?? (interpretation.effect.block ? 'block' : null),
        ...(typeof input.tool_name === 'string' ? { toolName: input.tool_name } : {}),
      });
    }
    return { handler, label, interpretation, result };
  };

  if (ctx.profile.execution === 'parallel' || selected.length === 1) {
    const ran =
      selected.length === 1
        ? [await runEntry(selected[0]!, 0)]
        : await Promise.all(selected.map((entry, i) => runEntry(entry, i)));
    return ran.filter((item): item is RunItem => item !== null);
  }
  const items: RunItem[] = [];
  for (const [i, entry] of selected.entries()) {
    const item = await runEntry(entry, i);
    if (item === null) continue;
    items.push(item);
    // VS Code: a stop request breaks out of the remaining hooks (other-agents-hooks.md §2.5).
    if (ctx.profile.stopOnContinueFalse && item.interpretation.effect.continue === false) {
      for (const rest of selected.slice(i + 1)) {
        out.skipped.push({ source: rest.handler.source, why: 'an earlier hook returned continue: false' });
      }
      break;
    }
  }
  return items;
}

const runnerPolicies = new WeakMap<object, RunRequest['policy']>();

/** The policy keys runners enforce, built once per configuration generation. */
function runnerPolicy(ctx: EngineContext): RunRequest['policy'] {
  let policy = runnerPolicies.get(ctx.snapshot);
  if (!policy) {
    const { allowedHttpHookUrls, httpHookAllowedEnvVars } = ctx.snapshot.policy;
    policy = {
      ...(allowedHttpHookUrls ? { allowedHttpHookUrls } : {}),
      ...(httpHookAllowedEnvVars ? { httpHookAllowedEnvVars } : {}),
    };
    runnerPolicies.set(ctx.snapshot, policy);
  }
  return policy;
}

function defaultTimeoutMs(ctx: EngineContext, handler: NormalizedHandler, eventDefaultSec: number): number {
  const byType = ctx.profile.defaultTimeoutSec[handler.type];
  const isProcessLike = handler.type === 'command' || handler.type === 'http' || handler.type === 'mcp_tool';
  const seconds = ctx.profile.eventTimeouts && isProcessLike ? eventDefaultSec : byType;
  return seconds * 1000;
}
