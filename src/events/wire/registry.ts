import type { z } from 'zod';
import type { EventName } from '../../model/event-name.ts';
import { AGENT_WIRE } from './agents.ts';
import type { COMMON_INPUT, EventWire, Shape } from './common.ts';
import { ENVIRONMENT_WIRE } from './environment.ts';
import { MISC_WIRE } from './misc.ts';
import { SESSION_WIRE } from './session.ts';
import { TOOL_WIRE } from './tools.ts';

/** Every event's wire contract, keyed by canonical name: the one declaration of its fields. */
export const WIRE = {
  ...SESSION_WIRE,
  ...TOOL_WIRE,
  ...AGENT_WIRE,
  ...ENVIRONMENT_WIRE,
  ...MISC_WIRE,
} as const satisfies { readonly [E in EventName]: EventWire };

type Wire = typeof WIRE;
type Infer<S extends Shape> = z.infer<z.ZodObject<S>>;

/** Common input fields, claude-code-hooks.md §3.1. The engine fills the required ones. */
export type CommonInput = Infer<typeof COMMON_INPUT>;

/** An event's own input fields, canonical snake_case. */
export type EventFields<E extends EventName> = Infer<Wire[E]['input']>;

/** The fields of an event's `hookSpecificOutput` (all optional), without `hookEventName`. */
export type HookSpecificFields<E extends EventName> = Partial<Infer<Wire[E]['hookSpecific']>>;
