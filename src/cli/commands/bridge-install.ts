import { existsSync, readdirSync, readFileSync, rmdirSync, rmSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { applyEdits, modify, parse } from 'jsonc-parser';
import { bridgeHostOf } from '../../bridge/entry.ts';
import {
  type BridgeArguments,
  installPlan,
  VSCODE_HOOKS_FOLDER,
  VSCODE_LOCATIONS_KEY,
  VSCODE_SETTINGS_FILE,
} from '../../bridge/install.ts';
import { removeInstalled, removeLocation } from '../../bridge/uninstall.ts';
import type { ProfileName } from '../../model/profile-name.ts';
import type { CliIo } from '../cli-io.ts';
import type { RewriteCheckCliOptions } from '../rewrite-check-options.ts';
import { readToolSchemas } from '../tool-schemas-file.ts';
import { applyConfigWrite, type ConfigWrite, planConfigWrite, WriteRefused } from '../write/config-write.ts';
import { unifiedDiff } from '../write/line-diff.ts';

export interface InstallOptions extends RewriteCheckCliOptions {
  host: ProfileName;
  cwd: string;
  command: string;
  force: boolean;
}

/**
 * The options the installed command passes on. The schema file must be usable now (the same check
 * as `bridge` makes), and is named relative to the project when it is inside it, so the entries
 * work in every clone.
 */
async function bridgeArguments(options: InstallOptions, projectDir: string): Promise<BridgeArguments> {
  const args: BridgeArguments = {};
  if (options.toolSchemas !== undefined) {
    await readToolSchemas(options.toolSchemas);
    const path = resolve(options.toolSchemas);
    const inProject = relative(projectDir, path);
    args.toolSchemas = inProject.startsWith('..') || isAbsolute(inProject) ? path : inProject;
  }
  if (options.invalidRewrite !== undefined) args.invalidRewrite = options.invalidRewrite;
  return args;
}

/** Every command line of a `hooks` object: Claude's and VS Code's `command`, Copilot's `bash`. */
function commandLines(hooks: unknown): string[] {
  const found: string[] = [];
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) for (const item of value) visit(item);
    else if (value !== null && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) {
        if ((key === 'command' || key === 'bash') && typeof inner === 'string') found.push(inner);
        else visit(inner);
      }
    }
  };
  visit(hooks);
  return found;
}

/** Bridge entries for the host already in the file that this install does not write: both would run. */
function otherBridgeEntries(
  text: string | undefined,
  host: ProfileName,
  plan: Record<string, unknown>,
): string[] {
  if (text === undefined) return [];
  const planned = new Set(commandLines(plan.hooks));
  const existing = commandLines((parse(text) as { hooks?: unknown } | undefined)?.hooks);
  return [...new Set(existing.filter((line) => bridgeHostOf(line) === host && !planned.has(line)))];
}

