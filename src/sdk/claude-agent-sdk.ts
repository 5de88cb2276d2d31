import type { HookEngine } from '../engine/engine.ts';
import { getEvent } from '../events/catalogue.ts';
import type { EventPayload } from '../events/inputs.ts';
import type { HookOutput } from '../events/outputs.ts';
import type { EventName } from '../model/event-name.ts';
import type { FunctionHandler } from '../model/handler.ts';
import { type CallbackOutcome, describeError, isPlainObject, raceCallback } from './callback-race.ts';
import {
  RegistrationState,
  registerHandlers,
  type SdkCallbackIssue,
  type SdkHooksRegistration,
} from './registration.ts';

/**
 * What a Claude Agent SDK callback may return (claude-code-hooks.md §7.1 `HookJSONOutput`). Not
 * narrowed per event, so a callback shared between events type-checks as it does in the SDK.
 */
export type ClaudeSdkHookOutput = HookOutput | { async: true; asyncTimeout?: number };

/** `(input, toolUseID, { signal }) => output`, exactly as the Claude Agent SDK calls it (§7.1). */
export type ClaudeSdkHookCallback<E extends EventName = EventName> = (
  input: EventPayload<E>,
  toolUseId: string | undefined,
  options: { signal: AbortSignal },
) => ClaudeSdkHookOutput | undefined | Promise<ClaudeSdkHookOutput | undefined>;

/** One `HookCallbackMatcher` of the SDK's `options.hooks`. */
export interface ClaudeSdkHookMatcher<E extends EventName = EventName> {
  /** Same rules as settings matchers (claude-code-hooks.md §5.1). */
  matcher?: string;
  hooks: ClaudeSdkHookCallback<E>[];
  /** Seconds, for every callback of this matcher; default: the event's default (§7.1). */
  timeout?: number;
  /** `block`: a throw or an invalid output blocks the guarded action (§7.1). Default `continue`. */
  onFailure?: 'continue' | 'block';
}

/** The SDK's `options.hooks`: event → matchers. */
export type ClaudeSdkHooks = { [E in EventName]?: ClaudeSdkHookMatcher<E>[] };

export interface ClaudeSdkRegisterOptions {
  /** Session whose hooks these become (default: the engine's session id). */
  sessionId?: string;
  /** Told about fail-open timeouts, errors and invalid outputs the dispatch result does not show. */
  onIssue?: (issue: SdkCallbackIssue) => void;
}

/** The Claude Code source's default for an async hook's `asyncTimeout`; not documented. */
export const ASYNC_CALLBACK_DEFAULT_TIMEOUT_MS = 15_000;

/** Headroom so the function runner's own timer never fires before the SDK timeout does. */
const RUNNER_GRACE_MS = 1_000;

let nextId = 1;

/**
 * Runs code written for the Claude Agent SDK's `options.hooks` on this engine, unchanged. Each
 * callback becomes an in-process function hook of the session (dialect `claude`: it gets the
 * payload a command hook would get and its output is read like a command's JSON stdout); never
 * deduplicated (§4.8). Returns a disposer that also carries the registration's bookkeeping.
 */
export function registerClaudeSdkHooks(
  engine: HookEngine,
  hooks: ClaudeSdkHooks,
  options: ClaudeSdkRegisterOptions = {},
): SdkHooksRegistration {
  const sessionId = options.sessionId ?? engine.sessionId;
  const state = new RegistrationState(options.onIssue);
  const handlers: FunctionHandler[] = [];
  for (const [event, matchers] of Object.entries(hooks) as [EventName, ClaudeSdkHookMatcher[]][]) {
    getEvent(event); // throws a HookError on an unknown event name: misuse, not an outcome
    for (const [m, entry] of (matchers ?? []).entries()) {
      const timeoutMs = Math.round((entry.timeout ?? getEvent(event).defaultTimeoutSec) * 1000);
      for (const [h, callback] of entry.hooks.entries()) {
        const id = `claude-sdk-${nextId++}`;
        handlers.push({
          type: 'function',
          event,
          eventKey: event,
          dialect: 'claude',
          source: {
            file: '<claude-agent-sdk>',
            pointer: `/hooks/${event}/${m}/hooks/${h}`,
            scope: 'session',
          },
          ...(entry.matcher !== undefined && entry.matcher !== '' ? { matcher: entry.matcher } : {}),
          timeoutMs: timeoutMs + RUNNER_GRACE_MS,
          ...(entry.onFailure === 'block' ? { onFailure: 'block' as const } : {}),
          spec: {
            id,
            callback: wrap(event, callback as ClaudeSdkHookCallback, timeoutMs, entry.onFailure, state),
          },
        });
      }
    }
  }
  return registerHandlers(engine, sessionId, handlers, state);
}

