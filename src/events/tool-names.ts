/**
 * Copilot CLI runtime tool names ↔ Claude tool names (other-agents-hooks.md §1.4). PascalCase
 * (compat) Copilot hooks see the Claude name; camelCase hooks see the runtime name.
 */
export const COPILOT_TO_CLAUDE: Readonly<Record<string, string>> = {
  bash: 'Bash',
  // other-agents-hooks.md §1.4: "`bash`,`powershell`→`Bash`".
  powershell: 'Bash',
  view: 'Read',
  create: 'Write',
  edit: 'Edit',
  str_replace_editor: 'Edit',
  apply_patch: 'Edit',
  grep: 'Grep',
  rg: 'Grep',
  glob: 'Glob',
  web_fetch: 'WebFetch',
  web_search: 'WebSearch',
  ask_user: 'AskUserQuestion',
  update_todo: 'TodoWrite',
  task: 'Agent',
};

/** The first runtime name listed for each Claude name wins (`Edit` → `edit`). */
const CLAUDE_TO_COPILOT: Readonly<Record<string, string>> = (() => {
  const reverse: Record<string, string> = { Task: 'task' };
  for (const [runtime, claude] of Object.entries(COPILOT_TO_CLAUDE)) reverse[claude] ??= runtime;
  return reverse;
})();

/** Claude name for a Copilot runtime tool name; unknown names (MCP tools, Claude names) pass through. */
export function toClaudeToolName(name: string): string {
  return Object.hasOwn(COPILOT_TO_CLAUDE, name) ? COPILOT_TO_CLAUDE[name]! : name;
}

/** Copilot runtime name for a Claude tool name; unknown names pass through. */
export function toCopilotToolName(name: string): string {
  return Object.hasOwn(CLAUDE_TO_COPILOT, name) ? CLAUDE_TO_COPILOT[name]! : name;
}
