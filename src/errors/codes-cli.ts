import type { CodeInfo } from './code-info.ts';

/**
 * Codes of the CLI itself: how a command was started, and the `schema` command's writes. Keys
 * are stable: never rename one, only add.
 */
export const CLI_CODES = {
  CLI_USAGE: {
    severity: 'error',
    summary:
      'The command line was not one the command takes: an unknown command, subcommand or option, an option without its value or with a value it does not take, a missing argument or required option (`init` without `--template`, `bridge install` without `--host`). Nothing was read or written. With `--json`, a writing command (`init`, `add`, `bridge install`, `bridge uninstall`, `schema`) still prints its failure document on stdout, with this code; stderr has the usual usage line.',
    fix: 'Run the command with `--help` for its options and arguments, and fix the command line the message names.',
  },
  SCHEMA_WRITE_FAILED: {
    severity: 'error',
    summary:
      '`agent-hooks schema --out DIR` or `schema --vscode` could not write: a schema file with other content (without `--force`), a symbolic link or a folder where a schema file or `events/` goes, a `.vscode/settings.json` that cannot be merged into or written. The message names each path. `--out` writes no schema file when any is refused; with `--vscode --out`, the schema files written before the settings write failed stay, and `--json` lists them in `files`.',
    fix: 'Do what the message says for each path (move it out of the way, pass `--force` for files with other content, fix or replace settings.json), or choose another `--out`.',
  },
} as const satisfies Record<string, CodeInfo>;