function wrap(
  event: EventName,
  callback: ClaudeSdkHookCallback,
  timeoutMs: number,
  onFailure: ClaudeSdkHookMatcher['onFailure'],
  state: RegistrationState,
) {
  return async (payload: Record<string, unknown>, signal: AbortSignal): Promise<unknown> => {
    // The rendered payload is shared by every handler of the dispatch; callbacks get their own copy.
    const input = structuredClone(payload) as unknown as EventPayload<EventName>;
    const toolUseId = typeof payload.tool_use_id === 'string' ? payload.tool_use_id : undefined;
    const controller = new AbortController();
    const outcome = await raceCallback(
      (own) => callback(input, toolUseId, { signal: own }),
      timeoutMs,
      signal,
      controller,
    );
    return settle(event, outcome, { toolUseId, onFailure, state, controller });
  };
}

interface SettleContext {
  toolUseId: string | undefined;
  onFailure: ClaudeSdkHookMatcher['onFailure'];
  state: RegistrationState;
  controller: AbortController;
}

/** Turns a callback's outcome into what the function runner reads (an output object, or a throw). */
function settle(event: EventName, outcome: CallbackOutcome, ctx: SettleContext): unknown {
  const where = ctx.toolUseId !== undefined ? { toolUseId: ctx.toolUseId } : {};
  if (outcome.kind === 'timeout') {
    const seconds = outcome.timeoutMs / 1000;
    const message = `${event} hook callback timed out after ${seconds} seconds`;
    ctx.state.report({ event, kind: 'timeout', message, ...where });
    if (getEvent(event).sdkTimeout !== 'blocks') return undefined;
    // Fail closed: a prompt or tool call is never let through unscreened (§7.1 "Hook timeout").
    if (event === 'PreToolUse') {
      return {
        hookSpecificOutput: {
          hookEventName: 'PreToolUse',
          permissionDecision: 'deny',
          permissionDecisionReason: message,
        },
      };
    }
    return { decision: 'block', reason: message };
  }
  const failed = (kind: 'error' | 'invalid-output', message: string): unknown => {
    ctx.state.report({ event, kind, message, ...where });
    // onFailure "block" makes the failure count as exit 2; the runner turns a throw into exactly that.
    if (ctx.onFailure === 'block' && getEvent(event).onFailureBlock !== 'no') throw new Error(message);
    return undefined;
  };
  if (outcome.kind === 'error')
    return failed('error', `${event} hook callback threw: ${describeError(outcome.error)}`);
  const value = outcome.value;
  if (value === undefined || value === null) return undefined;
  if (!isPlainObject(value)) {
    return failed(
      'invalid-output',
      `${event} hook callback returned ${JSON.stringify(value)}, not an object`,
    );
  }
  if (value.async === true) {
    // §4.7: the dispatch proceeds without this callback's decision; its signal stays live meanwhile.
    const asyncTimeoutMs =
      typeof value.asyncTimeout === 'number' && value.asyncTimeout > 0
        ? value.asyncTimeout
        : ASYNC_CALLBACK_DEFAULT_TIMEOUT_MS;
    ctx.state.trackAsync({ event, asyncTimeoutMs, ...where }, ctx.controller);
    return undefined;
  }
  return value;
}
