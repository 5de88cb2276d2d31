import { existsSync } from 'node:fs';
import path from 'node:path';
import type { ConfigKind } from '../../config/read-config.ts';
import type { ProfileName } from '../../model/profile-name.ts';
import { targetKind } from '../commands/create-write.ts';
import { CliUsageError } from '../usage-error.ts';

/** Which of a host's files: shared with the team, this checkout only, or every project of the user. */
export type Scope = 'project' | 'local' | 'user';
export const SCOPES: readonly Scope[] = ['project', 'local', 'user'];

/** Where the hook configuration, and a template's script and scenario file, go. */
export interface Destination {
  host: ProfileName;
  /** The hook configuration file, absolute. */
  file: string;
  kind: ConfigKind;
  /** Folder of template scripts and scenario files, absolute. */
  scriptDir: string;
  /** The command line that runs `script` (absolute, inside scriptDir) as the host starts it. */
  commandFor: (script: string) => string;
}

export interface Places {
  projectDir: string;
  homeDir: string;
  env: NodeJS.ProcessEnv;
}

const HOST_OF_KIND: Partial<Record<ConfigKind, ProfileName>> = {
  'claude-settings': 'claude-code',
  'copilot-hooks-file': 'copilot-cli',
  'copilot-settings': 'copilot-cli',
  'vscode-hooks': 'vscode',
};

/** Each host's own hooks file format. */
const NATIVE_KIND: Record<ProfileName, ConfigKind> = {
  'claude-code': 'claude-settings',
  'copilot-cli': 'copilot-hooks-file',
  vscode: 'vscode-hooks',
};

/** Files whose path alone fixes the format, whichever host is named (guess-kind.ts). */
const PATH_DECIDES =
  /(^|[\\/])(\.claude|copilot|\.copilot)[\\/]settings(\.local)?\.json$|[\\/]hooks[\\/]hooks\.json$/;

const quoted = (file: string): string => (/^[\w./$-]+$/.test(file) ? file : JSON.stringify(file));

/**
 * How a host's command reaches a script: Claude Code runs project hooks from any folder, so through
 * `$CLAUDE_PROJECT_DIR` (claude-code-hooks.md §6.5); Copilot CLI and VS Code start them in the
 * repository root (other-agents-hooks.md §1.1, §2.4 step 5), so a relative path; outside the
 * project, the absolute path.
 */
function commandStyle(host: ProfileName, places: Places): (script: string) => string {
  return (script) => {
    const relative = path.relative(places.projectDir, script);
    if (relative.startsWith('..') || path.isAbsolute(relative)) return `node ${quoted(script)}`;
    const posix = relative.split(path.sep).join('/');
    return host === 'claude-code' ? `node "$CLAUDE_PROJECT_DIR"/${quoted(posix)}` : `node ${quoted(posix)}`;
  };
}

/** Project scripts: beside Claude's settings, or in a folder of .github/hooks (read by both others). */
function projectScriptDir(host: ProfileName, projectDir: string): string {
  return host === 'claude-code'
    ? path.join(projectDir, '.claude', 'hooks')
    : path.join(projectDir, '.github', 'hooks', 'scripts');
}

/**
 * The file each host reads for a scope (claude-code-hooks.md §6.1, other-agents-hooks.md §1.2,
 * §2.2). `name` names a new hooks file in a folder the host reads whole (`.github/hooks/NAME.json`).
 */
export function destinationFor(host: ProfileName, scope: Scope, places: Places, name: string): Destination {
  const { projectDir, homeDir } = places;
  const at = (file: string, kind: ConfigKind, scriptDir: string): Destination => ({
    host,
    file,
    kind,
    scriptDir,
    commandFor: commandStyle(host, places),
  });
  if (host === 'claude-code') {
    if (scope === 'user') {
      const dir = path.join(homeDir, '.claude');
      return at(path.join(dir, 'settings.json'), 'claude-settings', path.join(dir, 'hooks'));
    }
    const file = scope === 'local' ? 'settings.local.json' : 'settings.json';
    return at(path.join(projectDir, '.claude', file), 'claude-settings', projectScriptDir(host, projectDir));
  }
  if (host === 'copilot-cli') {
    if (scope === 'user') {
      const home = places.env.COPILOT_HOME
        ? path.resolve(homeDir, places.env.COPILOT_HOME)
        : path.join(homeDir, '.copilot');
      const dir = path.join(home, 'hooks');
      return at(path.join(dir, `${name}.json`), 'copilot-hooks-file', path.join(dir, 'scripts'));
    }
    if (scope === 'local') {
      const file = path.join(projectDir, '.github', 'copilot', 'settings.local.json');
      return at(file, 'copilot-settings', projectScriptDir(host, projectDir));
    }
    const file = path.join(projectDir, '.github', 'hooks', `${name}.json`);
    return at(file, 'copilot-hooks-file', projectScriptDir(host, projectDir));
  }
  if (scope !== 'project') {
    throw new CliUsageError(
      `VS Code has no ${scope} hook file of its own (its user-level default is Claude's ~/.claude/settings.json, run only with chat.useClaudeHooks); use --scope project, or name a file with --to`,
    );
  }
  const file = path.join(projectDir, '.github', 'hooks', `${name}.json`);
  return at(file, 'vscode-hooks', projectScriptDir(host, projectDir));
}

/**
 * A file named with `--to`: its kind as `create` and `convert` detect it (a new file by its path,
 * or as `host`'s own format when given); scripts go where the host's project scripts go, or beside
 * the file when it is outside the project.
 */
export function destinationOfFile(file: string, host: ProfileName | undefined, places: Places): Destination {
  const detected = targetKind(file);
  const kind =
    host !== undefined && !existsSync(file) && !PATH_DECIDES.test(file) ? NATIVE_KIND[host] : detected;
  const owner = HOST_OF_KIND[kind];
  if (owner === undefined)
    throw new CliUsageError(`${file} is a ${kind} file; --to must name a hook configuration file`);
  const resolvedHost = host ?? owner;
  const inside = !path.relative(places.projectDir, file).startsWith('..');
  const scriptDir = inside
    ? projectScriptDir(resolvedHost, places.projectDir)
    : path.join(path.dirname(file), resolvedHost === 'claude-code' ? 'hooks' : 'scripts');
  return { host: resolvedHost, file, kind, scriptDir, commandFor: commandStyle(resolvedHost, places) };
}
