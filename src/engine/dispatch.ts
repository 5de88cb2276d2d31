import { join } from 'node:path';
import type { Dialect, NormalizedHandler } from '../config/model.ts';
import { type Diagnostic, diagnostic, HookError } from '../errors.ts';
import { getEvent } from '../events/catalogue.ts';
import { resolveEventName } from '../events/dialect-names.ts';
import type { EventName } from '../events/names.ts';
import { normalizeInput } from '../events/normalize-input.ts';
import { renderPayload } from '../events/payload.ts';
import { matcherValue } from '../match/index.ts';
import type { RunnerResult, RunRequest } from '../runners/types.ts';
import { type AggregateItem, aggregate } from './aggregate.ts';
import { isAsyncHandler, runWatchingFirstLine, startAsyncHook, watchesFirstLine } from './async-start.ts';
import type { EngineContext } from './context.ts';
import { createContextCapper } from './context-cap.ts';
import type { DispatchOptions } from './engine.ts';
import { interpret } from './interpret.ts';
import { handlerLabel } from './labels.ts';
import { type PlannedHandler, planHandler, selectHandlers } from './plan.ts';
import type { DispatchResult, HookRunReport, SkippedReport } from './result.ts';
import { runOne } from './run-one.ts';

let dispatchCounter = 0;
const NO_HANDLERS: readonly PlannedHandler[] = Object.freeze([]);
const resolvedNames = new Map<string, EventName | null>();
const transcriptPaths = new WeakMap<object, Map<string, string>>();

function resolveEvent(name: string): EventName | null {
  let event = resolvedNames.get(name);
  if (event === undefined) {
    event = resolveEventName(name)?.event ?? null;
    if (resolvedNames.size < 1_000) resolvedNames.set(name, event);
  }
  return event;
}

/** The stop-block cap message Claude Code shows (claude-code-observed.md "Decisions"). */
export function stopCapMessage(blocks: number): string {
  return `A hook blocked the turn from ending ${blocks} consecutive times—overriding and ending turn`;
}

function emptyResult(event: EventName, ctx: EngineContext): DispatchResult {
  return {
    event,
    profile: ctx.profile.name,
    decision: null,
    reason: null,
    continue: true,
    stopReason: null,
    updatedInput: null,
    additionalContext: [],
    systemMessages: [],
    hooks: [],
    skipped: [],
    diagnostics: [],
    messages: { toModel: [], toUser: [] },
    eventOutput: {},
    prompts: [],
    envExports: {},
  };
}

export async function dispatchEvent(
  ctx: EngineContext,
  eventName: string,
  rawInput: Record<string, unknown>,
  options: DispatchOptions,
): Promise<DispatchResult> {
  const event = resolveEvent(eventName);
  if (event === null) {
    throw new HookError(
      'ENGINE_UNKNOWN_EVENT',
      `unknown event "${eventName}"; use a name such as PreToolUse or preToolUse`,
    );
  }
  const sessionId =
    options.sessionId ??
    (typeof rawInput.session_id === 'string' ? rawInput.session_id : undefined) ??
    (typeof rawInput.sessionId === 'string' ? rawInput.sessionId : undefined) ??
    ctx.options.sessionId ??
    'agent-hooks-session';
  const configured = options.sessionHooksOnly ? NO_HANDLERS : (ctx.snapshot.index.get(event) ?? NO_HANDLERS);
  const sessionHooks = ctx.sessionHooks.hooksFor(sessionId, event);
  const prompts = event === 'SessionStart' ? sessionStartPrompts(ctx, rawInput) : [];
  // Fast path (DESIGN.md "Fast when idle"): nothing configured, nothing to do.
  if (configured.length === 0 && sessionHooks.length === 0 && prompts.length === 0 && !isStopEvent(event)) {
    return emptyResult(event, ctx);
  }
  const input = prepareInput(ctx, event, rawInput, sessionId);
  const planned: readonly PlannedHandler[] =
    sessionHooks.length > 0 ? withSessionHooks(ctx, sessionId, event, configured) : configured;
  const result = emptyResult(event, ctx);
  result.prompts = prompts;
  const { selected, skipped } = selectHandlers(planned, event, ctx.profile, {
    input,
    cwd: typeof input.cwd === 'string' ? input.cwd : ctx.projectDir,
    projectDir: ctx.projectDir,
    homeDir: ctx.homeDir,
    explain: options.explain ?? ctx.options.explain ?? false,
  });
  result.skipped.push(...skipped);
  const runnable = await applyTrust(ctx, selected, result.skipped);
  const dispatchId = ++dispatchCounter;
  if (ctx.telemetry.active) {
    ctx.telemetry.emit({ type: 'dispatch-start', dispatchId, event, sessionId, handlers: runnable.length });
  }
  const items = await runAll(ctx, event, input, runnable, sessionId, dispatchId, options, result);
  finish(ctx, event, input, items, sessionId, result);
  if (ctx.telemetry.active)
    ctx.telemetry.emit({ type: 'dispatch-end', dispatchId, event, sessionId, result });
  return result;
}

