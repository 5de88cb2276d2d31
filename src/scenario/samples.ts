import { homedir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { EVENT_BY_NAME } from '../events/catalogue.ts';
import { TOOL_CALL_EVENTS } from '../events/event-sets.ts';
import { renderPayload } from '../events/payload.ts';
import { COPILOT_BUILDERS } from '../events/payload-copilot.ts';
import { toClaudeToolName } from '../events/tool-names.ts';
import { WIRE } from '../events/wire/registry.ts';
import { toolInputSchema } from '../events/wire/tool-inputs.ts';
import type { Dialect } from '../model/dialect.ts';
import type { EventName } from '../model/event-name.ts';
import type { ProfileName } from '../model/profile-name.ts';
import { RECORDED_OTHER } from './recorded-inputs.ts';
import { RECORDED_POST_TOOL } from './recorded-post-tool.ts';
import { RECORDED_PRE_TOOL } from './recorded-pre-tool.ts';

const RECORDED: Readonly<Record<string, Readonly<Record<string, unknown>>>> = {
  ...RECORDED_OTHER,
  ...RECORDED_PRE_TOOL,
  ...RECORDED_POST_TOOL,
};

/** The tool a tool event's sample calls when none is named: the one recorded on every tool event. */
const DEFAULT_TOOL = 'Bash';
/** Stands in for the recordings' `$UUID`: fixed, so that `--update` records stable expectations. */
const SAMPLE_UUID = '00000000-0000-4000-8000-000000000000';
/** The session id samples are rendered with. */
export const SAMPLE_SESSION_ID = 'sample-session';
/** A fixed clock for the dialects that stamp a time, so samples are reproducible. */
const SAMPLE_TIME = new Date('2026-01-01T00:00:00.000Z');

/** The payload dialect each host sends its own hooks (a Copilot camelCase key, VS Code's format). */
const PROFILE_DIALECT: Readonly<Record<ProfileName, Dialect>> = {
  'claude-code': 'claude',
  'copilot-cli': 'copilot',
  vscode: 'vscode',
};

/** `PreToolUse:Bash` parsed: a canonical event and, for tool events, a Claude tool name. */
export interface SampleSpec {
  event: EventName;
  tool?: string;
}

function withPlaceholders(value: unknown, projectDir: string): unknown {
  if (typeof value === 'string') {
    return value
      .replaceAll('$PROJECT_DIR', projectDir)
      .replaceAll('$HOME', homedir())
      .replaceAll('$UUID', SAMPLE_UUID);
  }
  if (Array.isArray(value)) return value.map((item) => withPlaceholders(item, projectDir));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, withPlaceholders(item, projectDir)]),
    );
  }
  return value;
}

/** A string field's stand-in: a transcript, a file in the project, or words naming the field. */
function exampleText(name: string, projectDir: string): string {
  if (name.includes('transcript')) return join(homedir(), '.claude', 'projects', 'sample', `${name}.jsonl`);
  if (/path$/.test(name)) return join(projectDir, 'src', 'example.ts');
  return `example ${name.replaceAll('_', ' ')}`;
}

/** A plausible value for a field no recording shows, read off its wire schema. */
function exampleOf(schema: z.ZodType, name: string, projectDir: string): unknown {
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable || schema instanceof z.ZodDefault) {
    return exampleOf(schema.unwrap() as z.ZodType, name, projectDir);
  }
  if (schema instanceof z.ZodObject) return requiredFields(schema.shape, projectDir);
  if (schema instanceof z.ZodEnum) return schema.options[0];
  if (schema instanceof z.ZodLiteral) return schema.value;
  if (schema instanceof z.ZodUnion) return exampleOf(schema.options[0] as z.ZodType, name, projectDir);
  if (schema instanceof z.ZodString) return exampleText(name, projectDir);
  if (schema instanceof z.ZodNumber) return 0;
  if (schema instanceof z.ZodBoolean) return false;
  if (schema instanceof z.ZodArray) return [];
  return schema instanceof z.ZodRecord ? {} : null;
}

/** Every required field of a shape, each with a plausible value. */
function requiredFields(
  shape: Readonly<Record<string, z.ZodType>>,
  projectDir: string,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(shape)) {
    if (!(field instanceof z.ZodOptional)) out[name] = exampleOf(field, name, projectDir);
  }
  return out;
}

function toolInputFor(tool: string, projectDir: string): Record<string, unknown> {
  const schema = toolInputSchema(tool);
  return schema instanceof z.ZodObject ? requiredFields(schema.shape, projectDir) : {};
}

