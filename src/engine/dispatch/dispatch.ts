// One dispatch, stage by stage: prepare the input → plan (select, trust) → run (each run read by
// its host's reader) → aggregate → assemble the result. Each stage takes values and returns values.
import { setMaxListeners } from 'node:events';
import { diagnostic } from '../../errors.ts';
import { getEvent } from '../../events/catalogue.ts';
import { matcherValue } from '../../match/index.ts';
import type { EventName } from '../../model/event-name.ts';
import { valueTooDeep } from '../../model/json-depth.ts';
import { aggregate } from '../aggregate/aggregate.ts';
import { createContextCapper } from '../aggregate/context-cap.ts';
import type { EngineContext } from '../context.ts';
import type { DispatchOptions } from '../options.ts';
import type { PlannedHandler } from '../plan/build-index.ts';
import { selectHandlers } from '../plan/select.ts';
import { applyTrust, trustGateNeeded } from '../plan/trust.ts';
import { checkUpdatedInput } from '../rewrite-check/check-updated-input.ts';
import { splitBackground } from '../run/background-split.ts';
import type { DispatchScope } from '../run/dispatch-scope.ts';
import { runAll } from '../run/run-all.ts';
import { claimOnceHooks, isOnceHook, settleOnceHooks } from '../session/once.ts';
import {
  retireSessionHooks,
  sayRegistrationNotes,
  scopeToSubagent,
  sessionStartPrompts,
  withSessionHooks,
} from '../session/session-lifecycle.ts';
import {
  isStopEvent,
  readStopCap,
  recordStopOutcome,
  resetStopLoop,
  type StopCap,
  stopCapDiagnostic,
} from '../session/stop-loop.ts';
import { assembleResult, emptyResult } from './assemble.ts';
import { clipInput, inputTooDeep } from './input-depth.ts';
import { prepareInput, resolveEvent, sessionIdOf } from './prepare-input.ts';
import type { DispatchResult, SkippedReport } from './result.ts';

let dispatchCounter = 0;

const NO_HANDLERS: readonly PlannedHandler[] = Object.freeze([]);

export async function dispatchEvent(
  ctx: EngineContext,
  eventName: string,
  rawInput: Record<string, unknown>,
  options: DispatchOptions,
): Promise<DispatchResult> {
  const event = resolveEvent(eventName);
  const sessionId = sessionIdOf(ctx, rawInput, options);
  const configured = options.sessionHooksOnly ? NO_HANDLERS : (ctx.snapshot.index.get(event) ?? NO_HANDLERS);
  const sessionHooks = ctx.sessionHooks.hooksFor(sessionId, event);
  const prompts = event === 'SessionStart' ? sessionStartPrompts(ctx, rawInput) : [];
  // A new prompt ends the Stop loop, whether or not any hook listens to the prompt itself (once:
  // not again from the process that runs its background hooks later).
  if (event === 'UserPromptSubmit' && options.background !== 'only') await resetStopLoop(ctx, sessionId);
  // Fast path (DESIGN.md "Fast when idle"): nothing configured, nothing to do.
  if (configured.length === 0 && sessionHooks.length === 0 && prompts.length === 0 && !isStopEvent(event)) {
    return endSpills(ctx, event, sessionId, withKeptFiles(ctx, emptyResult(event, ctx.profile.name)));
  }
  const tooDeep = valueTooDeep(rawInput);
  const input = prepareInput(ctx, event, tooDeep ? clipInput(rawInput) : rawInput, sessionId);
  // Session state is read only where it matters, so other events add no await (DESIGN.md "Fast when
  // idle"); background hooks alone never decide a Stop, so they leave the loop's count alone.
  const counted = isStopEvent(event) && options.background !== 'only';
  const stopCap = counted ? await readStopCap(ctx, event, input, sessionId) : undefined;
  const planned = sessionHooks.length > 0 ? withSessionHooks(ctx, sessionId, event, configured) : configured;
  const selected = selectHandlers(planned, event, ctx.profile, {
    input,
    cwd: typeof input.cwd === 'string' ? input.cwd : ctx.projectDir,
    projectDir: ctx.projectDir,
    homeDir: ctx.homeDir,
    explain: options.explain ?? ctx.options.explain ?? false,
  });
  const plan = sessionHooks.length > 0 ? scopeToSubagent(ctx, input, selected) : selected;
  // No untrusted hooks (the common case): no await, no extra microtask on the hot path.
  const trusted = trustGateNeeded(ctx, plan.selected) ? await applyTrust(ctx, plan.selected) : undefined;
  const trustedHooks = trusted ? trusted.runnable : plan.selected;
  // Before `once` claims: a hook left to another process must not be claimed here.
  const split = options.background
    ? splitBackground(ctx, event, trustedHooks, options.background)
    : undefined;
  const allowed = split ? split.runnable : trustedHooks;
  const once = allowed.some(isOnceHook) ? await claimOnceHooks(ctx, sessionId, allowed) : undefined;
  const runnable = once ? once.runnable : allowed;
  const scope: DispatchScope = {
    event,
    spec: getEvent(event),
    input,
    sessionId,
    dispatchId: ++dispatchCounter,
    signal: options.signal ? unboundedSignal(AbortSignal.any([ctx.closing, options.signal])) : ctx.closing,
    messages: options.messages,
  };
  if (ctx.telemetry.active) {
    ctx.telemetry.emit({
      type: 'dispatch-start',
      ...startOf(scope),
      handlers: runnable.length,
      input,
    });
  }
  const ran = await runAll(ctx, scope, runnable);
  const skipped =
    trusted?.skipped.length || split?.skipped.length || once?.skipped.length || ran.skipped.length
      ? withSkips(plan.skipped, [trusted?.skipped, split?.skipped, once?.skipped, ran.skipped])
      : plan.skipped;
  const result = conclude(ctx, scope, ran, skipped, prompts, stopCap);
  if (sessionHooks.length > 0) sayRegistrationNotes(ctx, event, ran.items, result);
  const checking = checkUpdatedInput(ctx, input, result);
  if (checking) await checking;
  if (tooDeep) result.diagnostics.push(inputTooDeep(event));
  if (stopCap) await recordStopOutcome(ctx, stopCap, result.decision === 'block');
  if (once) await settleOnceHooks(ctx, sessionId, once.claimed, ran.items);
  withKeptFiles(ctx, result);
  endSpills(ctx, event, sessionId, result);
  if (ctx.telemetry.active) ctx.telemetry.emit({ type: 'dispatch-end', ...startOf(scope), result });
  return result;
}

