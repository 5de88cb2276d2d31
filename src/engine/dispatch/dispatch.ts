import { join } from 'node:path';
import { HookError } from '../../errors.ts';
import { resolveEventName } from '../../events/dialect-names.ts';
import { normalizeInput } from '../../events/normalize-input.ts';
import type { EventName } from '../../model/event-name.ts';
import { finish } from '../aggregate/finish.ts';
import type { EngineContext } from '../context.ts';
import type { DispatchOptions } from '../options.ts';
import { type PlannedHandler, selectHandlers } from '../plan/plan.ts';
import { runAll } from '../run/run-all.ts';
import { applyTrust, sessionStartPrompts, withSessionHooks } from '../session/session-lifecycle.ts';
import { isStopEvent, stopCapMessage, stopKey } from '../session/stop-loop.ts';
import type { DispatchResult } from './result.ts';

export { stopCapMessage };

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
  // No untrusted hooks (the common case): no await, no extra microtask on the hot path.
  const runnable =
    ctx.snapshot.untrusted.size === 0 ? selected : await applyTrust(ctx, selected, result.skipped);
  const dispatchId = ++dispatchCounter;
  if (ctx.telemetry.active) {
    ctx.telemetry.emit({
      type: 'dispatch-start',
      dispatchId,
      event,
      sessionId,
      handlers: runnable.length,
      input,
    });
  }
  const items = await runAll(ctx, event, input, runnable, sessionId, dispatchId, options, result);
  finish(ctx, event, input, items, sessionId, result);
  if (ctx.telemetry.active)
    ctx.telemetry.emit({ type: 'dispatch-end', dispatchId, event, sessionId, result });
  return result;
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