/**
 * The canonical (snake_case) input of a sample, without the session fields: the recorded Claude
 * Code payload of the event and tool where one exists, else the recording of the event with the
 * tool's declared input, else every required field of the event's catalogue entry.
 */
export function sampleInput(spec: SampleSpec, projectDir: string): Record<string, unknown> {
  const toolEvent = TOOL_CALL_EVENTS.has(spec.event);
  const tool = toolEvent ? (spec.tool ?? DEFAULT_TOOL) : undefined;
  const exact = RECORDED[tool ? `${spec.event}:${tool}` : spec.event];
  if (exact) return withPlaceholders(exact, projectDir) as Record<string, unknown>;
  const base = tool ? RECORDED[`${spec.event}:${DEFAULT_TOOL}`] : undefined;
  const input = base
    ? (withPlaceholders(base, projectDir) as Record<string, unknown>)
    : requiredFields(WIRE[spec.event].input, projectDir);
  if (tool) {
    input.tool_name = tool;
    input.tool_input = toolInputFor(tool, projectDir);
  }
  return input;
}

/**
 * The canonical input of a sample as `profile`'s host would send it: Claude Code's recording
 * whole; other hosts only the event's own fields, never Claude Code's prompt_id, effort, …
 * (scenario cases with `sample:` dispatch this).
 */
export function sampleInputFor(
  spec: SampleSpec,
  profile: ProfileName,
  projectDir: string,
): Record<string, unknown> {
  const input = sampleInput(spec, projectDir);
  switch (PROFILE_DIALECT[profile]) {
    case 'claude':
      return input;
    case 'copilot':
      return copilotFields(spec.event, input);
    default:
      return declaredFields(spec.event, input);
  }
}

/**
 * `agent-hooks test --sample`: the payload a hook of `profile`'s own dialect would read on stdin,
 * rendered by the engine's payload renderers (the same the runners use).
 */
export function samplePayload(
  spec: SampleSpec,
  profile: ProfileName,
  projectDir: string,
): Record<string, unknown> {
  const dialect = PROFILE_DIALECT[profile];
  const sent = sampleInputFor(spec, profile, projectDir);
  return renderPayload(spec.event, sent, dialect, {
    sessionId: SAMPLE_SESSION_ID,
    transcriptPath: join(homedir(), '.claude', 'projects', 'sample', `${SAMPLE_SESSION_ID}.jsonl`),
    cwd: projectDir,
    now: SAMPLE_TIME,
  });
}

/**
 * What Copilot CLI sends of a canonical input (copilot-cli-observed.md "Payloads"): only the fields
 * its payload builder reads, none of Claude Code's own (`tool_use_id`, `duration_ms`,
 * `is_interrupt`, `last_assistant_message`, …), with the values the observed host sent.
 */
function copilotFields(event: EventName, input: Record<string, unknown>): Record<string, unknown> {
  const builder = COPILOT_BUILDERS[event];
  if (!builder) return declaredFields(event, input);
  const read = new Set(builder(input, '').consumed);
  const sent = Object.fromEntries(Object.entries(input).filter(([key]) => read.has(key)));
  return { ...sent, ...COPILOT_OBSERVED_VALUES[event]?.(sent) };
}

/**
 * Values the observed Copilot CLI sends where Claude Code's recording differs: a new session is
 * `source: "new"`; a permission request's `toolInput` is the request itself (`{command}`, no
 * `description`) and `permissionSuggestions` is empty.
 */
const COPILOT_OBSERVED_VALUES: Partial<
  Record<EventName, (sent: Record<string, unknown>) => Record<string, unknown>>
> = {
  SessionStart: () => ({ source: 'new' }),
  PermissionRequest: (sent) => ({
    tool_input: withoutDescription(sent.tool_input),
    permission_suggestions: [],
  }),
};

function withoutDescription(toolInput: unknown): unknown {
  if (toolInput === null || typeof toolInput !== 'object' || Array.isArray(toolInput)) return toolInput;
  const { description: _, ...request } = toolInput as Record<string, unknown>;
  return request;
}

function declaredFields(event: EventName, input: Record<string, unknown>): Record<string, unknown> {
  const declared = new Set(EVENT_BY_NAME[event].input.map((field) => field.name));
  return Object.fromEntries(Object.entries(input).filter(([key]) => declared.has(key)));
}

/** Splits `Event:Tool`; the event is resolved by the caller, a Copilot tool name becomes Claude's. */
export function splitSampleName(text: string): { event: string; tool?: string } {
  const at = text.indexOf(':');
  if (at < 0) return { event: text };
  const tool = text.slice(at + 1);
  return { event: text.slice(0, at), ...(tool ? { tool: toClaudeToolName(tool) } : {}) };
}
