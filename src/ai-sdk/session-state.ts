// What the tool wrapper and the loop helpers of one (engine, session) share: why a hook ended the
// loop, the prompt id of the current turn, and the hook texts waiting to ride on a tool result.
import { randomUUID } from 'node:crypto';
import type { AsyncHookResult, HookEngine } from '../index.ts';

/** Why a hook ended the agent loop (claude-code-observed.md "Decisions"). */
export interface HookLoopStop {
  /**
   * `hook_stopped`: a hook answered `continue: false` (the call it was about still ran);
   * `tool_deferred`: PreToolUse answered `defer`; `interrupted`: a PermissionRequest hook denied
   * with `interrupt: true`.
   */
  kind: 'hook_stopped' | 'tool_deferred' | 'interrupted';
  /** The hook's `stopReason` or message, if it gave one. */
  reason: string | null;
  event: string;
  /** For `tool_deferred`: the call to run later, as Claude Code reports `deferred_tool_use`. */
  deferredToolUse?: { id: string; name: string; input: unknown };
}

/** Hook texts kept per tool call until the AI SDK converts the call's result for the model. */
const MAX_PENDING_TEXTS = 1_000;

export class SessionState {
  loopStop: HookLoopStop | null = null;
  promptId: string | undefined;
  readonly #texts = new Map<string, string[]>();
  readonly #nextCall: string[] = [];
  readonly #asyncResults: AsyncHookResult[] = [];

  /** Starts a turn: a new prompt id, and no stop carried over from the previous turn. */
  newTurn(): string {
    this.loopStop = null;
    this.promptId = randomUUID();
    return this.promptId;
  }

  /** The `messages` of the step whose call ended the loop; undefined when no call did. */
  #stopStep: readonly unknown[] | undefined;

  /**
   * Records the first reason the loop must end; later ones do not replace it. `step` is the
   * AI SDK's `messages` of the tool call whose hook ended it: the other calls of that step go on.
   */
  stopLoop(stop: HookLoopStop, step?: readonly unknown[]): void {
    if (this.loopStop) return;
    this.loopStop = stop;
    this.#stopStep = step;
  }

  /**
   * The stop a tool call comes after, or null: set when a hook ended the loop in an earlier step
   * (the AI SDK hands every call of one step the same `messages` array) and the loop went on.
   */
  stopBefore(step: readonly unknown[] | undefined): HookLoopStop | null {
    if (!this.loopStop) return null;
    return step !== undefined && step === this.#stopStep ? null : this.loopStop;
  }

  setTexts(toolCallId: string, texts: string[]): void {
    // Some providers reuse call ids across responses (`call_0`): a call without texts must not
    // show the model the texts of an earlier call that had the same id.
    this.#texts.delete(toolCallId);
    if (texts.length === 0) return;
    // Bounded: entries are read (possibly more than once) when results are converted, never removed.
    if (this.#texts.size >= MAX_PENDING_TEXTS) this.#texts.delete(this.#texts.keys().next().value!);
    this.#texts.set(toolCallId, texts);
  }

  textsFor(toolCallId: string): readonly string[] {
    return this.#texts.get(toolCallId) ?? [];
  }

  /** Texts for the next model call only (PostToolBatch context, claude-code-hooks.md §2.12). */
  queueForNextCall(texts: readonly string[]): void {
    this.#nextCall.push(...texts);
  }

  takeForNextCall(): string[] {
    return this.#nextCall.splice(0);
  }

  /** What finished async hooks of this session left for its next turn. */
  queueAsync(results: readonly AsyncHookResult[]): void {
    this.#asyncResults.push(...results);
  }

  takeAsync(): AsyncHookResult[] {
    return this.#asyncResults.splice(0);
  }
}

const states = new WeakMap<HookEngine, Map<string, SessionState>>();

/** The state of one session of one engine; the same object for every helper that names it. */
export function sessionState(engine: HookEngine, sessionId: string): SessionState {
  let sessions = states.get(engine);
  if (!sessions) {
    sessions = new Map();
    states.set(engine, sessions);
  }
  let state = sessions.get(sessionId);
  if (!state) {
    state = new SessionState();
    sessions.set(sessionId, state);
  }
  return state;
}

/**
 * The async results for `sessionId`: the engine hands out every finished background hook at once,
 * so results of the engine's other sessions are kept for their own next turn.
 */
export function asyncResultsFor(engine: HookEngine, sessionId: string): AsyncHookResult[] {
  for (const result of engine.collectAsyncResults()) {
    sessionState(engine, result.sessionId).queueAsync([result]);
  }
  return sessionState(engine, sessionId).takeAsync();
}

/** Forgets a session (SessionEnd). */
export function dropSessionState(engine: HookEngine, sessionId: string): void {
  states.get(engine)?.delete(sessionId);
}
