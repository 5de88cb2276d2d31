import type { FieldSpec, FieldType } from './types.ts';

/** Small builders that keep the catalogue rows readable: `req('prompt')`, `opt('model')`. */

interface FieldExtras {
  readonly values?: readonly string[];
  readonly description?: string;
}

function field(name: string, type: FieldType, optional: boolean, extras: FieldExtras): FieldSpec {
  return {
    name,
    type,
    ...(optional ? { optional: true } : {}),
    ...(extras.values ? { values: extras.values } : {}),
    ...(extras.description ? { description: extras.description } : {}),
  };
}

/** A field present on every payload of the event. */
export function req(name: string, type: FieldType = 'string', extras: FieldExtras = {}): FieldSpec {
  return field(name, type, false, extras);
}

/** A field that may be absent. */
export function opt(name: string, type: FieldType = 'string', extras: FieldExtras = {}): FieldSpec {
  return field(name, type, true, extras);
}

/** Universal top-level output fields (claude-code-hooks.md §3.2). */
export const UNIVERSAL_OUTPUT = [
  'continue',
  'stopReason',
  'suppressOutput',
  'systemMessage',
  'terminalSequence',
] as const;

/** Universal fields plus the top-level `decision`/`reason` pair. */
export const DECISION_OUTPUT = [...UNIVERSAL_OUTPUT, 'decision', 'reason'] as const;

export const ALL_HANDLER_TYPES = ['command', 'http', 'mcp_tool', 'prompt', 'agent'] as const;
export const NON_LLM_HANDLER_TYPES = ['command', 'http', 'mcp_tool'] as const;

/** Default command/http/mcp_tool timeout (claude-code-hooks.md §4.1). */
export const DEFAULT_TIMEOUT_SEC = 600;

/** Known `tool_name` values (claude-code-hooks.md §2.7). Open set: MCP tools are `mcp__<server>__<tool>`. */
export const TOOL_NAMES = [
  'Bash',
  'PowerShell',
  'Edit',
  'Write',
  'Read',
  'Glob',
  'Grep',
  'Agent',
  'WebFetch',
  'WebSearch',
  'AskUserQuestion',
  'ExitPlanMode',
] as const;

/** The fields every tool event shares (§2.7–§2.11). */
export const TOOL_NAME_FIELD = req('tool_name', 'string', { description: 'Claude tool name, e.g. `Bash`.' });
export const TOOL_INPUT_FIELD = req('tool_input', 'object', { description: 'Tool-specific arguments.' });
export const TOOL_USE_ID_FIELD = req('tool_use_id', 'string');
export const MCP_SERVER_FIELD = opt('mcp_server', 'object', {
  description: '`{name, source}` for MCP tools (≥ ~2.1.274).',
});