/** The planner's skips plus the later stages' (the caller skips this, and its arrays, when there are none). */
function withSkips(
  planned: DispatchResult['skipped'],
  later: readonly (readonly SkippedReport[] | undefined)[],
): DispatchResult['skipped'] {
  return [...planned, ...later.flatMap((list) => list ?? [])];
}

/**
 * SessionEnd deletes the session's spilled output, after its own hooks ran (what they spill is
 * never shown to a model). Each CLI run is a process of its own, so the session's end, not the
 * process's, is when the host's model can no longer read a spill (issue 13 item 10).
 */
function endSpills(
  ctx: EngineContext,
  event: EventName,
  sessionId: string,
  result: DispatchResult,
): DispatchResult {
  if (event !== 'SessionEnd') return result;
  const failed = ctx.spills.endSession(sessionId);
  if (failed) {
    const message = `SessionEnd: the session's spilled output was not deleted: ${failed}`;
    result.diagnostics.push(diagnostic('ENGINE_SPILL_NOT_DELETED', message, { event, severity: 'warning' }));
  }
  return result;
}

/**
 * While a configuration file does not parse and runs on its last good reading (a half-saved file
 * under `watch()`, issue 13 item 6), every result says so: the hooks in force are not the file's.
 * So does every result for an inline source's policy key that is not in force: no `list` shows it.
 */
function withKeptFiles(ctx: EngineContext, result: DispatchResult): DispatchResult {
  if (ctx.snapshot.keptLastGood.length > 0) result.diagnostics.push(...ctx.snapshot.keptLastGood);
  if (ctx.snapshot.sourceNotes.length > 0) result.diagnostics.push(...ctx.snapshot.sourceNotes);
  return result;
}

function startOf(scope: DispatchScope): { dispatchId: number; event: EventName; sessionId: string } {
  return { dispatchId: scope.dispatchId, event: scope.event, sessionId: scope.sessionId };
}

/** Aggregates the runs (the Stop cap decided first), retires spent session hooks, assembles the result. */
function conclude(
  ctx: EngineContext,
  scope: DispatchScope,
  ran: Awaited<ReturnType<typeof runAll>>,
  skipped: DispatchResult['skipped'],
  prompts: string[],
  stopCap: StopCap | undefined,
): DispatchResult {
  const { event, input, sessionId } = scope;
  const value = matcherValue(event, input);
  const refusedSpills: string[] = [];
  const aggregated = aggregate(ran.items, {
    event,
    profile: ctx.profile,
    interactive: ctx.options.interactive ?? false,
    hookLabel: scope.spec.matcher.field && value ? `${event}:${value}` : event,
    capContext: createContextCapper(ctx.profile.contextCapChars, sessionId, ctx.spills, (reason) =>
      refusedSpills.push(reason),
    ),
    input,
    stopCap,
  });
  const blocked = aggregated.decision === 'block';
  retireSessionHooks(ctx, event, input, ran.items, sessionId, blocked);
  const result = assembleResult({
    event,
    profile: ctx.profile.name,
    aggregated,
    items: ran.items,
    skipped,
    backgrounded: ran.backgrounded,
    prompts,
  });
  if (result.stopCapReached && stopCap)
    result.diagnostics.push(stopCapDiagnostic(event, stopCap, result.reason, ctx.profile.stopCapNotTheHosts));
  for (const reason of refusedSpills) {
    const message = `${event}: a hook text over the context cap was cut to its preview; its full text was not kept: ${reason}`;
    result.diagnostics.push(diagnostic('ENGINE_SPILL_REFUSED', message, { event, severity: 'warning' }));
  }
  return result;
}

/**
 * Each running handler listens on its dispatch's signal, so eleven hooks on one event are not a
 * leak: no MaxListenersExceededWarning (the engine's own closing signal is unbounded too).
 */
export function unboundedSignal(signal: AbortSignal): AbortSignal {
  setMaxListeners(0, signal);
  return signal;
}