/** Session hooks are planned once per store version, not on every dispatch. */
function withSessionHooks(
  ctx: EngineContext,
  sessionId: string,
  event: EventName,
  configured: readonly PlannedHandler[],
): readonly PlannedHandler[] {
  let bySession = ctx.planCache.get(sessionId);
  if (!bySession) {
    bySession = new Map();
    ctx.planCache.set(sessionId, bySession);
  }
  const cached = bySession.get(event);
  if (cached && cached.version === ctx.sessionHooks.version && cached.configured === configured)
    return cached.planned;
  const notes: Diagnostic[] = [];
  const session = ctx.sessionHooks
    .hooksFor(sessionId, event)
    .map((handler, i) => planHandler(handler, configured.length + i, ctx.profile, notes));
  const planned = [...configured, ...session];
  bySession.set(event, { version: ctx.sessionHooks.version, configured, planned });
  return planned;
}

function isStopEvent(event: EventName): boolean {
  return event === 'Stop' || event === 'SubagentStop';
}

function stopKey(sessionId: string, event: EventName, input: Record<string, unknown>): string {
  return event === 'SubagentStop' ? `${sessionId}\u0000${String(input.agent_id ?? '')}` : sessionId;
}

function prepareInput(
  ctx: EngineContext,
  event: EventName,
  rawInput: Record<string, unknown>,
  sessionId: string,
): Record<string, unknown> {
  const input = normalizeInput(event, rawInput);
  input.session_id ??= sessionId;
  input.transcript_path ??= ctx.options.transcriptPath ?? defaultTranscriptPath(ctx, sessionId);
  input.cwd ??= ctx.options.cwd ?? ctx.projectDir;
  input.hook_event_name = event;
  if (isStopEvent(event) && input.stop_hook_active === undefined) {
    // The engine tracks stop_hook_active per session: true while continuing because of a block.
    input.stop_hook_active = (ctx.stopBlocks.get(stopKey(sessionId, event, input)) ?? 0) > 0;
  }
  if (event === 'UserPromptSubmit') ctx.stopBlocks.delete(sessionId);
  return input;
}

function defaultTranscriptPath(ctx: EngineContext, sessionId: string): string {
  let paths = transcriptPaths.get(ctx.options);
  if (!paths) {
    paths = new Map();
    transcriptPaths.set(ctx.options, paths);
  }
  let path = paths.get(sessionId);
  if (path === undefined) {
    // claude-code-observed.md: ~/.claude/projects/<sanitized cwd>/<session>.jsonl
    const sanitized = ctx.projectDir.replace(/[^A-Za-z0-9]/g, '-');
    path = join(ctx.homeDir, '.claude', 'projects', sanitized, `${sessionId}.jsonl`);
    if (paths.size < 1_000) paths.set(sessionId, path);
  }
  return path;
}

/** Copilot `prompt` entries: only for new interactive sessions (seed 003; other-agents-hooks.md §1.1). */
function sessionStartPrompts(ctx: EngineContext, input: Record<string, unknown>): string[] {
  if (ctx.snapshot.prompts.length === 0) return [];
  const source = input.source;
  if (source === 'resume' || !ctx.options.interactive) return [];
  return ctx.snapshot.prompts.map((entry) => entry.prompt);
}

async function applyTrust(
  ctx: EngineContext,
  selected: PlannedHandler[],
  skipped: SkippedReport[],
): Promise<PlannedHandler[]> {
  const untrusted = ctx.snapshot.untrusted;
  if (untrusted.size === 0) return selected;
  const affected = selected.filter((entry) => untrusted.has(entry.handler));
  if (affected.length === 0) return selected;
  const policy = ctx.options.untrusted ?? 'run';
  let action: 'run' | 'skip';
  if (policy === 'run' || policy === 'skip') action = policy;
  else {
    const { decideUntrusted } = await import('../config/trust/index.ts');
    action = await decideUntrusted(policy, {
      projectDir: ctx.projectDir,
      handlers: affected.map((entry) => entry.handler),
      status: ctx.snapshot.trust!,
    });
  }
  if (action === 'run') return selected;
  for (const entry of affected) {
    skipped.push({
      source: entry.handler.source,
      why: `untrusted project hook: ${ctx.snapshot.trust?.reason ?? 'not approved'}`,
    });
  }
  return selected.filter((entry) => !untrusted.has(entry.handler));
}

