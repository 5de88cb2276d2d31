import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'jsonc-parser';
import type { VscodeSettings } from '../config/discovery/types.ts';

/** The workspace settings file VS Code reads (other-agents-hooks.md §2.2). */
const WORKSPACE_SETTINGS = '.vscode/settings.json';

/**
 * The hook settings of the project's `.vscode/settings.json` (JSONC), so that doctor judges
 * VS Code with the switches the workspace really sets; missing or unreadable means defaults.
 */
export async function readWorkspaceVscodeSettings(projectDir: string): Promise<VscodeSettings> {
  let value: unknown;
  try {
    value = parse(await readFile(path.join(projectDir, WORKSPACE_SETTINGS), 'utf8'));
  } catch {
    return {};
  }
  if (typeof value !== 'object' || value === null) return {};
  const settings = value as Record<string, unknown>;
  const out: VscodeSettings = {};
  if (typeof settings['chat.useClaudeHooks'] === 'boolean')
    out.useClaudeHooks = settings['chat.useClaudeHooks'];
  if (typeof settings['chat.useCustomAgentHooks'] === 'boolean')
    out.useCustomAgentHooks = settings['chat.useCustomAgentHooks'];
  const locations = settings['chat.hookFilesLocations'];
  if (typeof locations === 'object' && locations !== null && !Array.isArray(locations)) {
    out.hookFilesLocations = Object.fromEntries(
      Object.entries(locations).filter((entry): entry is [string, boolean] => typeof entry[1] === 'boolean'),
    );
  }
  return out;
}
