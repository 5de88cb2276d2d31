// `--dry-run`, as every command that writes files takes it (`init`, `add`, `bridge install` and
// `uninstall`, `convert --out`, `schema --out`/`--vscode`, `create`, `test --update`): every check
// a real run makes still runs, so a dry run that passes predicts a real run that passes; the diffs
// and notes are what the real run prints; then DRY_RUN_DONE, and nothing on disk has changed (no
// probe file either: a folder's mtime stays too). Under --json the document's `written` is false.
import type { Command } from 'commander';
import { CliUsageError } from '../usage-error.ts';
import { applyConfigWrite, type ConfigWrite, checkConfigWrite } from './config-write.ts';

const DRY_RUN_DESCRIPTION = 'print what would be written and write nothing';

/** The last line of a dry run's human output, on stdout after the diffs. */
export const DRY_RUN_DONE = 'Dry run: nothing written.\n';

/** The option, described alike everywhere; `when` names the option it goes with, if any. */
export function addDryRunOption(command: Command, when?: string): Command {
  const description = when === undefined ? DRY_RUN_DESCRIPTION : `with ${when}: ${DRY_RUN_DESCRIPTION}`;
  return command.option('--dry-run', description, false);
}

/** The planned write made, or in a dry run only checked, as the write checks it first. */
export function writeOrCheck(write: ConfigWrite, dryRun: boolean): void {
  if (dryRun) checkConfigWrite(write);
  else applyConfigWrite(write);
}

/**
 * `--dry-run` given to a command that writes only with another option (`writesWith`) and was not
 * given it: refused, so that nobody takes the run for a check of a write it never planned.
 */
export function refuseIdleDryRun(dryRun: boolean, command: string, writesWith: string): void {
  if (!dryRun) return;
  throw new CliUsageError(
    `${command} --dry-run: ${command} writes files only with ${writesWith}, so without it there is nothing to try; add ${writesWith} or leave out --dry-run`,
  );
}
