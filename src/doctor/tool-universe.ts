import { TOOL_NAMES } from '../events/field-builders.ts';
import { COPILOT_TO_CLAUDE } from '../events/tool-names.ts';
import type { Dialect } from '../model/dialect.ts';

/**
 * Claude Code's tool names beyond the documented PreToolUse list (claude-code-hooks.md §2.7):
 * the file tools of §5.3 (`MultiEdit`, `NotebookEdit`), the legacy `Task` (§5.1), `TaskStop`
 * (§5.1, canonical names), and the session tools a matcher may name.
 */
const MORE_CLAUDE_TOOLS = [
  'MultiEdit',
  'NotebookEdit',
  'NotebookRead',
  'Task',
  'TaskStop',
  'TaskOutput',
  'TodoWrite',
  'BashOutput',
  'KillShell',
  'Skill',
  'SlashCommand',
  'EnterPlanMode',
  'LSP',
  'ListMcpResourcesTool',
  'ReadMcpResourceTool',
] as const;

export const CLAUDE_TOOLS: readonly string[] = [...TOOL_NAMES, ...MORE_CLAUDE_TOOLS];

/** Copilot CLI's runtime names (other-agents-hooks.md §1.4), what camelCase hooks see. */
export const COPILOT_RUNTIME_TOOLS: readonly string[] = Object.keys(COPILOT_TO_CLAUDE);

/**
 * The tool names a handler's matcher is tested against: Copilot's runtime names for camelCase
 * Copilot hooks, the Claude names for every other dialect (PascalCase Copilot hooks are "VS Code
 * compatible" and see Claude names, §1.4).
 */
export function toolNamesSeenBy(dialect: Dialect): { own: readonly string[]; other: readonly string[] } {
  return dialect === 'copilot'
    ? { own: COPILOT_RUNTIME_TOOLS, other: CLAUDE_TOOLS }
    : { own: CLAUDE_TOOLS, other: COPILOT_RUNTIME_TOOLS };
}
