import { EVENT_BY_NAME } from '../events/catalogue.ts';
import type { EventName } from '../model/event-name.ts';
import {
  type BlockEvent,
  isBlockEvent,
  type PermissionChoice,
  permissionChoices,
  type StopEvent,
  showsSystemMessage,
} from './capabilities.ts';
import { combine, type HookResponse } from './combine.ts';
import { allow, ask, block, deny, type Effect, type HookResult, stop, systemMessage } from './effects.ts';

/** Why a hook could not answer by itself. */
export type FailureKind = 'invalid-payload' | 'threw' | 'timeout' | 'invalid-return';

export const FAILURE_CODES = {
  'invalid-payload': 'AUTHOR_INVALID_PAYLOAD',
  threw: 'AUTHOR_HOOK_THREW',
  timeout: 'AUTHOR_HOOK_TIMEOUT',
  'invalid-return': 'AUTHOR_INVALID_RETURN',
} as const satisfies Record<FailureKind, string>;

export interface HookFailure {
  kind: FailureKind;
  code: (typeof FAILURE_CODES)[FailureKind];
  message: string;
  /** What was thrown, for `threw`. */
  error?: unknown;
}

/**
 * The safe outcome a hook answers with when it fails (invalid payload, a throw, a timeout, an
 * invalid answer). `ignore` gives no decision, so the host goes on as if the hook approved.
 */
export type OnErrorChoice<E extends EventName> =
  | 'ignore'
  | Extract<PermissionChoice<E>, 'deny' | 'ask' | 'allow'>
  | (E extends BlockEvent ? 'block' : never)
  | (E extends StopEvent ? 'stop' : never);

export type OnError<E extends EventName> =
  | OnErrorChoice<E>
  | ((failure: HookFailure) => HookResult<E> | Promise<HookResult<E>>);

/**
 * The default outcome: `deny` on the events that guard an action with a permission decision
 * (PreToolUse, PreSkillShellCommand, PreModelSwitch), `ignore` elsewhere. Why (docs/author.md
 * "When the hook fails"): Copilot CLI itself fails closed when a preToolUse hook errors
 * (other-agents-hooks.md §1.5) and Claude Code offers the same with `onFailure: "block"`
 * (claude-code-hooks.md §4.1); a timed-out host kill fails open, so the SDK answers first.
 * Elsewhere, blocking on a failure turns a bug into a blocked prompt or a Stop loop (Claude Code
 * ignores `onFailure` on Stop, SubagentStop, TaskCompleted and TeammateIdle for that reason);
 * authors of prompt or stop guards choose `block` themselves. PermissionRequest stays `ignore`:
 * with no decision the host asks the user, or denies where no one can answer (§2.8).
 */
export function defaultOnError(event: EventName): 'deny' | 'ignore' {
  return EVENT_BY_NAME[event].decisionKind === 'permission' ? 'deny' : 'ignore';
}

/** Whether a named outcome applies to `event`. */
export function outcomeApplies(event: EventName, choice: string): boolean {
  if (choice === 'ignore') return true;
  if (choice === 'block') return isBlockEvent(event);
  if (choice === 'stop') return EVENT_BY_NAME[event].output.topLevel.includes('continue');
  return choice !== 'defer' && permissionChoices(event).includes(choice);
}

function namedOutcome(event: EventName, choice: string, reason: string): Effect[] {
  const effects: Effect[] = [];
  if (choice === 'deny') effects.push(deny(reason));
  else if (choice === 'ask') effects.push(ask(reason));
  else if (choice === 'allow') effects.push(allow(reason));
  else if (choice === 'block') effects.push(block(reason));
  else if (choice === 'stop') effects.push(stop(reason));
  if (showsSystemMessage(event)) effects.push(systemMessage(reason));
  return effects;
}

export interface FailureAnswer {
  response: HookResponse;
  /** The outcome used, in words for the stderr message: `deny (onError)`, `ignore (the default on Stop)`, …. */
  outcome: string;
  /** Set when the author's onError function itself failed (AUTHOR_ON_ERROR_FAILED). */
  onErrorProblem?: string;
}

/**
 * How long an `onError` function may take: the hook has already failed, and a hung answer would
 * leave the decision to the host's timeout, which fails open.
 */
export const ON_ERROR_TIMEOUT_MS = 1_000;

/** The answer for `failure` under `onError` (or the event's default); never throws. */
export async function answerFailure(
  event: EventName,
  failure: HookFailure,
  onError: OnError<EventName> | undefined,
  label: string,
): Promise<FailureAnswer> {
  const reason = `${label} failed: ${failure.message}`;
  let onErrorProblem: string | undefined;
  if (typeof onError === 'function') {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`onError() did not answer within ${ON_ERROR_TIMEOUT_MS} ms`)),
        ON_ERROR_TIMEOUT_MS,
      );
    });
    try {
      const value = await Promise.race([Promise.resolve().then(() => onError(failure)), late]);
      return { response: combine(event, value), outcome: 'what onError() returned' };
    } catch (error) {
      onErrorProblem = error instanceof Error ? error.message : String(error);
    } finally {
      clearTimeout(timer);
    }
  }
  if (typeof onError === 'string' && !outcomeApplies(event, onError)) {
    onErrorProblem = `onError ${JSON.stringify(onError)} does not apply to ${event}`;
  }
  const chosen = typeof onError === 'string' && outcomeApplies(event, onError);
  const named = chosen ? (onError as string) : defaultOnError(event);
  const response = combine(event, namedOutcome(event, named, reason));
  const outcome = chosen ? `${named} (onError)` : `${named} (the default on ${event})`;
  return { response, outcome, ...(onErrorProblem !== undefined ? { onErrorProblem } : {}) };
}
