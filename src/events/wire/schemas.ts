import { z } from 'zod';
import type { Dialect } from '../../model/dialect.ts';
import type { EventName } from '../../model/event-name.ts';
import {
  ASYNC_SHAPE,
  COMMON_INPUT,
  DECISION_SHAPE,
  type EventWire,
  type Shape,
  UNIVERSAL_OUTPUT_SHAPE,
} from './common.ts';
import { COPILOT_DECISION, type COPILOT_FIELDS } from './copilot.ts';
import { WIRE } from './registry.ts';

/**
 * The zod schemas of one event, assembled from its wire row: the input payload and the output
 * as each dialect reads it. Built on first use and kept, so importing the catalogue stays cheap.
 */

const CLAUDE_TOP = { ...UNIVERSAL_OUTPUT_SHAPE, ...DECISION_SHAPE, ...ASYNC_SHAPE } satisfies Shape;
const COPILOT_TOP = { ...UNIVERSAL_OUTPUT_SHAPE, decision: COPILOT_DECISION, reason: DECISION_SHAPE.reason };
/**
 * VS Code reads Claude's top level without the async form: its hook service waits for every hook
 * (other-agents-hooks.md §2.5 `ChatHookService.executeHook`; §7.1 "Async / background": ❌).
 */
const VSCODE_TOP = {
  ...UNIVERSAL_OUTPUT_SHAPE,
  ...DECISION_SHAPE,
  additionalContext: z.string().describe('Read at the top level too.'),
} satisfies Shape;
/**
 * Where VS Code's hook service reads no top-level `decision` (a Stop/SubagentStop block is read
 * inside `hookSpecificOutput`, a PreToolUse decision from `permissionDecision` only): the top
 * level without it (other-agents-hooks.md §2.5, "Per-event aggregation").
 */
const { decision: _decision, reason: _reason, ...VSCODE_NO_DECISION_TOP } = VSCODE_TOP;

/** Whether a dialect reads the Stop block nested in `hookSpecificOutput` (other-agents-hooks.md §2.5). */
export function readsNestedDecision(dialect: Dialect): boolean {
  return dialect === 'vscode' || dialect === 'copilot-compat';
}

/** Top-level output fields `dialect` reads on `event`, `hookSpecificOutput` aside (all optional). */
export function topLevelShape(event: EventName, dialect: Dialect): Shape {
  if (dialect === 'claude') return CLAUDE_TOP;
  const wire: EventWire = WIRE[event];
  if (dialect === 'vscode') return vscodeReadsTopDecision(event) ? VSCODE_TOP : VSCODE_NO_DECISION_TOP;
  return { ...COPILOT_TOP, ...wire.copilot };
}

/** Whether VS Code's hook service reads a top-level `decision` on `event` (§2.5). */
export function vscodeReadsTopDecision(event: EventName): boolean {
  const wire: EventWire = WIRE[event];
  return wire.vscode?.topDecision !== false;
}

/** Fields `dialect` reads inside `hookSpecificOutput` on `event`, `hookEventName` aside (all optional). */
export function hookSpecificShape(event: EventName, dialect: Dialect): Shape {
  const wire: EventWire = WIRE[event];
  const nested = readsNestedDecision(dialect) ? wire.nestedDecision : undefined;
  const own = dialect === 'vscode' ? wire.vscode?.hookSpecific : undefined;
  return nested || own ? { ...wire.hookSpecific, ...nested, ...own } : wire.hookSpecific;
}

/** The `hookEventName` values accepted on `event`: its own name and VS Code's aliases (§2.5). */
function hookEventNames(event: EventName): readonly string[] {
  const wire: EventWire = WIRE[event];
  return [event, ...(wire.hookEventAliases ?? [])];
}

/** Whether `name` is an accepted `hookEventName` on `event` (allocates nothing: read per output). */
export function acceptsHookEventName(event: EventName, name: unknown): boolean {
  const wire: EventWire = WIRE[event];
  return name === event || (wire.hookEventAliases?.includes(name as string) ?? false);
}

function optionalAll(shape: Shape): Shape {
  return Object.fromEntries(Object.entries(shape).map(([key, schema]) => [key, schema.optional()]));
}

const inputs = new Map<EventName, z.ZodObject>();
const outputs = new Map<string, z.ZodObject>();

/** The whole payload a Claude-dialect handler receives on `event` (common fields included). */
export function inputSchema(event: EventName): z.ZodObject {
  let schema = inputs.get(event);
  if (!schema) {
    schema = z.object({ ...COMMON_INPUT, hook_event_name: z.literal(event), ...WIRE[event].input });
    inputs.set(event, schema);
  }
  return schema;
}

/** The JSON object a handler written in `dialect` may print on `event`. Unknown fields are allowed. */
export function outputSchema(event: EventName, dialect: Dialect): z.ZodObject {
  const key = `${event}\u0000${dialect}`;
  let schema = outputs.get(key);
  if (!schema) {
    const names = hookEventNames(event) as [string, ...string[]];
    const specific = z.object({
      hookEventName: z.enum(names).describe('Must name the firing event.'),
      ...optionalAll(hookSpecificShape(event, dialect)),
    });
    schema = z.object({
      ...optionalAll(topLevelShape(event, dialect)),
      hookSpecificOutput: specific.optional(),
    });
    outputs.set(key, schema);
  }
  return schema;
}

type Infer<S extends Shape> = z.infer<z.ZodObject<S>>;
type EveryTopLevel = Omit<typeof VSCODE_TOP, 'decision'> & typeof COPILOT_TOP & typeof COPILOT_FIELDS;

/** Any top-level field some dialect reads, as `readFields` returns it once validated. */
export type TopLevelOutput = Partial<Infer<EveryTopLevel>>;

/** Any `hookSpecificOutput` field the engine maps onto an effect, once validated. */
export type HookSpecificOutputRead = Partial<
  Omit<Infer<(typeof WIRE)['PreToolUse']['hookSpecific']>, 'decision'> &
    Infer<(typeof WIRE)['PostToolUse']['hookSpecific']> & {
      decision: Infer<(typeof WIRE)['PermissionRequest']['hookSpecific']>['decision'] | 'block';
      reason: string;
    }
>;
