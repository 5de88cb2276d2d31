// Stop hooks and hook-ended loops for AI SDK agents (claude-code-hooks.md §2.18,
// claude-code-observed.md "Decisions": Stop feedback, the consecutive-block cap, hook_stopped).
import type { ModelMessage, StopCondition } from 'ai';
import type { DispatchResult, HookEngine } from '../index.ts';
import { type HookSessionOptions, hookSession } from './options.ts';
import type { HookLoopStop } from './session-state.ts';

export interface StopOutcome {
  /** A Stop hook blocked the end of the turn: run the model again with `feedback`. */
  continue: boolean;
  /** The blocking hooks' reasons, one per line. */
  reason: string | null;
  /** The user message Claude Code continues with: `Stop hook feedback:\n<reason>`. */
  feedback: ModelMessage | null;
  /** The engine's consecutive-block cap overrode a block: the turn ends (`messages.toUser` says so). */
  capReached: boolean;
  result: DispatchResult;
}

/**
 * Dispatches Stop when the model has finished a turn. The engine sets `stop_hook_active` while the
 * agent continues because of a block, and after `stopBlockCap` blocks in a row (8 by default)
 * lets the turn end.
 */
export async function onStop(
  engine: HookEngine,
  options: HookSessionOptions & { lastAssistantMessage?: string } = {},
): Promise<StopOutcome> {
  const session = hookSession(engine, options);
  // The shape of the Stop payload Claude Code 2.1.328 sends (hook-inputs.json).
  const result = await session.dispatch('Stop', {
    ...(options.lastAssistantMessage !== undefined
      ? { last_assistant_message: options.lastAssistantMessage }
      : {}),
    background_tasks: [],
    session_crons: [],
  });
  const goOn = result.decision === 'block' && result.continue;
  return {
    continue: goOn,
    reason: result.reason,
    feedback: goOn ? { role: 'user', content: userMessages(result).join('\n\n') } : null,
    capReached: result.stopCapReached === true,
    result,
  };
}

/**
 * The Stop/SubagentStop texts the model continues with as a user message (the blocking errors
 * are system messages).
 */
export function userMessages(result: DispatchResult): string[] {
  return result.messages.toModel.filter((_, i) => result.messages.placements[i] === 'user-message');
}

/**
 * An AI SDK `stopWhen` condition that ends the tool loop when a hook ended it: `continue: false`
 * (after the call it was about), PreToolUse `defer`, or a PermissionRequest deny with `interrupt`.
 * Combine it with a step limit: `stopWhen: [stepCountIs(20), hookStopWhen(engine)]`.
 */
export function hookStopWhen(engine: HookEngine, options: HookSessionOptions = {}): StopCondition<any> {
  const { state } = hookSession(engine, options);
  return () => state.loopStop !== null;
}

/** Why a hook ended the current turn's loop, or null. Cleared by `onUserPrompt` and `runWithStopHooks`. */
export function hookLoopStop(engine: HookEngine, options: HookSessionOptions = {}): HookLoopStop | null {
  return hookSession(engine, options).state.loopStop;
}

/** What one model run returns: a `generateText` result, or a `streamText` result (promises). */
export interface StopLoopStep {
  text: string | PromiseLike<string>;
  response: { messages: ModelMessage[] } | PromiseLike<{ messages: ModelMessage[] }>;
}

export interface StopLoopResult {
  /** The history: the given messages, every response, and each Stop feedback message. */
  messages: ModelMessage[];
  /** One outcome per Stop dispatch, in order. */
  stops: StopOutcome[];
  /** Set when a hook ended the loop; Claude Code then runs no Stop hook. */
  loopStop: HookLoopStop | null;
}

/**
 * Runs `step` (one `generateText`/`streamText` call over the history) until the turn may end:
 * after each run Stop is dispatched, and a block runs the model again with the hook's feedback.
 */
export async function runWithStopHooks(
  engine: HookEngine,
  options: HookSessionOptions & { messages: ModelMessage[] },
  step: (messages: ModelMessage[]) => StopLoopStep | PromiseLike<StopLoopStep>,
): Promise<StopLoopResult> {
  const { state } = hookSession(engine, options);
  state.loopStop = null;
  const messages = [...options.messages];
  const stops: StopOutcome[] = [];
  for (;;) {
    const run = await step([...messages]);
    const [text, response] = await Promise.all([run.text, run.response]);
    messages.push(...response.messages);
    if (state.loopStop) return { messages, stops, loopStop: state.loopStop };
    const stop = await onStop(engine, { ...options, lastAssistantMessage: text });
    stops.push(stop);
    if (!stop.feedback) return { messages, stops, loopStop: null };
    messages.push(stop.feedback);
  }
}
