// `bridge install --host vscode` names `.vscode/hooks` in `.vscode/settings.json`, and uninstall
// takes it out again: edits in the file's own formatting, never over a value the user set.
import { readdirSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { VSCODE_HOOKS_FOLDER, VSCODE_LOCATIONS_KEY, VSCODE_SETTINGS_FILE } from '../../bridge/install.ts';
import { removeLocation } from '../../bridge/uninstall.ts';
import { type ConfigWrite, configWriteTarget, planConfigWrite, WriteRefused } from '../write/config-write.ts';
import { insertProperty } from '../write/json-insert.ts';
import { formattingOf, isObject, type JsonMerge, keepingBom, parseExisting } from '../write/json-merge.ts';
import { unreadable } from '../write/unreadable.ts';
import type { WriteLog } from '../write/write-log.ts';
import {
  checkRemovable,
  createdText,
  readText,
  removalStep,
  report,
  textWrite,
} from './bridge-install-files.ts';
import { type Step, writeStep } from './bridge-install-steps.ts';

/** What install puts in `.vscode/settings.json`, and all of it when it creates the file. */
const LOCATION = { [VSCODE_LOCATIONS_KEY]: { [VSCODE_HOOKS_FOLDER]: true } };

function described(value: unknown): string {
  if (Array.isArray(value)) return 'a list';
  return value === null ? 'null' : `a ${typeof value}`;
}

/**
 * Adds `".vscode/hooks": true` to `chat.hookFilesLocations` with a jsonc edit in the file's own
 * indentation and line breaks, so the rest of settings.json, comments included, stays; a reason
 * when the setting is not the object of locations VS Code reads (other-agents-hooks.md §2.2).
 */
function mergeLocation(existing: string): JsonMerge | string {
  return keepingBom(existing, (text) => {
    const current = parseExisting(text);
    if (typeof current === 'string') return current;
    const locations = current[VSCODE_LOCATIONS_KEY];
    if (locations !== undefined && !isObject(locations))
      return `its "${VSCODE_LOCATIONS_KEY}" is ${described(locations)}, where VS Code takes an object of folders and files, each true or false, e.g. { "${VSCODE_HOOKS_FOLDER}": true }`;
    if (isObject(locations) && locations[VSCODE_HOOKS_FOLDER] === true) return { text, notes: [] };
    const base = text.trim() === '' ? '{}\n' : text;
    const formattingOptions = formattingOf(text);
    // Only text is added (json-insert.ts): the neighbouring settings keep every byte.
    const added = isObject(locations)
      ? insertProperty(base, [VSCODE_LOCATIONS_KEY], VSCODE_HOOKS_FOLDER, true, formattingOptions)
      : insertProperty(base, [], VSCODE_LOCATIONS_KEY, { [VSCODE_HOOKS_FOLDER]: true }, formattingOptions);
    return { text: added, notes: [] };
  });
}

/**
 * VS Code reads `.vscode/hooks` only when `chat.hookFilesLocations` names it (other-agents-hooks.md
 * §2.2). A location the user set to anything but true is theirs: install refuses rather than turn
 * it on, even with --force, which is for a file that cannot be merged into.
 */
export function vscodeLocationWrite(projectDir: string, force: boolean): ConfigWrite | undefined {
  const file = join(projectDir, VSCODE_SETTINGS_FILE);
  const before = readText(file);
  const current = before === undefined ? undefined : parseExisting(before);
  const locations = typeof current === 'object' ? current[VSCODE_LOCATIONS_KEY] : undefined;
  if (isObject(locations) && VSCODE_HOOKS_FOLDER in locations && locations[VSCODE_HOOKS_FOLDER] !== true)
    throw new WriteRefused(
      `not writing ${file}: its "${VSCODE_LOCATIONS_KEY}" sets "${VSCODE_HOOKS_FOLDER}" to ${JSON.stringify(locations[VSCODE_HOOKS_FOLDER])}, so VS Code would not read the bridge's hook file there; nothing was changed. Set it to true (or take it out) and run install again, or leave VS Code without the bridge`,
    );
  const write = planConfigWrite(file, LOCATION, { force, merge: mergeLocation });
  return write.diff === '' ? undefined : write;
}

/**
 * What uninstall does to `.vscode/settings.json`, planned (read, parsed, edited, checked) before
 * the hook file is deleted, so a settings file it cannot change stops uninstall before anything
 * changed: `step` makes the change, `said` reports it once every step is done.
 */
export interface LocationRemoval {
  step?: Step;
  said: (log: WriteLog) => void;
}

const SAID_NOTHING: LocationRemoval = { said: () => {} };

/**
 * The `.vscode/hooks` location goes with the bridge's file `hookFile`, unless other hook files are
 * in that folder: then the location is theirs too (it may well have been there before install),
 * and settings.json is not even read.
 */
export function planLocationRemoval(projectDir: string, hookFile: string): LocationRemoval {
  const folder = dirname(hookFile);
  const others = listFolder(folder).filter((name) => name.endsWith('.json') && name !== basename(hookFile));
  const file = join(projectDir, VSCODE_SETTINGS_FILE);
  if (others.length > 0)
    return {
      said: (log) =>
        log.note(
          `${file}: kept "${VSCODE_HOOKS_FOLDER}" in ${VSCODE_LOCATIONS_KEY}: ${folder} still holds ${others.join(', ')}`,
        ),
    };
  return planTakingOut(file, projectDir);
}

/**
 * The names in the hook file's folder. The file was just read, so the folder is there; listing it
 * can still fail (a folder this user may enter but not read): refused with the fix, before any
 * change, since without the list uninstall cannot tell whether the location is still used.
 */
function listFolder(folder: string): string[] {
  try {
    return readdirSync(folder);
  } catch (error) {
    const { why, fix } = unreadable(folder, error, 'folder');
    throw new WriteRefused(
      `${folder} ${why}, so uninstall cannot tell whether other hook files there still need "${VSCODE_HOOKS_FOLDER}" in ${VSCODE_LOCATIONS_KEY}: nothing was changed; ${fix}`,
    );
  }
}

/**
 * The location install added to `.vscode/settings.json`; the file goes only when it is exactly
 * what install creates from nothing, else what is left of it is written. Settings that are not
 * valid JSON stay as they are, with a warning: the bridge's file goes all the same, since a
 * location naming a folder without it does no harm.
 */
function planTakingOut(file: string, projectDir: string): LocationRemoval {
  const before = readText(file);
  if (before === undefined) return SAID_NOTHING;
  if (before === createdText(LOCATION)) {
    checkRemovable(file);
    return { step: removalStep(file, before, projectDir), said: (log) => log.deleted(file, before) };
  }
  const current = parseExisting(before);
  if (typeof current === 'string')
    return {
      said: (log) =>
        log.warn(
          `${file}: left "${VSCODE_HOOKS_FOLDER}" in ${VSCODE_LOCATIONS_KEY}: ${current}; take it out by hand if install added it`,
        ),
    };
  const after = removeLocation(before, VSCODE_LOCATIONS_KEY, VSCODE_HOOKS_FOLDER);
  if (after === before) return SAID_NOTHING;
  const write = textWrite(file, before, after);
  configWriteTarget(write); // A file this user may not write: refused now, before the hook file goes.
  return { step: writeStep(write), said: (log) => report(log, write) };
}
