// `bridge install`: the smallest host configuration that routes every event the host has to the
// bridge. What is written is data here; src/cli/write/ merges it into the file.
import { isAbsolute, join } from 'node:path';
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

/**
 * The timeout, in seconds, written on the Copilot CLI (`timeoutSec`) and VS Code (`timeout`)
 * entries. Both hosts kill a hook after 30 s by default (other-agents-hooks.md §1.1, §2.3, §2.5),
 * and the bridge is one hook that runs all the bridged ones, each with its own timeout: Claude
 * Code's default is 600 s for a command hook (claude-code-hooks.md, `timeout`), so a Claude hook
 * that may take two minutes to deny would be cut off at 30 s, which Copilot CLI reads as "allow"
 * (a timeout always fails open, §1.5) and VS Code as a non-blocking warning. 600 s is the longest
 * default of the three hosts; Claude's own entries need none, since 600 s is already its default.
 */
export const BRIDGE_TIMEOUT_SEC = 600;

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

function claudeEntries(command: string, extra: string): Record<string, unknown[]> {
  const hooks: Record<string, unknown[]> = {};
  for (const spec of EVENTS.filter((event: EventSpec) => !NOT_IN_CLAUDE.has(event.name))) {
    const handler = { type: 'command', command: `${command} bridge --host claude-code${extra}` };
    // claude-code-hooks.md §1: `*` matches every tool (or source, trigger, …) where matchers apply.
    hooks[spec.name] = [
      spec.matcher.field === null ? { hooks: [handler] } : { matcher: '*', hooks: [handler] },
    ];
  }
  return hooks;
}

function copilotEntries(command: string, extra: string): Record<string, unknown[]> {
  const hooks: Record<string, unknown[]> = {};
  for (const spec of EVENTS) {
    const key = spec.dialects.copilot;
    // camelCase keys: the payload names no event, so the command does.
    if (key)
      hooks[key] = [
        {
          type: 'command',
          bash: `${command} bridge --host copilot-cli --event ${key}${extra}`,
          timeoutSec: BRIDGE_TIMEOUT_SEC,
        },
      ];
  }
  return hooks;
}

function vscodeEntries(command: string, extra: string): Record<string, unknown[]> {
  const hooks: Record<string, unknown[]> = {};
  for (const spec of EVENTS) {
    const key = spec.dialects.vscode;
    if (key)
      hooks[key] = [
        { type: 'command', command: `${command} bridge --host vscode${extra}`, timeout: BRIDGE_TIMEOUT_SEC },
      ];
  }
  return hooks;
}

/** Options the installed command passes on to every bridge run (`--tool-schemas`, `--invalid-rewrite`). */
export interface BridgeArguments {
  /** The schema file as the command names it (relative to the project, where hosts start hooks). */
  toolSchemas?: string;
  invalidRewrite?: string;
}

/** A word the host's shell reads as it is: quoted unless it is plainly safe. */
function shellWord(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", "'\\''")}'`;
}

/**
 * The schema file's word: Claude Code may start a hook from a subfolder of the project, so a
 * project-relative path starts at `$CLAUDE_PROJECT_DIR` (claude-code-hooks.md §6.5); Copilot CLI
 * and VS Code start hooks at the repository root.
 */
function schemasWord(host: ProfileName, file: string): string {
  if (isAbsolute(file) || host !== 'claude-code') return shellWord(file);
  return `"$CLAUDE_PROJECT_DIR"/${shellWord(file)}`;
}

function argumentText(host: ProfileName, args: BridgeArguments): string {
  const words: string[] = [];
  if (args.toolSchemas !== undefined) words.push('--tool-schemas', schemasWord(host, args.toolSchemas));
  if (args.invalidRewrite !== undefined) words.push('--invalid-rewrite', shellWord(args.invalidRewrite));
  return words.map((word) => ` ${word}`).join('');
}

/** The file and configuration `bridge install --host` writes; `command` starts the CLI. */
export function installPlan(host: ProfileName, command: string, args: BridgeArguments = {}): InstallPlan {
  const $schema = SCHEMAS[host];
  const extra = argumentText(host, args);
  if (host === 'claude-code')
    return {
      file: join('.claude', 'settings.json'),
      config: { $schema, hooks: claudeEntries(command, extra) },
    };
  if (host === 'copilot-cli')
    return {
      file: join('.github', 'hooks', 'agent-hooks.json'),
      config: { $schema, version: 1, hooks: copilotEntries(command, extra) },
    };
  return {
    file: join(VSCODE_HOOKS_FOLDER, 'agent-hooks.json'),
    config: { $schema, hooks: vscodeEntries(command, extra) },
  };
}

/**
 * The same configuration as install wrote it before it put `BRIDGE_TIMEOUT_SEC` on the Copilot CLI
 * and VS Code entries: uninstall takes those entries out too, and install calls them out.
 */
export function earlierForm(config: Record<string, unknown>): Record<string, unknown> {
  const hooks = config.hooks as Record<string, unknown[]>;
  const strip = (entry: unknown): unknown => {
    if (entry === null || typeof entry !== 'object' || Array.isArray(entry)) return entry;
    const { timeout: _timeout, timeoutSec: _timeoutSec, ...rest } = entry as Record<string, unknown>;
    return rest;
  };
  return {
    ...config,
    hooks: Object.fromEntries(Object.entries(hooks).map(([event, entries]) => [event, entries.map(strip)])),
  };
}
