import type { CodeInfo } from './code-info.ts';

/** Codes raised by the config layer. Keys are stable: never rename one, only add. */
export const CONFIG_CODES = {
  CONFIG_INVALID_JSON: {
    severity: 'error',
    summary: 'A configuration file is not valid JSON (or YAML for frontmatter).',
    fix: 'Fix the syntax at the reported line and column; `agent-hooks validate FILE` re-checks it.',
  },
  CONFIG_FILE_KEPT_LAST_GOOD: {
    severity: 'warning',
    summary:
      'A watched or reloaded configuration file does not parse (often mid-save), so its last good version stays in force.',
    fix: 'Finish or fix the edit at the reported line and column; the next reload that parses replaces the kept version.',
  },
  CONFIG_FILE_UNREADABLE: {
    severity: 'error',
    summary:
      'A discovered configuration file or folder exists but could not be read: no permission, a symbolic link loop or to a file that does not exist, or not a regular file (a named pipe, socket or device is never opened, so a reader cannot wait on it). The other files of its folder still load.',
    fix: 'Check the file permissions, point the link at its file, replace the entry with a regular file, or remove it if it is not meant to be a hook configuration.',
  },
  CONFIG_SETTINGS_FILE_NOT_FOUND: {
    severity: 'error',
    summary:
      'A settings file named with `--settings` (or `settingsFiles`) does not exist, so none of the hooks meant to be in it can run (Claude Code refuses to start: "Settings file not found").',
    fix: 'Correct the path (it is resolved against the working directory), or pass the settings as JSON text: --settings \'{"hooks": …}\'.',
  },
  CONFIG_LOCATION_REJECTED: {
    severity: 'warning',
    summary: 'A `chat.hookFilesLocations` entry is not a relative or `~` path, so VS Code ignores it.',
    fix: 'Write the location relative to the workspace root (`custom/hooks`) or to the home directory (`~/hooks`).',
  },
  CONFIG_VSCODE_SETTING_INVALID: {
    severity: 'warning',
    summary:
      'A VS Code hook setting (`chat.hookFilesLocations`, `chat.useClaudeHooks`, `chat.useCustomAgentHooks`) in a settings.json has a value of the wrong type, so it is ignored and the layer below (or the default) applies.',
    fix: 'Give `chat.hookFilesLocations` an object of paths to `true`/`false`, and the switches `true` or `false`.',
  },
  CONFIG_POLICY_FILE_INSECURE: {
    severity: 'error',
    summary:
      'A Copilot policy file is not owned by root or is writable by group or others, so it is ignored.',
    fix: 'Make the file root-owned and not group/world-writable (`chown root` and `chmod 644`).',
  },
  CONFIG_POLICY_KEY_IGNORED: {
    severity: 'warning',
    summary:
      'A policy key was set where it is not honoured and is ignored: `allowManagedHooksOnly` outside managed settings, or `disableAllHooks` in an inline source whose scope no settings file has.',
    fix: 'Move `allowManagedHooksOnly` to managed settings (`managed-settings.json`); give an inline source scope user, project, local, cli or managed; or remove the key.',
  },
  CONFIG_HOOKS_DISABLED: {
    severity: 'info',
    summary: 'A handler was not loaded because `disableAllHooks` is set.',
    fix: 'Remove `disableAllHooks` from the reported file (managed hooks ignore a non-managed disable).',
  },
  CONFIG_MANAGED_ONLY: {
    severity: 'info',
    summary: 'A non-managed handler was skipped because managed settings set `allowManagedHooksOnly`.',
    fix: 'Ask the administrator to add the hook to managed settings, or to lift `allowManagedHooksOnly`.',
  },
  CONFIG_HTTP_URL_NOT_ALLOWED: {
    severity: 'warning',
    summary: 'An HTTP hook URL matches no pattern of `allowedHttpHookUrls`, so the hook is skipped.',
    fix: 'Add a matching pattern to `allowedHttpHookUrls` (a `*` wildcard is allowed) or change the URL.',
  },
  CONFIG_DUPLICATE_HANDLER: {
    severity: 'info',
    summary: 'Two handlers of one event have the same identity; a call that matches both runs it once.',
    fix: 'Nothing to fix if intended; otherwise remove one copy (the first in precedence order is kept).',
  },
  CONFIG_CLAUDE_HOOKS_OFF: {
    severity: 'info',
    summary: 'VS Code lists Claude-format hooks but runs them only when `chat.useClaudeHooks` is on.',
    fix: 'Set `chat.useClaudeHooks: true` (the `vscodeSettings.useClaudeHooks` option) to run them.',
  },
  CONFIG_COPILOT_FOLDER_UNTRUSTED: {
    severity: 'info',
    summary:
      'Copilot CLI loads repository hooks only in a trusted folder; the project folder is not trusted, so its hooks are skipped.',
    fix: 'Add the folder to `trustedFolders` in `~/.copilot/settings.json` (or `$COPILOT_HOME`), or pass `--trust-folder` (the `copilotTrustFolder` option).',
  },
  CONFIG_CONVERT_LOSSY: {
    severity: 'warning',
    summary:
      'Converting a configuration to another dialect dropped or changed something the target cannot express.',
    fix: 'Read the listed step and adjust the converted file by hand if the difference matters.',
  },
  CONFIG_INVALID_STRUCTURE: {
    severity: 'error',
    summary:
      'A file or hooks section has the wrong shape (e.g. `hooks` is not an object or an event list is not an array).',
    fix: 'Follow the documented shape at the reported location; the rest of that section was not loaded.',
  },
  CONFIG_UNKNOWN_EVENT: {
    severity: 'warning',
    summary:
      'An event key is not known to this host (a newer host may have added it); its handlers were skipped.',
    fix: 'Check the spelling and casing (Claude Code uses PascalCase such as `PreToolUse`); see the suggestion.',
  },
  CONFIG_UNKNOWN_KEY: {
    severity: 'warning',
    summary: 'An object has a key this format does not define; it is ignored.',
    fix: 'Remove the key or fix its spelling (e.g. Claude Code uses `timeout`, Copilot uses `timeoutSec`).',
  },
  CONFIG_UNKNOWN_HANDLER_TYPE: {
    severity: 'error',
    summary: 'A handler has a missing or unknown `type`; the handler was skipped.',
    fix: 'Use one of the listed types, e.g. `command`.',
  },
  CONFIG_INVALID_FIELD: {
    severity: 'error',
    summary:
      'A handler field is missing or has the wrong type or value; the handler was skipped, its siblings still load.',
    fix: 'Give the field the expected type and value shown in the diagnostic.',
  },
  CONFIG_MATCHER_IGNORED: {
    severity: 'warning',
    summary:
      'A matcher is set on an event that has no matcher; the host ignores it and the hooks run every time.',
    fix: 'Remove the matcher, or filter inside the hook script.',
  },
  CONFIG_INVALID_MATCHER: {
    severity: 'error',
    summary: 'A matcher is not a valid regular expression; the handlers it guards were skipped.',
    fix: 'Fix the pattern (escape special characters such as `(` or `[`).',
  },
  CONFIG_IF_NEVER_RUNS: {
    severity: 'warning',
    summary: 'A handler has `if` on an event that is not a tool event; Claude Code never runs such a hook.',
    fix: 'Remove `if`, or move the handler to PreToolUse, PostToolUse, PostToolUseFailure, PermissionRequest or PermissionDenied.',
  },
  CONFIG_TIMEOUT_UNIT: {
    severity: 'warning',
    summary: 'A timeout in a seconds field is so large it was probably written in milliseconds.',
    fix: 'Write the timeout in seconds (e.g. 30, not 30000).',
  },
  CONFIG_TIMEOUT_TOO_LARGE: {
    severity: 'error',
    summary:
      'A timeout is over 2,147,483 s, beyond what Node timers can hold (it would fire at once and fail the hook open); the hook keeps running with the limit.',
    fix: 'Use a timeout of at most 2147483 seconds (about 24.8 days).',
  },
  CONFIG_TOO_DEEP: {
    severity: 'warning',
    summary:
      'A configuration file nests a value deeper than 512 levels; that value is read as 0 and the rest of the file (its hooks included) is kept.',
    fix: 'Flatten the value; no hook setting needs that much nesting.',
  },
  CONFIG_DUPLICATE_KEY: {
    severity: 'warning',
    summary:
      'A key appears twice in one object of a JSON configuration file; the hosts read it with `JSON.parse`, which keeps the last value and ignores the first (often a merge conflict resolved twice).',
    fix: 'Keep one of the two, merging what the first held into it; `add`, `init` and `convert` refuse to write into such a file until then.',
  },
  CONFIG_INVALID_VERSION: {
    severity: 'error',
    summary:
      'A Copilot hooks file has a missing or unsupported `version`; a bad value rejects the whole file.',
    fix: 'Set `"version": 1`.',
  },
  CONFIG_BLOCK_REJECTED: {
    severity: 'error',
    summary:
      'An inline Copilot `hooks` block in a settings file had an invalid item, so the whole block was rejected.',
    fix: 'Fix every error reported for the block; inline settings hooks are validated strictly.',
  },
  CONFIG_UNSUPPORTED_BY_HOST: {
    severity: 'warning',
    summary: 'The host reads this file but ignores this event, handler type or field.',
    fix: 'Move the hook to a host and event that supports it, or remove it.',
  },
  CONFIG_INVALID_POLICY: {
    severity: 'error',
    summary:
      'A hook policy key (`disableAllHooks`, `allowedHttpHookUrls`, …) has the wrong type; it was ignored.',
    fix: 'Use a boolean for the flags and an array of non-empty strings for the lists.',
  },
  CONFIG_TOOL_SCHEMAS_INVALID: {
    severity: 'error',
    summary:
      'The `--tool-schemas` file cannot be read, is not JSON, or is not one object mapping each tool name to its input JSON Schema (an object or a boolean).',
    fix: 'Fix the file at the line and column given, e.g. `{ "Bash": { "type": "object", "properties": { "command": { "type": "string" } }, "required": ["command"] } }`.',
  },
} as const satisfies Record<string, CodeInfo>;
