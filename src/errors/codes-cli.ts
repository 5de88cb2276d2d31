import type { CodeInfo } from './code-info.ts';

/**
 * Codes of the CLI itself, whatever the command: how it was started. Keys are stable: never
 * rename one, only add.
 */
export const CLI_CODES = {
  CLI_USAGE: {
    severity: 'error',
    summary:
      'The command line was not one the command takes: an unknown command, subcommand or option, an option without its value or with a value it does not take, a missing argument or required option (`init` without `--template`, `bridge install` without `--host`). Nothing was read or written. With `--json`, a writing command (`init`, `add`, `bridge install`, `bridge uninstall`, `schema`) still prints its failure document on stdout, with this code; stderr has the usual usage line.',
    fix: 'Run the command with `--help` for its options and arguments, and fix the command line the message names.',
  },
} as const satisfies Record<string, CodeInfo>;
