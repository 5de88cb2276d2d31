import { z } from 'zod';
import type { HookSpecificFields } from '../events/outputs.ts';
import type { EventWire } from '../events/wire/common.ts';
import { WIRE } from '../events/wire/registry.ts';
import type { EventName } from '../model/event-name.ts';

/**
 * Which helpers make sense on which event. Permission, input and context come from the event's
 * wire schema (the fields its output reads); the three lists below restate catalogue columns as
 * types, and test/author/capabilities.test.ts pins them to the catalogue.
 */

/** Events a hook can block with `block(reason)`: top-level `decision: "block"`, or exit 2 where no JSON can (claude-code-hooks.md §2.0). */
export const BLOCK_EVENTS = [
  'UserPromptSubmit',
  'UserPromptExpansion',
  'PostToolUse',
  'PostToolUseFailure',
  'PostToolBatch',
  'SubagentStop',
  'TaskCreated',
  'TaskCompleted',
  'Stop',
  'TeammateIdle',
  'ConfigChange',
  'PreCompact',
] as const satisfies readonly EventName[];

/** Events that honour `continue: false` (catalogue column "top-level output"). */
export const STOP_EVENTS = [
  'SessionStart',
  'Setup',
  'UserPromptSubmit',
  'UserPromptExpansion',
  'PreToolUse',
  'PermissionRequest',
  'PermissionDenied',
  'PostToolUse',
  'PostToolUseFailure',
  'PostToolBatch',
  'SubagentStart',
  'SubagentStop',
  'TaskCompleted',
  'Stop',
  'TeammateIdle',
  'PreModelSwitch',
  'PostModelSwitch',
  'PreSkillShellCommand',
] as const satisfies readonly EventName[];

/** Events that show `systemMessage` to the user (catalogue column "top-level output"). */
export const SYSTEM_MESSAGE_EVENTS = [
  ...STOP_EVENTS,
  'TaskCreated',
  'CwdChanged',
  'DirectoryAdded',
  'FileChanged',
] as const satisfies readonly EventName[];

export type BlockEvent = (typeof BLOCK_EVENTS)[number];
export type StopEvent = (typeof STOP_EVENTS)[number];
export type SystemMessageEvent = (typeof SYSTEM_MESSAGE_EVENTS)[number];

type Wire = typeof WIRE;
type SpecificKey<E extends EventName> = keyof Wire[E]['hookSpecific'];
type CopilotKey<E extends EventName> = Wire[E] extends { copilot: infer C } ? keyof C : never;
type FieldOf<E extends EventName, K extends string> = K extends keyof HookSpecificFields<E>
  ? NonNullable<HookSpecificFields<E>[K]>
  : never;

/** The permission decisions a hook may give on `E` (never: the event takes none). */
export type PermissionChoice<E extends EventName> = E extends 'PermissionRequest'
  ? 'allow' | 'deny'
  : FieldOf<E, 'permissionDecision'>;

/** Whether `updateInput(patch)` applies to `E`. */
export type TakesInputUpdate<E extends EventName> = E extends 'PermissionRequest'
  ? true
  : 'updatedInput' extends SpecificKey<E>
    ? true
    : false;

/** Whether `context(text)` applies to `E`: some host reads `additionalContext` there. */
export type TakesContext<E extends EventName> = 'additionalContext' extends SpecificKey<E> | CopilotKey<E>
  ? true
  : false;

/** The helper kinds, one per effect a hook can have. */
export type EffectKind = 'permission' | 'updateInput' | 'context' | 'block' | 'stop' | 'systemMessage';

const BLOCK_SET: ReadonlySet<EventName> = new Set(BLOCK_EVENTS);
const STOP_SET: ReadonlySet<EventName> = new Set(STOP_EVENTS);
const SYSTEM_MESSAGE_SET: ReadonlySet<EventName> = new Set(SYSTEM_MESSAGE_EVENTS);

/** The permission decisions `event` accepts, read off its wire schema (run-time twin of PermissionChoice). */
export function permissionChoices(event: EventName): readonly string[] {
  if (event === 'PermissionRequest') return ['allow', 'deny'];
  const schema = (WIRE[event] as EventWire).hookSpecific.permissionDecision;
  return schema instanceof z.ZodEnum ? (schema.options as string[]) : [];
}

/** The helper kinds `event` accepts (run-time twin of the types above, for untyped callers). */
export function effectKinds(event: EventName): ReadonlySet<EffectKind> {
  const wire: EventWire = WIRE[event];
  const kinds = new Set<EffectKind>();
  if (permissionChoices(event).length > 0) kinds.add('permission');
  if (event === 'PermissionRequest' || 'updatedInput' in wire.hookSpecific) kinds.add('updateInput');
  if ('additionalContext' in wire.hookSpecific || 'additionalContext' in (wire.copilot ?? {}))
    kinds.add('context');
  if (BLOCK_SET.has(event)) kinds.add('block');
  if (STOP_SET.has(event)) kinds.add('stop');
  if (SYSTEM_MESSAGE_SET.has(event)) kinds.add('systemMessage');
  return kinds;
}

export function isBlockEvent(event: EventName): boolean {
  return BLOCK_SET.has(event);
}

export function showsSystemMessage(event: EventName): boolean {
  return SYSTEM_MESSAGE_SET.has(event);
}
