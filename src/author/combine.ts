import type { EventName } from '../model/event-name.ts';
import { effectKinds, permissionChoices } from './capabilities.ts';
import { type Effect, isEffect, type Permission } from './effects.ts';

/** A hook's effects combined into one host-neutral answer, before a host's JSON is written. */
export interface HookResponse {
  permission?: Permission;
  /** The permission's reason. */
  reason?: string;
  /** Fields to change in the tool input, as the hook gave them. */
  inputPatch?: Record<string, unknown>;
  /** The whole new tool input: `inputPatch` merged into the input received (mergeInput). */
  updatedInput?: Record<string, unknown>;
  context: string[];
  /** A block's reason. */
  block?: string;
  stop?: { reason: string | undefined };
  systemMessages: string[];
}

/** The value a hook returned cannot be turned into an answer (a misuse, reported as a failure). */
export class HookReturnError extends Error {
  override readonly name = 'HookReturnError';
}

export function emptyResponse(): HookResponse {
  return { context: [], systemMessages: [] };
}

const HELPER: Record<Effect['kind'], string> = {
  permission: 'allow()/deny()/ask()/defer()',
  updateInput: 'updateInput()',
  context: 'context()',
  block: 'block()',
  stop: 'stop()',
  systemMessage: 'systemMessage()',
};

/** Longest rendering of a value in a message. */
const VALUE_MAX_CHARS = 80;

/** A value as JSON for a message, cut at VALUE_MAX_CHARS. */
export function describe(value: unknown): string {
  const json = JSON.stringify(value);
  if (json === undefined) return String(value);
  return json.length > VALUE_MAX_CHARS ? `${json.slice(0, VALUE_MAX_CHARS - 3)}...` : json;
}

function effectsOf(value: unknown): readonly Effect[] {
  if (value === undefined || value === null) return [];
  if (isEffect(value)) return [value];
  if (Array.isArray(value) && value.every(isEffect)) return value;
  throw new HookReturnError(
    `the hook returned ${describe(value)}; return a helper's result (allow(), deny(reason), context(text), …), a list of them, or nothing`,
  );
}

/**
 * Combines what a hook returned on `event`. Throws HookReturnError for a helper the event does
 * not take and for combinations the hosts would silently drop (deny + updateInput: a rewrite is
 * discarded with deny, claude-code-hooks.md §3.4; defer ignores updatedInput and context, §2.7).
 */
export function combine(event: EventName, value: unknown): HookResponse {
  const response = emptyResponse();
  const kinds = effectKinds(event);
  for (const effect of effectsOf(value)) {
    if (!kinds.has(effect.kind)) {
      const accepted = [...kinds].map((kind) => HELPER[kind]).join(', ') || 'none';
      const helper = effect.kind === 'permission' ? `${effect.decision}()` : HELPER[effect.kind];
      throw new HookReturnError(`${helper} does not apply to ${event} (it takes: ${accepted})`);
    }
    apply(event, response, effect);
  }
  checkCombination(event, response);
  return response;
}

function apply(event: EventName, response: HookResponse, effect: Effect): void {
  switch (effect.kind) {
    case 'permission':
      if (!permissionChoices(event).includes(effect.decision)) {
        throw new HookReturnError(`${effect.decision}() does not apply to ${event}`);
      }
      if (response.permission !== undefined) {
        throw new HookReturnError(
          `two permission decisions (${response.permission}, ${effect.decision}); return one`,
        );
      }
      response.permission = effect.decision;
      if (effect.reason !== undefined) response.reason = effect.reason;
      return;
    case 'updateInput':
      response.inputPatch = { ...response.inputPatch, ...effect.patch };
      return;
    case 'context':
      response.context.push(effect.text);
      return;
    case 'block':
      if (response.block !== undefined) throw new HookReturnError('block() given twice; return one reason');
      response.block = effect.reason;
      return;
    case 'stop':
      if (response.stop !== undefined) throw new HookReturnError('stop() given twice; return one');
      response.stop = { reason: effect.reason };
      return;
    case 'systemMessage':
      response.systemMessages.push(effect.text);
      return;
  }
}

function checkCombination(event: EventName, response: HookResponse): void {
  const { permission, inputPatch, context } = response;
  if (inputPatch && (permission === 'deny' || permission === 'defer')) {
    throw new HookReturnError(
      `updateInput() with ${permission}(): the hosts discard a rewrite of a call they do not run`,
    );
  }
  if (permission === 'defer' && context.length > 0) {
    throw new HookReturnError(
      'context() with defer(): Claude Code ignores additionalContext on a deferred call',
    );
  }
  if (event === 'PermissionRequest' && inputPatch && permission !== 'allow') {
    throw new HookReturnError(
      'on PermissionRequest, updateInput() needs allow(): the rewrite rides on the grant',
    );
  }
}

/**
 * The full tool input for `updateInput(patch)`: hosts replace the whole input with
 * `updatedInput` / `modifiedArgs` (claude-code-hooks.md §2.7, copilot-cli-observed.md), so the
 * patch is merged into the input received; a field set to `undefined` is removed.
 */
export function mergeInput(toolInput: unknown, patch: Record<string, unknown>): Record<string, unknown> {
  if (typeof toolInput !== 'object' || toolInput === null || Array.isArray(toolInput)) {
    throw new HookReturnError(
      `updateInput() needs an object tool input to merge into; this call's input is ${describe(toolInput)}`,
    );
  }
  const merged: Record<string, unknown> = { ...(toolInput as Record<string, unknown>) };
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) delete merged[key];
    else merged[key] = value;
  }
  return merged;
}
