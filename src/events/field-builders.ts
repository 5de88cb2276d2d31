import { DECISION_KEYS, UNIVERSAL_OUTPUT_KEYS } from './generated/wire-fields.ts';
import type { TopLevelOutputField } from './types.ts';

/** Constants that keep the catalogue rows short. Field lists live in the wire schemas (./wire/). */

/** Universal top-level output fields (claude-code-hooks.md §3.2), from the wire schema. */
export const UNIVERSAL_OUTPUT = UNIVERSAL_OUTPUT_KEYS as readonly TopLevelOutputField[];

/** Universal fields plus the top-level `decision`/`reason` pair. */
export const DECISION_OUTPUT = [...UNIVERSAL_OUTPUT, ...DECISION_KEYS] as readonly TopLevelOutputField[];

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
