// The files `bridge install` and `bridge uninstall` read, write and delete: errors that name the
// file and what to do, the diffs they print, and which files uninstall may delete.
import { readFileSync, rmdirSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { applyConfigWrite, type ConfigWrite, WriteRefused } from '../write/config-write.ts';
import { unifiedDiff } from '../write/line-diff.ts';
import type { WriteLog } from '../write/write-log.ts';

export function readText(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return undefined;
    if (code === 'EISDIR')
      throw new WriteRefused(
        `${file} is a folder, where a JSON file belongs: nothing was changed; move the folder out of the way (or name another project with --cwd)`,
      );
    throw new WriteRefused(
      `${file} cannot be read (${code ?? String(error)}): nothing was changed; make it readable for this user`,
    );
  }
}

export function textWrite(file: string, before: string | undefined, after: string): ConfigWrite {
  return {
    file,
    before,
    after,
    mode: before === undefined ? 'create' : 'merge',
    notes: [],
    diff: unifiedDiff(file, before, after),
  };
}

export function report(log: WriteLog, write: ConfigWrite | undefined): void {
  log.wrote(write, 'already bridged, nothing changed');
}

/** The text install writes into a file that was not there (the shared writer's new file). */
export function createdText(config: Record<string, unknown>): string {
  return `${JSON.stringify(config, null, 2)}\n`;
}

/** Deletes a file install created, with the folders that are then empty; the diff is printed. */
export function removeFile(file: string, before: string, projectDir: string, log: WriteLog): void {
  rmSync(file);
  log.deleted(file, before);
  removeEmptyFolders(dirname(file), projectDir);
}

/**
 * The folders install made for a file it wrote (`.github/hooks`, `.claude`, `.vscode/hooks`),
 * once that file is gone: each empty one up to the project, which stays.
 */
function removeEmptyFolders(folder: string, projectDir: string): void {
  for (let dir = folder; dir !== projectDir && dir.startsWith(projectDir); dir = dirname(dir)) {
    try {
      rmdirSync(dir);
    } catch {
      return; // Not empty (or not there): it and the folders above it stay.
    }
  }
}

export function applied(write: ConfigWrite | undefined): ConfigWrite | undefined {
  if (write) applyConfigWrite(write);
  return write;
}
