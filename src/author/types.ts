import type { CommonInput, EventFields } from '../events/inputs.ts';
import type { KnownToolName, ToolInputs } from '../events/wire/tool-inputs.ts';
import type { EventName } from '../model/event-name.ts';
import type { HOST_OMITTED_FIELDS } from './host-fields.ts';

/** The agent that ran the hook; its name is the engine profile that emulates it. */
export type Host = 'claude-code' | 'copilot-cli' | 'vscode';

export const HOSTS: readonly Host[] = ['claude-code', 'copilot-cli', 'vscode'];

/** Events whose payload carries one tool call: `tool_name` and `tool_input`. */
export type ToolEvent =
  | 'PreToolUse'
  | 'PermissionRequest'
  | 'PermissionDenied'
  | 'PostToolUse'
  | 'PostToolUseFailure';

export const TOOL_EVENTS: readonly ToolEvent[] = [
  'PreToolUse',
  'PermissionRequest',
  'PermissionDenied',
  'PostToolUse',
  'PostToolUseFailure',
];

/** MCP tools are `mcp__<server>__<tool>`; their input is whatever the server declares. */
export type McpToolName = `mcp__${string}`;

/**
 * Tools known by name whose input no reference documents: Claude's `TodoWrite` (Copilot's
 * `update_todo`, other-agents-hooks.md §1.4) and VS Code's own tools (§2.6).
 */
export type UntypedToolName =
  | 'TodoWrite'
  | 'editFiles'
  | 'create_file'
  | 'replace_string_in_file'
  | 'read_file'
  | 'run_in_terminal'
  // Named in other-agents-hooks.md §2.6, though VS Code sends `run_in_terminal` (host-differences).
  | 'runTerminalCommand';

/**
 * One tool call, discriminated by `tool_name`, so `if (input.tool_name === 'Bash')` narrows
 * `tool_input`. TypeScript cannot narrow a union that also holds a plain `string` member, so
 * the list is closed: a tool outside it still reaches the hook at run time (keep a default branch).
 */
export type ToolCall =
  | { [T in KnownToolName]: { tool_name: T; tool_input: ToolInputs[T] } }[KnownToolName]
  | { tool_name: McpToolName; tool_input: unknown }
  | { tool_name: UntypedToolName; tool_input: Record<string, unknown> };

export type ToolName = ToolCall['tool_name'];

type Simplify<T> = { [K in keyof T]: T[K] } & {};

/** Fields some host leaves out of the event's payload (host-fields.ts); optional here. */
type Omitted<E extends EventName> = E extends keyof typeof HOST_OMITTED_FIELDS
  ? (typeof HOST_OMITTED_FIELDS)[E][number]
  : never;

type Relaxed<E extends EventName> = {
  [K in keyof EventFields<E> as K extends Omitted<E> ? never : K]: EventFields<E>[K];
} & { [K in keyof EventFields<E> as K extends Omitted<E> ? K : never]?: EventFields<E>[K] };

/**
 * Common fields every host sends (session, cwd, the event); the others are optional because
 * not every host sends them (Copilot has no `transcript_path` on most events).
 */
type Common<E extends EventName> = { session_id: string; cwd: string; hook_event_name: E } & Partial<
  Omit<CommonInput, 'session_id' | 'cwd' | 'hook_event_name'>
>;

type Base<E extends EventName> = Relaxed<E> & Common<E>;

type WithTool<B> = ToolCall extends infer C ? (C extends ToolCall ? Simplify<B & C> : never) : never;

/**
 * What a hook written with `defineHook(E, …)` receives: the event's canonical (snake_case)
 * payload, whatever host sent it, with `tool_input` typed per tool on tool events. Derived from
 * the per-event wire schemas (src/events/wire/) the engine uses.
 */
export type HookInput<E extends EventName> = E extends ToolEvent
  ? WithTool<Omit<Base<E>, 'tool_name' | 'tool_input'>>
  : Simplify<Base<E>>;

/** `input` narrowed to the tools listed in `defineHook`'s `tools` option. */
export type ForTools<I, T> = I extends { tool_name: infer N }
  ? T extends N
    ? Simplify<Omit<I, 'tool_name'> & { tool_name: T }>
    : never
  : I;
