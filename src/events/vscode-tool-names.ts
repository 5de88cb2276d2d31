// VS Code (Copilot Chat, Local harness) tool names and input keys ↔ Claude's, for `agent-hooks
// bridge`: a hook written for one host sees a tool call as its own host would send it.
//
// Sources: other-agents-hooks.md §2.6 (Claude compatibility FAQ: VS Code names tools differently
// and spells `tool_input` properties in camelCase, `filePath`, `create_file`,
// `replace_string_in_file`); VS Code's terminal tool is `run_in_terminal` with the command line at
// `tool_input.command`, as the PostToolUse payloads hook authors logged from VS Code Copilot Chat
// show. §2.6 also lists `runTerminalCommand`, a name VS Code does not send
// (docs/host-differences.md).
import { isRecord } from './payload-values.ts';

/** One VS Code tool with its Claude counterpart and the input keys spelled differently. */
export interface VscodeToolMapping {
  vscode: string;
  claude: string;
  /** VS Code key → Claude key. Keys not listed are the same in both, or have no counterpart. */
  keys: Readonly<Record<string, string>>;
}

export const VSCODE_TOOLS: readonly VscodeToolMapping[] = [
  // `command` is the same key; `explanation`, `goal`, `isBackground` and `timeout` stay as they are.
  { vscode: 'run_in_terminal', claude: 'Bash', keys: {} },
  { vscode: 'create_file', claude: 'Write', keys: { filePath: 'file_path' } },
  {
    vscode: 'replace_string_in_file',
    claude: 'Edit',
    keys: { filePath: 'file_path', oldString: 'old_string', newString: 'new_string' },
  },
  // `startLine`/`endLine` are not Claude's `offset`/`limit` (a range, not a count): left as they are.
  { vscode: 'read_file', claude: 'Read', keys: { filePath: 'file_path' } },
];

const BY_VSCODE = new Map(VSCODE_TOOLS.map((tool) => [tool.vscode, tool]));
const BY_CLAUDE = new Map(VSCODE_TOOLS.map((tool) => [tool.claude, tool]));

/** A tool call: the tool's name and its input (whatever the payload carried). */
export interface ToolCall {
  name: string;
  input: unknown;
}

/** `input` with its keys renamed by `renames`; a key whose new name is already there stays as it is. */
function renameKeys(input: unknown, renames: Readonly<Record<string, string>>): unknown {
  if (!isRecord(input)) return input;
  const out: Record<string, unknown> = {};
  for (const key in input) {
    if (!Object.hasOwn(input, key)) continue;
    const renamed = Object.hasOwn(renames, key) ? renames[key]! : key;
    out[renamed !== key && Object.hasOwn(input, renamed) ? key : renamed] = input[key];
  }
  return out;
}

function reversed(keys: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(Object.entries(keys).map(([vscode, claude]) => [claude, vscode]));
}

/** A VS Code tool call in Claude's form; a tool with no mapping is returned unchanged. */
export function vscodeCallToClaude(call: ToolCall): ToolCall {
  const tool = BY_VSCODE.get(call.name);
  return tool ? { name: tool.claude, input: renameKeys(call.input, tool.keys) } : call;
}

/** A Claude tool call as VS Code would send it; a tool with no mapping is returned unchanged. */
export function claudeCallToVscode(call: ToolCall): ToolCall {
  const tool = BY_CLAUDE.get(call.name);
  return tool ? { name: tool.vscode, input: renameKeys(call.input, reversed(tool.keys)) } : call;
}

/**
 * A Claude-form input (a hook's `updatedInput`) for the VS Code tool `vscodeName`, in VS Code's
 * keys; unchanged for a tool with no mapping.
 */
export function claudeInputToVscode(vscodeName: string, input: unknown): unknown {
  const tool = BY_VSCODE.get(vscodeName);
  return tool ? renameKeys(input, reversed(tool.keys)) : input;
}

/** A VS Code-form input for the Claude tool `claudeName`, in Claude's keys; unchanged without a mapping. */
export function vscodeInputToClaude(claudeName: string, input: unknown): unknown {
  const tool = BY_CLAUDE.get(claudeName);
  return tool ? renameKeys(input, tool.keys) : input;
}
