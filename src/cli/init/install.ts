import { readFileSync, type Stats, statSync } from 'node:fs';
import path from 'node:path';
import { notRegularKind } from '../../config/read-regular-file.ts';
import { danglingLinkRefusal, danglingLinkTarget } from '../write/unreadable.ts';
import type { Destination } from './destination.ts';
import { type ConfigPlan, planConfig } from './plan-config.ts';
import { InitRefused } from './refused.ts';

/** A script or scenario file that goes with the configuration. */
export interface ExtraFile {
  file: string;
  text: string;
  executable: boolean;
}

export interface FilePlan extends ExtraFile {
  /** `same`: already there with this text, nothing to do. */
  status: 'create' | 'replace' | 'same';
  /** The text a `replace` overwrites, put back when the configuration write then fails. */
  previous?: string;
}

/** Everything `init` or `add` will write, planned before anything is written. */
export interface InstallPlan {
  destination: Destination;
  config: ConfigPlan;
  files: FilePlan[];
}

export interface InstallOptions {
  force: boolean;
  copilotKeys: 'camel' | 'compat';
  /**
   * Whether to show what the target's dialect loses. Templates do not need it: their scripts read
   * every payload form and check the tool themselves where a host ignores matchers.
   */
  reportLossy: boolean;
}

/**
 * The text at `file` now, or undefined when nothing is there. Whatever is in the way of a plain
 * write is refused before anything is written: a link to nothing (writing would create its target,
 * wherever that is, as the configuration writer refuses too) and anything but a file (a folder,
 * a FIFO a read would wait on forever), which --force does not replace either.
 */
function existingText(file: string): string | undefined {
  const target = danglingLinkTarget(file);
  if (target !== undefined) {
    throw new InitRefused('INIT_WRITE_FAILED', `${danglingLinkRefusal(file, target)}; nothing was written`);
  }
  const found = statInFolders(file);
  if (found === undefined) return undefined;
  const kind = notRegularKind(found);
  if (kind !== undefined) {
    throw new InitRefused(
      'INIT_WRITE_FAILED',
      `not writing ${file}: a template file goes there, but it is ${kind}; move it out of the way (--force replaces only a file); nothing was written`,
    );
  }
  return readFileSync(file, 'utf8');
}

function isFolder(folder: string): boolean {
  try {
    return statSync(folder).isDirectory();
  } catch {
    return false;
  }
}

/** `stat` of a path whose folders may not all be folders: such a one is refused, named. */
function statInFolders(file: string): Stats | undefined {
  try {
    return statSync(file, { throwIfNoEntry: false });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOTDIR') throw error;
  }
  let folder = path.dirname(file);
  while (!isFolder(folder)) folder = path.dirname(folder);
  const blocking = path.join(folder, path.relative(folder, file).split(path.sep)[0] ?? '');
  throw new InitRefused(
    'INIT_WRITE_FAILED',
    `not writing ${file}: ${blocking} is a file, where a folder belongs; move it out of the way; nothing was written`,
  );
}

function planFile(extra: ExtraFile, force: boolean): FilePlan {
  const before = existingText(extra.file);
  if (before === undefined) return { ...extra, status: 'create' };
  if (before === extra.text) return { ...extra, status: 'same' };
  if (!force) {
    throw new InitRefused(
      'INIT_FILE_EXISTS',
      `${extra.file} already exists with other content; keep it (move it out of the way) or overwrite it with --force`,
    );
  }
  return { ...extra, status: 'replace', previous: before };
}

/** Plans the configuration merge and every file; throws InitRefused before anything is written. */
export function planInstall(
  destination: Destination,
  hooks: Record<string, unknown>,
  files: readonly ExtraFile[],
  options: InstallOptions,
): InstallPlan {
  const config = planConfig(hooks, destination, options);
  return { destination, config, files: files.map((extra) => planFile(extra, options.force)) };
}

const LINE = /\n/g;

/**
 * What a person reads before and after the write: the configuration diff and each file (for
 * stdout), and the notes and warnings about them (for stderr, as `convert` and `bridge install`
 * print theirs), so that `| head` or a redirect of the diff cannot hide a warning.
 */
export function describeInstall(plan: InstallPlan, cwd: string): { report: string; notes: string } {
  const shown = (file: string): string => {
    const relative = path.relative(cwd, file);
    return relative.startsWith('..') ? file : relative;
  };
  const { write, lossy, warnings } = plan.config;
  const out: string[] = [];
  if (write.diff === '') out.push(`${shown(write.file)}: the hooks are already there, nothing changes\n`);
  else out.push(write.diff);
  for (const file of plan.files) {
    const lines = file.text.match(LINE)?.length ?? 0;
    const what = { create: 'new', replace: 'replaced', same: 'already there, unchanged' }[file.status];
    out.push(`${shown(file.file)} (${what}, ${lines} lines)\n`);
  }
  const notes: string[] = [];
  for (const note of write.notes) notes.push(`note: ${shown(write.file)}: ${note}\n`);
  for (const step of lossy) notes.push(`note: ${step.message}\n`);
  for (const warning of warnings) notes.push(`warning: ${warning}\n`);
  return { report: out.join(''), notes: notes.join('') };
}
