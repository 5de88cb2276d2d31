import type { z } from 'zod';
import type { EventName } from '../model/event-name.ts';
import type {
  ASYNC_SHAPE,
  DECISION_SHAPE,
  PERMISSION_DECISIONS,
  PERMISSION_UPDATE,
  UNIVERSAL_OUTPUT_SHAPE,
} from './wire/common.ts';
import type { COPILOT_DECISION, COPILOT_FIELDS } from './wire/copilot.ts';
import type { HookSpecificFields } from './wire/registry.ts';

/** Output types, inferred from the per-event wire schemas (src/events/wire/). */

export type { HookSpecificFields } from './wire/registry.ts';

export type PermissionDecision = (typeof PERMISSION_DECISIONS)[number];

/** PermissionUpdate union (claude-code-hooks.md §2.8). */
export type PermissionUpdate = z.infer<typeof PERMISSION_UPDATE>;

/** The `hookSpecificOutput` object of one event, discriminated by `hookEventName`. */
export type HookSpecificOutput<E extends EventName = EventName> = {
  [K in E]: { hookEventName: K } & HookSpecificFields<K>;
}[E];

type ClaudeTopLevel = typeof UNIVERSAL_OUTPUT_SHAPE & typeof DECISION_SHAPE & typeof ASYNC_SHAPE;

/** The JSON object a handler may print (claude-code-hooks.md §3.2), async form included. */
export type HookOutput<E extends EventName = EventName> = Partial<z.infer<z.ZodObject<ClaudeTopLevel>>> & {
  hookSpecificOutput?: HookSpecificOutput<E>;
};

/**
 * Copilot CLI output fields are flat, at the top level (other-agents-hooks.md §1.3, §1.7); each
 * event honours some of them (see docs/events.md).
 */
export type CopilotHookOutput = Partial<z.infer<z.ZodObject<CopilotTopLevel>>> & {
  decision?: z.infer<typeof COPILOT_DECISION>;
};

type CopilotTopLevel = typeof COPILOT_FIELDS &
  Pick<typeof UNIVERSAL_OUTPUT_SHAPE, 'suppressOutput'> &
  Pick<typeof DECISION_SHAPE, 'reason'>;
