import { resolve } from 'node:path';
import type { Command } from 'commander';
import { didYouMean } from '../errors/did-you-mean.ts';
import { collect } from './repeated-options.ts';
import { CliUsageError } from './usage-error.ts';

/** Options shared by `run`, `validate`, `list` and friends (DESIGN.md "CLI contract"). */
export interface CommonOptions {
  cwd: string;
  profile: 'claude-code' | 'copilot-cli' | 'vscode';
  settings: string[];
  user: boolean;
  pluginDir: string[];
  json: boolean;
  /** Copilot CLI's `--trust-folder`: load the repository's hooks although the folder is not trusted. */
  trustFolder?: boolean;
}

const PROFILES = ['claude-code', 'copilot-cli', 'vscode'] as const;

export function parseProfile(value: string): CommonOptions['profile'] {
  if ((PROFILES as readonly string[]).includes(value)) return value as CommonOptions['profile'];
  // `claude` and `copilot` are the short names people type; a typo gets the nearest name.
  const near =
    PROFILES.find((name) => value !== '' && name.split('-').includes(value.toLowerCase())) ??
    didYouMean(value, PROFILES);
  const hint = near === undefined ? '' : `; did you mean ${near}?`;
  throw new CliUsageError(`unknown profile "${value}"; expected one of ${PROFILES.join(', ')}${hint}`);
}

/**
 * The `--settings` values as the loader takes them: files resolved against the working directory,
 * JSON texts (`--settings '{"disableAllHooks": true}'`, as Claude Code accepts, reference §6.4)
 * kept as they are. Resolving a JSON text as a path named a file that does not exist, so its hooks
 * were silently not loaded.
 */
export function settingsArguments(values: string[]): string[] {
  return values.map((value) => (value.trimStart().startsWith('{') ? value : resolve(value)));
}

/** Adds `--cwd`, `--profile`, `--settings`, `--no-user`, `--plugin-dir`, `--trust-folder` and `--json`. */
export function addCommonOptions(command: Command): Command {
  return command
    .option('--cwd <dir>', 'project directory', process.cwd())
    .option('--profile <profile>', `host to emulate: ${PROFILES.join(' | ')}`, parseProfile, 'claude-code')
    .option('--settings <file>', 'extra settings file or JSON text (repeatable)', collect, [])
    .option('--no-user', 'ignore user-level configuration in the home directory')
    .option('--plugin-dir <dir>', 'load a Claude Code plugin directory (repeatable)', collect, [])
    .option(
      '--trust-folder',
      'copilot-cli: load repository hooks although Copilot CLI does not trust the folder (as its --trust-folder)',
    )
    .option('--json', 'print one JSON object on stdout', false);
}
