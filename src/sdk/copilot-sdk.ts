import type { HookEngine } from '../engine/engine.ts';
import { didYouMean } from '../errors/did-you-mean.ts';
import { HookError } from '../errors.ts';
import { getEvent } from '../events/catalogue.ts';
import type { CopilotHookOutput } from '../events/outputs.ts';
import type { EventName } from '../model/event-name.ts';
import type { FunctionHandler } from '../model/handler.ts';
import { describeError, isPlainObject, raceCallback } from './callback-race.ts';
import {
  RegistrationState,
  registerHandlers,
  type SdkCallbackIssue,
  type SdkHooksRegistration,
} from './registration.ts';

/** The camelCase payload a Copilot SDK callback receives (other-agents-hooks.md §1.7, §1.3). */
export type CopilotSdkHookInput = Record<string, unknown> & { timestamp?: number; cwd?: string };

/** The Copilot SDK's `HookInvocation`, plus the signal our engine gives every in-process hook. */
export interface CopilotSdkInvocation {
  sessionId: string;
  signal: AbortSignal;
}

/** Returns a Copilot output object, or `null`/`undefined` for "no change" (§1.7). */
export type CopilotSdkHookCallback = (
  input: CopilotSdkHookInput,
  invocation: CopilotSdkInvocation,
) => CopilotHookOutput | null | undefined | Promise<CopilotHookOutput | null | undefined>;

/** The `hooks` option of `client.createSession` in `@github/copilot-sdk` (§1.7). */
export interface CopilotSdkHooks {
  onPreToolUse?: CopilotSdkHookCallback;
  onPostToolUse?: CopilotSdkHookCallback;
  onPostToolUseFailure?: CopilotSdkHookCallback;
  onUserPromptSubmitted?: CopilotSdkHookCallback;
  onSessionStart?: CopilotSdkHookCallback;
  onSessionEnd?: CopilotSdkHookCallback;
  onErrorOccurred?: CopilotSdkHookCallback;
}

export interface CopilotSdkRegisterOptions {
  /** Session whose hooks these become (default: the engine's session id). */
  sessionId?: string;
  /** Per-callback time limit in milliseconds (default 30 s; the SDK docs are silent). */
  timeoutMs?: number;
  onIssue?: (issue: SdkCallbackIssue) => void;
}

/** other-agents-hooks.md §1.1: Copilot's hook timeout defaults to 30 s; the SDK does not say. */
export const COPILOT_SDK_DEFAULT_TIMEOUT_MS = 30_000;

const RUNNER_GRACE_MS = 1_000;

/** Callback name → canonical event. */
export const COPILOT_SDK_EVENTS: Readonly<Record<keyof CopilotSdkHooks, EventName>> = {
  onPreToolUse: 'PreToolUse',
  onPostToolUse: 'PostToolUse',
  onPostToolUseFailure: 'PostToolUseFailure',
  onUserPromptSubmitted: 'UserPromptSubmit',
  onSessionStart: 'SessionStart',
  onSessionEnd: 'SessionEnd',
  onErrorOccurred: 'ErrorOccurred',
};

// Copilot CLI fails closed when a preToolUse hook errors (other-agents-hooks.md §1.5).
const ERRORED_DENY_REASON = 'Denied by preToolUse hook (hook errored)';

let nextId = 1;

/**
 * Runs Copilot SDK-style callbacks on this engine. Each becomes an in-process function hook with
 * dialect `copilot`, so it gets the camelCase payload (`toolName`, `toolArgs`, …) and its flat
 * output (`permissionDecision`, `modifiedArgs`, `modifiedPrompt`, `additionalContext`, …) is read
 * as Copilot reads it. `modifiedPrompt` lands in `DispatchResult.updatedPrompt`.
 */
export function registerCopilotSdkHooks(
  engine: HookEngine,
  hooks: CopilotSdkHooks,
  options: CopilotSdkRegisterOptions = {},
): SdkHooksRegistration {
  refuseUnknownCallbacks(hooks);
  const sessionId = options.sessionId ?? engine.sessionId;
  const timeoutMs = options.timeoutMs ?? COPILOT_SDK_DEFAULT_TIMEOUT_MS;
  const state = new RegistrationState(options.onIssue);
  const handlers: FunctionHandler[] = [];
  for (const [name, event] of Object.entries(COPILOT_SDK_EVENTS) as [keyof CopilotSdkHooks, EventName][]) {
    const callback = hooks[name];
    if (!callback) continue;
    const id = `copilot-sdk-${nextId++}`;
    handlers.push({
      type: 'function',
      event,
      eventKey: getEvent(event).dialects.copilot ?? event,
      dialect: 'copilot',
      source: { file: '<copilot-sdk>', pointer: `/hooks/${name}`, scope: 'session' },
      timeoutMs: timeoutMs + RUNNER_GRACE_MS,
      spec: { id, callback: wrap(event, callback, sessionId, timeoutMs, state) },
    });
  }
  return registerHandlers(engine, sessionId, handlers, state);
}

/**
 * A callback this engine does not run (a typo, or one only another SDK has, such as the Rust
 * SDK's `agentStop`) would otherwise be dropped without a word, and the guard it holds never
 * applied: misuse, thrown like an unknown event name in `registerClaudeSdkHooks`.
 */
function refuseUnknownCallbacks(hooks: CopilotSdkHooks): void {
  const known = Object.keys(COPILOT_SDK_EVENTS);
  for (const [name, callback] of Object.entries(hooks)) {
    if (Object.hasOwn(COPILOT_SDK_EVENTS, name) || callback === undefined || callback === null) continue;
    const suggestion = didYouMean(name, known);
    throw new HookError(
      'ENGINE_UNKNOWN_EVENT',
      `registerCopilotSdkHooks: unknown callback ${JSON.stringify(name)}${
        suggestion ? ` (did you mean ${suggestion}?)` : ''
      }; the callbacks run here are ${known.join(', ')}`,
    );
  }
}

function wrap(
  event: EventName,
  callback: CopilotSdkHookCallback,
  sessionId: string,
  timeoutMs: number,
  state: RegistrationState,
) {
  return async (payload: Record<string, unknown>, signal: AbortSignal): Promise<unknown> => {
    const input = structuredClone(payload) as CopilotSdkHookInput;
    const outcome = await raceCallback(
      (own) => callback(input, { sessionId, signal: own }),
      timeoutMs,
      signal,
    );
    if (outcome.kind === 'timeout') {
      // §1.5: a timeout fails open, even on preToolUse.
      state.report({
        event,
        kind: 'timeout',
        message: `${event} hook callback timed out after ${timeoutMs} ms`,
      });
      return undefined;
    }
    if (outcome.kind === 'error') {
      state.report({
        event,
        kind: 'error',
        message: `${event} hook callback threw: ${describeError(outcome.error)}`,
      });
      return event === 'PreToolUse'
        ? { permissionDecision: 'deny', permissionDecisionReason: ERRORED_DENY_REASON }
        : undefined;
    }
    const value = outcome.value;
    if (value === null || value === undefined) return undefined;
    if (!isPlainObject(value)) {
      const message = `${event} hook callback returned ${JSON.stringify(value)}, not an object`;
      state.report({ event, kind: 'invalid-output', message });
      return undefined;
    }
    return value;
  };
}
