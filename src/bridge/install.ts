// `bridge install`: the smallest host configuration that routes every event the host has to the
// bridge. What is written is data here; src/cli/write/ merges it into the file.
import { join } from 'node:path';
import { FILE_SCHEMA_URLS } from '../config/schema/schema-urls.ts';
import { EVENTS } from '../events/catalogue.ts';
import type { EventSpec } from '../events/types.ts';
import type { ProfileName } from '../model/profile-name.ts';

/** Copilot-only events (README "Compatibility": 34 Claude events + these two). */
const NOT_IN_CLAUDE: ReadonlySet<string> = new Set(['ErrorOccurred', 'UserPromptTransformed']);

/** A hooks folder only VS Code reads, so Copilot CLI does not run VS Code's entries too. */
export const VSCODE_HOOKS_FOLDER = '.vscode/hooks';
export const VSCODE_SETTINGS_FILE = '.vscode/settings.json';
export const VSCODE_LOCATIONS_KEY = 'chat.hookFilesLocations';

export interface InstallPlan {
  /** The hook file, relative to the project. */
  file: string;
  /** The configuration merged into it. */
  config: Record<string, unknown>;
}

/** The `$schema` of each host's file: the addresses `convert` and `create` write too. */
const SCHEMAS: Record<ProfileName, string> = {
  'claude-code': FILE_SCHEMA_URLS.claude,
  'copilot-cli': FILE_SCHEMA_URLS.copilot,
  vscode: FILE_SCHEMA_URLS.vscode,
};

function claudeEntries(command: string): Record<string, unknown[]> {
  const hooks: Record<string, unknown[]> = {};
  for (const spec of EVENTS.filter((event: EventSpec) => !NOT_IN_CLAUDE.has(event.name))) {
    const handler = { type: 'command', command: `${command} bridge --host claude-code` };
    // claude-code-hooks.md §1: `*` matches every tool (or source, trigger, …) where matchers apply.
    hooks[spec.name] = [
      spec.matcher.field === null ? { hooks: [handler] } : { matcher: '*', hooks: [handler] },
    ];
  }
  return hooks;
}

function copilotEntries(command: string): Record<string, unknown[]> {
  const hooks: Record<string, unknown[]> = {};
  for (const spec of EVENTS) {
    const key = spec.dialects.copilot;
    // camelCase keys: the payload names no event, so the command does.
    if (key) hooks[key] = [{ type: 'command', bash: `${command} bridge --host copilot-cli --event ${key}` }];
  }
  return hooks;
}

function vscodeEntries(command: string): Record<string, unknown[]> {
  const hooks: Record<string, unknown[]> = {};
  for (const spec of EVENTS) {
    const key = spec.dialects.vscode;
    if (key) hooks[key] = [{ type: 'command', command: `${command} bridge --host vscode` }];
  }
  return hooks;
}

/** The file and configuration `bridge install --host` writes; `command` starts the CLI. */
export function installPlan(host: ProfileName, command: string): InstallPlan {
  const $schema = SCHEMAS[host];
  if (host === 'claude-code')
    return { file: join('.claude', 'settings.json'), config: { $schema, hooks: claudeEntries(command) } };
  if (host === 'copilot-cli')
    return {
      file: join('.github', 'hooks', 'agent-hooks.json'),
      config: { $schema, version: 1, hooks: copilotEntries(command) },
    };
  return {
    file: join(VSCODE_HOOKS_FOLDER, 'agent-hooks.json'),
    config: { $schema, hooks: vscodeEntries(command) },
  };
}