interface RunItem extends AggregateItem {
  result: RunnerResult;
}

async function runAll(
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
    const rendered = payloadFor(handler.dialect);
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

function finish(
  ctx: EngineContext,
  event: EventName,
  input: Record<string, unknown>,
  items: RunItem[],
  sessionId: string,
  result: DispatchResult,
): void {
  const value = matcherValue(event, input);
  const spec = getEvent(event);
  const hookLabel = spec.matcher.field && value ? `${event}:${value}` : event;
  const aggregated = aggregate(items, {
    event,
    profile: ctx.profile,
    interactive: ctx.options.interactive ?? false,
    hookLabel,
    capContext: createContextCapper(ctx.profile.contextCapChars, sessionId),
    input,
  });
  const { conflicts, ...decided } = aggregated;
  Object.assign(result, decided);
  for (const conflict of conflicts) {
    result.diagnostics.push(
      diagnostic('ENGINE_OUTPUT_CONFLICT', `${event}: ${conflict}`, { event, severity: 'warning' }),
    );
  }
  for (const item of items) {
    result.hooks.push(report(item, ctx));
    if (item.result.envExports) Object.assign(result.envExports, item.result.envExports);
    for (const warning of item.interpretation.warnings) {
      result.diagnostics.push(
        diagnostic('ENGINE_OUTPUT_IGNORED', `${event} hook ${item.label}: ${warning}`, {
          event,
          file: item.handler.source.file,
          pointer: item.handler.source.pointer,
          severity: 'warning',
        }),
      );
    }
  }
  if (isStopEvent(event)) applyStopCap(ctx, event, input, sessionId, result);
  retireSessionHooks(ctx, event, input, items, sessionId, result.decision === 'block');
}

/**
 * Skill hooks with `once` go after their first successful run; an agent's hooks go when its
 * subagent stops (claude-code-hooks.md §4.1, §4.8).
 */
function retireSessionHooks(
  ctx: EngineContext,
  event: EventName,
  input: Record<string, unknown>,
  items: RunItem[],
  sessionId: string,
  keptRunning: boolean,
): void {
  let spent: NormalizedHandler[] | undefined;
  for (const item of items) {
    const { handler } = item;
    if (handler.once && handler.source.scope === 'session' && item.interpretation.outcome === 'success') {
      spent ??= [];
      spent.push(handler);
    }
  }
  if (spent) ctx.sessionHooks.removeWhere(sessionId, (hook) => spent.includes(hook));
  if (
    event === 'SubagentStop' &&
    !keptRunning &&
    typeof input.agent_id === 'string' &&
    ctx.sessionHooks.hasAny(sessionId)
  ) {
    const agentId = input.agent_id;
    ctx.sessionHooks.removeWhere(sessionId, (hook) => ctx.sessionHooks.subagentOf(hook) === agentId);
  }
}

/**
 * Stop/SubagentStop: a block keeps the agent going; after `stopBlockCap` continuations in a row
 * the next block is overridden (claude-code-observed.md: 9 Stop runs and 8 continuations).
 */
function applyStopCap(
  ctx: EngineContext,
  event: EventName,
  input: Record<string, unknown>,
  sessionId: string,
  result: DispatchResult,
): void {
  const key = stopKey(sessionId, event, input);
  if (result.decision !== 'block') {
    ctx.stopBlocks.delete(key);
    return;
  }
  const cap = ctx.options.stopBlockCap ?? ctx.profile.stopBlockCap;
  const blocks = (ctx.stopBlocks.get(key) ?? 0) + 1;
  if (cap > 0 && blocks > cap) {
    ctx.stopBlocks.delete(key);
    result.decision = null;
    result.stopCapReached = true;
    result.messages.toUser.push(stopCapMessage(blocks));
    result.messages.toModel = result.messages.toModel.filter(
      (text) => !text.startsWith(`${event} hook feedback:`),
    );
    return;
  }
  ctx.stopBlocks.set(key, blocks);
}

function report(item: RunItem, ctx: EngineContext): HookRunReport {
  const { result, interpretation, handler } = item;
  return {
    source: handler.source,
    type: handler.type,
    label: item.label,
    outcome: interpretation.outcome,
    exitCode: result.exitCode,
    signal: result.signal,
    durationMs: result.durationMs,
    stdout: result.stdout,
    stderr: result.stderr,
    output: interpretation.output,
    effect: interpretation.explanation,
    warnings: interpretation.warnings,
    ...(ctx.snapshot.untrusted.has(handler) ? { untrusted: true } : {}),
  };
}
