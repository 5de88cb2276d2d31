import { COPILOT_TO_CLAUDE } from '../events/tool-names.ts';

/**
 * Tool names across hosts. Copilot CLI reports its runtime names (`bash`, `view`, …) in camelCase
 * payloads and the Claude names in PascalCase ("VS Code compatible") payloads; the one table
 * (other-agents-hooks.md §1.4) lives in src/events/tool-names.ts.
 */

/**
 * Claude Code's legacy tool names, normalized on both sides of a comparison
 * (claude-code-hooks.md §2.7 and §5.1: `normalizeLegacyToolName`, old `Task` vs current `Agent`).
 */
const LEGACY_TO_CURRENT: Readonly<Record<string, string>> = {
  Task: 'Agent',
};

const CURRENT_TO_LEGACY: Readonly<Record<string, readonly string[]>> = invert(LEGACY_TO_CURRENT);
const CLAUDE_TO_COPILOT: Readonly<Record<string, readonly string[]>> = invert(COPILOT_TO_CLAUDE);

function invert(table: Readonly<Record<string, string>>): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [from, to] of Object.entries(table)) out[to] = [...(out[to] ?? []), from];
  return out;
}

/** The Claude name of a Copilot runtime tool name, or undefined when the table has none. */
export function claudeToolName(copilotName: string): string | undefined {
  return Object.hasOwn(COPILOT_TO_CLAUDE, copilotName) ? COPILOT_TO_CLAUDE[copilotName] : undefined;
}

/** Every Copilot runtime name that reports as this Claude name (e.g. `Bash` → `bash`, `powershell`). */
export function copilotToolNames(claudeName: string): readonly string[] {
  return Object.hasOwn(CLAUDE_TO_COPILOT, claudeName) ? (CLAUDE_TO_COPILOT[claudeName] ?? []) : [];
}

/** The current Claude Code name for a possibly legacy tool name (`Task` → `Agent`). */
export function normalizeLegacyToolName(name: string): string {
  return Object.hasOwn(LEGACY_TO_CURRENT, name) ? (LEGACY_TO_CURRENT[name] ?? name) : name;
}

/** Legacy names that still denote this current tool (`Agent` → [`Task`]). */
export function legacyAliases(currentName: string): readonly string[] {
  return Object.hasOwn(CURRENT_TO_LEGACY, currentName) ? (CURRENT_TO_LEGACY[currentName] ?? []) : [];
}
