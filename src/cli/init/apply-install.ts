// Carrying out an `init` or `add` plan so that it never leaves half a project: the configuration
// write is checked before any script is written, and scripts written before a configuration write
// that fails after all (a disk error) are taken back.
import { chmodSync, mkdirSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { applyConfigWrite, checkConfigWrite, WriteRefused, writeTarget } from '../write/config-write.ts';
import { removeMadeFolders, type Undo } from '../write/undo-write.ts';
import type { FilePlan, InstallPlan } from './install.ts';
import { InitRefused } from './refused.ts';

function refused(error: unknown, undone: boolean): unknown {
  if (!(error instanceof WriteRefused)) return error;
  const back = undone ? '; the scripts written before it were taken back' : '';
  return new InitRefused('INIT_WRITE_FAILED', `${error.message}; nothing was written${back}`);
}

function writeScript(file: FilePlan): Undo {
  const made = mkdirSync(path.dirname(file.file), { recursive: true });
  writeFileSync(file.file, file.text);
  if (file.executable) chmodSync(file.file, 0o755);
  return () => {
    if (file.previous !== undefined) {
      writeFileSync(file.file, file.previous);
      return;
    }
    unlinkSync(file.file);
    removeMadeFolders(file.file, made);
  };
}

function undoAll(undos: readonly Undo[]): void {
  for (const undo of [...undos].reverse()) undo();
}

/**
 * Every check the write makes before it writes anything: the configuration write would not be
 * refused (a link to nothing, a file this user may not write), nor would a script's (a folder this
 * user may not create it in). A dry run makes these and stops.
 */
export function checkInstall(plan: InstallPlan): void {
  try {
    checkConfigWrite(plan.config.write);
    for (const file of plan.files)
      if (file.status !== 'same') writeTarget(file.file, file.status === 'replace');
  } catch (error) {
    throw refused(error, false);
  }
}

/**
 * Writes the plan: nothing when a write would be refused, which is checked first; then the
 * scripts, so that the configuration never names a script that is not there (the host would fail
 * that hook at every event, and for a guard that lets every call through); then the configuration.
 * When that write fails all the same, the scripts go again, so the project is as it was.
 */
export function applyInstall(plan: InstallPlan): void {
  checkInstall(plan);
  const undos: Undo[] = [];
  try {
    for (const file of plan.files) if (file.status !== 'same') undos.push(writeScript(file));
    applyConfigWrite(plan.config.write);
  } catch (error) {
    undoAll(undos);
    throw refused(error, undos.length > 0);
  }
}
