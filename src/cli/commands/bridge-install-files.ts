// The files `bridge install` and `bridge uninstall` read, write and delete: errors that name the
// file and what to do, the diffs they print, and which files uninstall may delete.
import {
  accessSync,
  chmodSync,
  chownSync,
  constants,
  lstatSync,
  mkdirSync,
  readFileSync,
  readlinkSync,
  rmdirSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { dirname } from 'node:path';
import { type ConfigWrite, PERMISSION_BITS, WriteRefused } from '../write/config-write.ts';
import { unifiedDiff } from '../write/line-diff.ts';
import type { Undo } from '../write/undo-write.ts';
import { danglingLinkTarget, unreadable } from '../write/unreadable.ts';
import type { WriteLog } from '../write/write-log.ts';
import type { Step } from './bridge-install-steps.ts';

/**
 * A file bridge install or uninstall reads before changing anything: undefined when it is not
 * there; anything else that stops the read (a folder, a link loop, a link to nothing, a file on
 * the path, no permission) refuses with the fix for that case (unreadable.ts).
 */
export function readText(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' && danglingLinkTarget(file) === undefined) return undefined;
    const { why, fix } = unreadable(file, error, 'JSON file');
    const elsewhere = code === 'EISDIR' ? ' (or name another project with --cwd)' : '';
    throw new WriteRefused(`${file} ${why}: nothing was changed; ${fix}${elsewhere}`);
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

/**
 * Refuses, before anything is changed, to delete a file from a folder this user may not change
 * (deleting needs the folder's write permission, not the file's).
 */
export function checkRemovable(file: string): void {
  const folder = dirname(file);
  try {
    accessSync(folder, constants.W_OK | constants.X_OK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? String(error);
    throw new WriteRefused(
      `not deleting ${file}: this user may not change its folder ${folder} (${code}); make the folder writable first`,
    );
  }
}

/**
 * Deletes a file install created, with the folders that are then empty, and returns how to put it
 * back as it was (text, permissions and owner, or the link it was) should a later step fail.
 */
function removeFile(file: string, before: string, projectDir: string): Undo {
  const stat = lstatSync(file);
  const link = stat.isSymbolicLink() ? readlinkSync(file) : undefined;
  try {
    rmSync(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? String(error);
    throw new WriteRefused(`could not delete ${file}: ${code}; it is as it was`);
  }
  removeEmptyFolders(dirname(file), projectDir);
  return () => {
    mkdirSync(dirname(file), { recursive: true });
    if (link !== undefined) {
      symlinkSync(link, file);
      return;
    }
    writeFileSync(file, before, { flag: 'wx' });
    chmodSync(file, stat.mode & PERMISSION_BITS);
    // Only root may give a file away: as another user (who may delete it from a folder they may
    // write), it comes back as theirs, with its text and permissions.
    if (process.getuid?.() === 0) chownSync(file, stat.uid, stat.gid);
  };
}

/**
 * Deleting a file install created, as a step of uninstall; the diff against /dev/null is printed
 * once every step is done (`log.deleted`).
 */
export function removalStep(file: string, before: string, projectDir: string): Step {
  return {
    run: () => removeFile(file, before, projectDir),
    undone: `${file}, deleted before it, was put back`,
    stuck: `${file} is gone: run bridge install again to write it back, then uninstall`,
  };
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
