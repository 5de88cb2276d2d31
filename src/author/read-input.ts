import type { z } from 'zod';
import { resolveEventName } from '../events/dialect-names.ts';
import { normalizeInput } from '../events/normalize-input.ts';
import { isRecord } from '../events/payload-values.ts';
import { inputSchema } from '../events/wire/schemas.ts';
import { toolInputSchema } from '../events/wire/tool-inputs.ts';
import type { EventName } from '../model/event-name.ts';
import { describe } from './combine.ts';
import { omittedFields } from './host-fields.ts';
import { TOOL_EVENTS, type ToolEvent } from './types.ts';

/**
 * A `tool_input` that does not fit its tool's shape. It fails the run only once the handler
 * reads it: a hook that never looks at this tool's input (a Bash guard seeing a Read call)
 * is not failed by another tool's shape.
 */
export interface ToolInputProblem {
  readonly message: string;
  /** Set when the handler read `tool_input`. */
  read: boolean;
}

/** Thrown by a misfit `tool_input` when the handler reads it. */
class ToolInputError extends Error {
  override readonly name = 'ToolInputError';
}

export type ReadResult =
  | { ok: true; input: Record<string, unknown>; toolInputProblem?: ToolInputProblem }
  | { ok: false; message: string };

/** How many schema problems one message lists. */
const MAX_ISSUES = 3;

const schemas = new Map<EventName, z.ZodObject>();

/**
 * The event's input schema as the engine declares it (src/events/wire/schemas.ts), with the
 * fields some host leaves out made optional (host-fields.ts): `transcript_path` and the others.
 */
function schemaFor(event: EventName): z.ZodObject {
  let schema = schemas.get(event);
  if (!schema) {
    const base = inputSchema(event);
    const relaxed = ['transcript_path', ...omittedFields(event)].map((key) => [
      key,
      base.shape[key]!.optional(),
    ]);
    schema = base.extend(Object.fromEntries(relaxed));
    schemas.set(event, schema);
  }
  return schema;
}

function describeIssues(error: z.ZodError, prefix: string): string {
  const parts = error.issues.slice(0, MAX_ISSUES).map((issue) => {
    const path = [prefix, ...issue.path.map(String)].filter(Boolean).join('.');
    return `${path || '(payload)'}: ${issue.message}`;
  });
  const more = error.issues.length - MAX_ISSUES;
  return more > 0 ? `${parts.join('; ')}; and ${more} more` : parts.join('; ');
}

/** The event a payload names for itself, in any host's key (Copilot's permissionRequest uses `hookName`). */
function namedEvent(payload: Record<string, unknown>): string | undefined {
  for (const key of ['hook_event_name', 'hookEventName', 'hookName']) {
    if (typeof payload[key] === 'string') return payload[key] as string;
  }
  return undefined;
}

/**
 * Reads one payload from any host (Claude snake_case, Copilot camelCase or PascalCase-key,
 * VS Code) into the canonical input of `event`, checked against the event's wire schema and,
 * for a known tool, against its input shape (ToolInputProblem). Copilot payloads carry no event
 * name: the event is the one the hook was defined for.
 */
export function readPayload(event: EventName, payload: unknown): ReadResult {
  if (!isRecord(payload))
    return { ok: false, message: `the payload is ${describe(payload)}, not a JSON object` };
  const named = namedEvent(payload);
  if (named !== undefined && resolveEventName(named)?.event !== event) {
    return {
      ok: false,
      message: `the payload is for ${JSON.stringify(named)}, but this hook was defined for ${event}: register it under ${event} in the configuration`,
    };
  }
  const input = normalizeInput(event, payload);
  input.hook_event_name = event;
  const parsed = schemaFor(event).safeParse(input);
  if (!parsed.success) return { ok: false, message: describeIssues(parsed.error, '') };
  if ((TOOL_EVENTS as readonly string[]).includes(event)) {
    const message = checkToolInput(event as ToolEvent, input);
    if (message !== undefined) return { ok: true, input, toolInputProblem: guardToolInput(input, message) };
  }
  return { ok: true, input };
}

/** Replaces `input.tool_input` by a getter that records the read and throws ToolInputError. */
function guardToolInput(input: Record<string, unknown>, message: string): ToolInputProblem {
  const problem: ToolInputProblem = { message, read: false };
  Object.defineProperty(input, 'tool_input', {
    enumerable: true,
    get() {
      problem.read = true;
      throw new ToolInputError(message);
    },
  });
  return problem;
}

function checkToolInput(event: ToolEvent, input: Record<string, unknown>): string | undefined {
  const toolName = input.tool_name as string;
  const schema = toolInputSchema(toolName);
  if (schema === undefined) return undefined;
  const parsed = schema.safeParse(input.tool_input);
  if (parsed.success) return undefined;
  return `${describeIssues(parsed.error, 'tool_input')} (a ${toolName} call on ${event}; the SDK types tool_input by Claude Code's ${toolName} input)`;
}
