// The `--json` object of every command that writes a hook or settings file (`init`, `add`,
// `bridge install`, `bridge uninstall`, `schema --vscode`): one shape, built here, so a script reads
// them all alike. `convert --json` describes a conversion first and keeps its own (docs/convert.md).
import type { LossyStep } from '../../config/convert/index.ts';
import type { ConfigKind } from '../../config/read-types.ts';
import type { ProfileName } from '../../model/profile-name.ts';
import type { CliIo } from '../cli-io.ts';
import { printFailureJson, type Said } from '../failure-json.ts';
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
  /** False for a dry run (`--dry-run`, dry-run.ts), which writes nothing. */
  written: boolean;
}

/** The whole object, one document on stdout: the human lines are in it, none go elsewhere. */
export function printWriteJson(io: Pick<CliIo, 'stdout'>, json: WriteJson): void {
  io.stdout(`${JSON.stringify(json, null, 2)}\n`);
}

/**
 * Runs a writing command. Under --json a failure still prints one document on stdout (the error
 * and what `said` holds by then, failure-json.ts); either way the error goes on to the CLI's usual
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
    if (json) printFailureJson(io, error, { said: said() });
    throw error;
  }
}