function readText(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

function textWrite(file: string, before: string | undefined, after: string): ConfigWrite {
  return {
    file,
    before,
    after,
    mode: before === undefined ? 'create' : 'merge',
    notes: [],
    diff: unifiedDiff(file, before, after),
  };
}

/**
 * VS Code reads `.vscode/hooks` only when `chat.hookFilesLocations` names it (other-agents-hooks.md
 * §2.2); the key is set with a jsonc edit so the rest of settings.json, comments included, stays.
 */
function vscodeLocationWrite(projectDir: string): ConfigWrite | undefined {
  const file = join(projectDir, VSCODE_SETTINGS_FILE);
  const before = readText(file);
  const text = before ?? '{}\n';
  const edits = modify(text, [VSCODE_LOCATIONS_KEY, VSCODE_HOOKS_FOLDER], true, {
    formattingOptions: { insertSpaces: true, tabSize: 2 },
  });
  const after = applyEdits(text, edits);
  return after === before ? undefined : textWrite(file, before, after);
}

function report(io: CliIo, write: ConfigWrite | undefined): void {
  if (!write) return;
  for (const note of write.notes) io.stderr(`${write.file}: ${note}\n`);
  if (write.diff === '') io.stderr(`${write.file}: already bridged, nothing changed\n`);
  else io.stdout(write.diff);
}

export async function install(options: InstallOptions, io: CliIo): Promise<void> {
  const projectDir = resolve(options.cwd);
  const plan = installPlan(options.host, options.command, await bridgeArguments(options, projectDir));
  const target = join(projectDir, plan.file);
  for (const other of otherBridgeEntries(readText(target), options.host, plan.config))
    io.stderr(
      `${target}: also holds "${other}", which routes the same events to the bridge: remove it (bridge uninstall with the options it was installed with), or every event runs the bridge twice\n`,
    );
  const write = planConfigWrite(target, plan.config, { force: options.force });
  const settings = options.host === 'vscode' ? vscodeLocationWrite(projectDir) : undefined;
  applyConfigWrite(write);
  if (settings) applyConfigWrite(settings);
  report(io, write);
  report(io, settings);
}

export async function uninstall(options: InstallOptions, io: CliIo): Promise<void> {
  const projectDir = resolve(options.cwd);
  const plan = installPlan(options.host, options.command, await bridgeArguments(options, projectDir));
  const file = join(projectDir, plan.file);
  const before = readText(file);
  if (before === undefined) {
    io.stderr(`${file}: not there, nothing to remove\n`);
    return;
  }
  const removal = removeInstalled(before, plan.config);
  if (typeof removal === 'string') throw new WriteRefused(`not changing ${file}: ${removal}; fix it first`);
  if (removal.removed === 0) {
    io.stderr(
      `${file}: holds no bridge entries for ${options.host} as written by install with --command "${options.command}"${options.toolSchemas === undefined && options.invalidRewrite === undefined ? '' : ' and these --tool-schemas/--invalid-rewrite'} (installed with other options?)\n`,
    );
    return;
  }
  writeOrRemove(file, before, removal.text, projectDir, io);
  if (removal.text === null && options.host === 'vscode') takeOutVscodeLocation(projectDir, io);
}

/**
 * The `.vscode/hooks` location goes with the bridge's file, unless other hook files are in that
 * folder: then the location is theirs too (it may well have been there before install).
 */
function takeOutVscodeLocation(projectDir: string, io: CliIo): void {
  const folder = join(projectDir, VSCODE_HOOKS_FOLDER);
  const others = existsSync(folder) ? readdirSync(folder).filter((name) => name.endsWith('.json')) : [];
  if (others.length === 0) {
    takeOutLocation(projectDir, io);
    return;
  }
  io.stderr(
    `${join(projectDir, VSCODE_SETTINGS_FILE)}: kept "${VSCODE_HOOKS_FOLDER}" in ${VSCODE_LOCATIONS_KEY}: ${folder} still holds ${others.join(', ')}\n`,
  );
}

/** The location install added to `.vscode/settings.json`; the file goes when nothing else is left in it. */
function takeOutLocation(projectDir: string, io: CliIo): void {
  const file = join(projectDir, VSCODE_SETTINGS_FILE);
  const before = readText(file);
  if (before === undefined) return;
  const after = removeLocation(before, VSCODE_LOCATIONS_KEY, VSCODE_HOOKS_FOLDER);
  if (after !== before) writeOrRemove(file, before, after, projectDir, io);
}

/**
 * Writes what uninstall left of `file`, or, when nothing is left (`null`), deletes it together
 * with the folders install made for it; either way the diff is printed.
 */
function writeOrRemove(
  file: string,
  before: string,
  after: string | null,
  projectDir: string,
  io: CliIo,
): void {
  if (after !== null) {
    report(io, applied(textWrite(file, before, after)));
    return;
  }
  rmSync(file);
  io.stdout(unifiedDiff(file, before, ''));
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

function applied(write: ConfigWrite | undefined): ConfigWrite | undefined {
  if (write) applyConfigWrite(write);
  return write;
}
