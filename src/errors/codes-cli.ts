import type { CodeInfo } from './code-info.ts';

/**
 * Codes of the CLI itself: how a command was started, `run`'s input, and the failures of
 * `convert`, `create` and `schema` that are not a configuration's. Keys
 * are stable: never rename one, only add.
 */
export const CLI_CODES = {
  CLI_USAGE: {
    severity: 'error',
    summary:
      'The command line was not one the command takes: an unknown command, subcommand or option, an option without its value or with a value it does not take, an option that takes one value given twice with different values, a missing argument or required option (`init` without `--template`, `bridge install` without `--host`, `run --interactive` without a terminal). Nothing was read or written. With `--json` (`test --reporter json`), every command that takes it still prints one failure document on stdout, `{ error: { code, message }, … }` with this code (README "CLI"); stderr has the usual usage line.',
    fix: 'Run the command with `--help` for its options and arguments, and fix the command line the message names.',
  },
  CLI_CWD_DELETED: {
    severity: 'error',
    summary:
      'The CLI was started in a directory that no longer exists (deleted or moved away under the shell), and the command needs one: nothing was read or run. `--version` and `--help` run anyway, and so does a command given an absolute `--cwd`. With `--json`, the failure document is on stdout.',
    fix: '`cd` to an existing directory, or pass an absolute `--cwd DIR`.',
  },
  CLI_INPUT_INVALID: {
    severity: 'error',
    summary:
      "`agent-hooks run`'s event input cannot be used: the `--input` file cannot be read, the input (file, standard input or JSON literal) is not JSON or not one JSON object, or a tool event's input has no `tool_name` (a guard would see an empty call and allow it). No hook ran.",
    fix: 'Give one JSON object with the event\'s fields, e.g. `--input \'{"tool_name":"Bash","tool_input":{"command":"ls"}}\'`, a readable file, or `-` for standard input.',
  },
  CLI_TRACE_UNWRITABLE: {
    severity: 'error',
    summary:
      '`agent-hooks run --trace FILE` cannot write its trace: FILE cannot be opened for writing (its folder does not exist, no permission, a folder of that name), so no hook ran; or a write failed during the run (a full disk), so the trace is incomplete: the result document lists this code among its `diagnostics` and the exit status is 1.',
    fix: 'Give `--trace` a file in a folder that exists and that you can write, on a disk with room, or leave `--trace` out.',
  },
  CONVERT_FAILED: {
    severity: 'error',
    summary:
      '`agent-hooks convert` stopped before converting: the source file cannot be read, its hooks read both Copilot payload forms (one Copilot file sends one), or `--out` was refused (a file of another dialect, one that cannot be merged into without `--force`, a symbolic link to nothing, a file that cannot be read or written). The message names the file and the fix; nothing was written.',
    fix: 'Do what the message says: name a readable file, convert the hooks separately or choose `--copilot-keys`, or choose another `--out` (or `--force`).',
  },
  CREATE_FAILED: {
    severity: 'error',
    summary:
      "`agent-hooks create` wrote nothing: the model's configuration was still invalid after one retry, the `--target` file has errors, the script the model named already exists, or a file could not be written. A model that cannot be reached or named has its own RUNNER_MODEL_* code.",
    fix: 'Do what the message says (fix the target file, move the script out of the way, describe the hook more precisely), then run create again.',
  },
  SCHEMA_WRITE_FAILED: {
    severity: 'error',
    summary:
      '`agent-hooks schema --out DIR` or `schema --vscode` could not write: a schema file with other content (without `--force`), a symbolic link or a folder where a schema file or `events/` goes, a `.vscode/settings.json` that cannot be merged into or written. The message names each path. `--out` writes no schema file when any is refused; with `--vscode --out`, the schema files written before the settings write failed stay, and `--json` lists them in `files`.',
    fix: 'Do what the message says for each path (move it out of the way, pass `--force` for files with other content, fix or replace settings.json), or choose another `--out`.',
  },
} as const satisfies Record<string, CodeInfo>;
