// The `--json` object of every command that writes a hook or settings file (`init`, `add`,
// `bridge install`, `bridge uninstall`, `schema --vscode`): one shape, built here, so a script reads
// them all alike. `convert --json` describes a conversion first and keeps its own (docs/convert.md).
import type { LossyStep } from '../../config/convert/index.ts';
import type { ConfigKind } from '../../config/read-types.ts';
import { ERROR_CODES, type ErrorCode } from '../../errors.ts';
import type { ProfileName } from '../../model/profile-name.ts';
import type { CliIo } from '../cli-io.ts';
import type { ConfigWrite } from './config-write.ts';

/**
 * What became of a file: the writer's modes (`create`, `merge`, `replace`), `delete` (uninstall
 * took out a file install made), `same` (already as it should be), `none` (not there, and
 * nothing to do).
 */
export type FileStatus = ConfigWrite['mode'] | 'delete' | 'same' | 'none';

/** One more file the command wrote with the main one: a script, a schema file, a settings file. */
export interface OtherFileJson {
  file: string;
  status: FileStatus;
  /** For a JSON file merged into or deleted, its diff, as the human output prints it. */
  diff?: string;
}

export interface WriteJson {
  host: ProfileName;
  /** The file the command is about (the hook file; `.vscode/settings.json` for `schema --vscode`). */
  file: string;
  kind: ConfigKind | 'vscode-settings';
  mode: FileStatus;
  /** Unified diff of the file; empty when it does not change. */
  diff: string;
  /** The file's text afterwards; null when it was deleted or is not there. */
  text: string | null;
  files: OtherFileJson[];
  lossy: readonly LossyStep[];
  /** What the human output says on stderr as `note:`, or as a plain line. */
  notes: string[];
  /** What may need doing: a command that is not there, entries left behind, … */
  warnings: string[];
  /** False for a dry run (`init`, `add`), which writes nothing; the others always write. */
  written: boolean;
}

/** The whole object, one document on stdout: the human lines are in it, none go elsewhere. */
export function printWriteJson(io: Pick<CliIo, 'stdout'>, json: WriteJson): void {
  io.stdout(`${JSON.stringify(json, null, 2)}\n`);
}

/** What a writing command said (and changed) before it failed; `files` is empty when nothing was. */
export interface Said {
  notes: readonly string[];
  warnings: readonly string[];
  files?: readonly OtherFileJson[];
}

/**
 * The `--json` document of a command that failed: the error, with its docs/errors.md code
 * (CLI_USAGE for a command line the command does not take; null only for an error nobody
 * foresaw, a bug) and the message after it, and everything said so far, so a script gets the
 * warnings a person would have read above the error.
 */
export interface WriteFailureJson {
  error: { code: ErrorCode | null; message: string };
  files: readonly OtherFileJson[];
  notes: readonly string[];
  warnings: readonly string[];
}

/** Failures whose document is printed already: the CLI prints none again (usage-json.ts). */
const REPORTED = new WeakSet<object>();

/** Whether `reportingFailure` printed the --json document of this error. */
export function failureReported(error: unknown): boolean {
  return typeof error === 'object' && error !== null && REPORTED.has(error);
}

/** The failure document of `error`, with what was said before it. */
export function printFailureJson(io: Pick<CliIo, 'stdout'>, error: unknown, said: Said): void {
  const { notes, warnings, files = [] } = said;
  const failure: WriteFailureJson = { error: errorJson(error), files, notes, warnings };
  io.stdout(`${JSON.stringify(failure, null, 2)}\n`);
  if (typeof error === 'object' && error !== null) REPORTED.add(error);
}

function errorJson(error: unknown): WriteFailureJson['error'] {
  const message = error instanceof Error ? error.message : String(error);
  const code = (error as { code?: unknown } | undefined)?.code;
  if (typeof code !== 'string' || !Object.hasOwn(ERROR_CODES, code)) return { code: null, message };
  const prefix = `${code}: `;
  return {
    code: code as ErrorCode,
    message: message.startsWith(prefix) ? message.slice(prefix.length) : message,
  };
}

/**
 * Runs a writing command. Under --json a failure still prints one document on stdout (the error
 * and what `said` holds by then); either way the error goes on to the CLI's usual
 * `agent-hooks: …` line on stderr and exit status 1.
 */
export async function reportingFailure(
  io: Pick<CliIo, 'stdout'>,
  json: boolean,
  said: () => Said,
  run: () => void | Promise<void>,
): Promise<void> {
  try {
    await run();
  } catch (error) {
    if (json) printFailureJson(io, error, said());
    throw error;
  }
}
