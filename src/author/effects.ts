import type { EventName } from '../model/event-name.ts';
import type {
  BlockEvent,
  PermissionChoice,
  StopEvent,
  SystemMessageEvent,
  TakesContext,
  TakesInputUpdate,
} from './capabilities.ts';

/**
 * What a hook returns: one effect or a list of them, made by the helpers below. Effects are
 * host-neutral; the runner writes each host's JSON for them (render-*.ts).
 */

export type Permission = 'allow' | 'deny' | 'ask' | 'defer';

export interface PermissionEffect<D extends Permission = Permission> {
  readonly kind: 'permission';
  readonly decision: D;
  readonly reason: string | undefined;
}
export interface InputEffect {
  readonly kind: 'updateInput';
  readonly patch: Readonly<Record<string, unknown>>;
}
export interface ContextEffect {
  readonly kind: 'context';
  readonly text: string;
}
export interface BlockEffect {
  readonly kind: 'block';
  readonly reason: string;
}
export interface StopEffect {
  readonly kind: 'stop';
  readonly reason: string | undefined;
}
export interface SystemMessageEffect {
  readonly kind: 'systemMessage';
  readonly text: string;
}

export type Effect =
  | PermissionEffect
  | InputEffect
  | ContextEffect
  | BlockEffect
  | StopEffect
  | SystemMessageEffect;

type If<C, T> = [C] extends [never] ? never : C extends true ? T : never;

/** The effects that type-check on `E`: a helper the event cannot honour is a type error. */
export type EffectFor<E extends EventName> =
  | ([PermissionChoice<E>] extends [never] ? never : PermissionEffect<PermissionChoice<E> & Permission>)
  | If<TakesInputUpdate<E>, InputEffect>
  | If<TakesContext<E>, ContextEffect>
  | (E extends BlockEvent ? BlockEffect : never)
  | (E extends StopEvent ? StopEffect : never)
  | (E extends SystemMessageEvent ? SystemMessageEffect : never);

/** A hook's answer on `E`: nothing (no decision), one effect, or several combined. */
// biome-ignore lint/suspicious/noConfusingVoidType: a handler that returns nothing is typed void.
export type HookResult<E extends EventName> = EffectFor<E> | readonly EffectFor<E>[] | undefined | void;

const MADE = new WeakSet<object>();

function made<T extends Effect>(effect: T): T {
  MADE.add(Object.freeze(effect));
  return effect;
}

/** Whether `value` came from one of the helpers (a plain look-alike object does not). */
export function isEffect(value: unknown): value is Effect {
  return typeof value === 'object' && value !== null && MADE.has(value);
}

function text(value: unknown, helper: string, what: string): string {
  if (typeof value !== 'string' || value.trim() === '') {
    throw new TypeError(`${helper} needs a non-empty ${what}: ${JSON.stringify(value) ?? String(value)}`);
  }
  return value;
}

function optionalText(value: unknown, helper: string, what: string): string | undefined {
  return value === undefined ? undefined : text(value, helper, what);
}

/** Let the call run without a prompt (permission rules still apply); `reason` is shown to the user. */
export function allow(reason?: string): PermissionEffect<'allow'> {
  return made({ kind: 'permission', decision: 'allow', reason: optionalText(reason, 'allow()', 'reason') });
}

/** Refuse the call; `reason` is what the model is told. */
export function deny(reason: string): PermissionEffect<'deny'> {
  return made({ kind: 'permission', decision: 'deny', reason: text(reason, 'deny()', 'reason') });
}

/** Ask the user to confirm; `reason` is shown with the prompt. Without a user (`-p`) it denies. */
export function ask(reason: string): PermissionEffect<'ask'> {
  return made({ kind: 'permission', decision: 'ask', reason: text(reason, 'ask()', 'reason') });
}

/** Claude Code `-p` only: end the run so the caller decides and resumes (claude-code-hooks.md §2.7). */
export function defer(): PermissionEffect<'defer'> {
  return made({ kind: 'permission', decision: 'defer', reason: undefined });
}

/** Add text to the model's context (wrapped as a system reminder by the host). */
export function context(value: string): ContextEffect {
  return made({ kind: 'context', text: text(value, 'context()', 'text') });
}

/** Block the event's action: keep the agent working (Stop), reject the prompt, feed back (PostToolUse). */
export function block(reason: string): BlockEffect {
  return made({ kind: 'block', reason: text(reason, 'block()', 'reason') });
}

/**
 * Change some fields of the tool input. Hosts replace the whole input, so the runner merges
 * `patch` into the input it received and sends the full object; a field set to `undefined` is
 * removed.
 */
export function updateInput(patch: Record<string, unknown>): InputEffect {
  if (typeof patch !== 'object' || patch === null || Array.isArray(patch)) {
    throw new TypeError(`updateInput() needs an object of fields to change, got ${JSON.stringify(patch)}`);
  }
  return made({ kind: 'updateInput', patch: { ...patch } });
}

/** Stop the agent after this hook (`continue: false`); `reason` is shown to the user. */
export function stop(reason?: string): StopEffect {
  return made({ kind: 'stop', reason: optionalText(reason, 'stop()', 'reason') });
}

/** A warning shown to the user, not to the model. */
export function systemMessage(value: string): SystemMessageEffect {
  return made({ kind: 'systemMessage', text: text(value, 'systemMessage()', 'text') });
}
