import {
  accessSync,
  chmodSync,
  chownSync,
  constants,
  mkdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { type JsonMerge, mergeHookConfig } from './json-merge.ts';
import { unifiedDiff } from './line-diff.ts';
import { danglingLinkRefusal, danglingLinkTarget, unreadable } from './unreadable.ts';

/**
 * One file a command is about to write: made by `planConfigWrite`, shown with `diff`, written by
 * `applyConfigWrite` (or, in a dry run, only checked: `checkConfigWrite`).
 */
export interface ConfigWrite {
  file: string;
  /** The file's text now; undefined when it does not exist. */
  before: string | undefined;
  after: string;
  /** `create` a new file, `merge` into an existing one, or `replace` it (only with --force). */
  mode: 'create' | 'merge' | 'replace';
  /** What the merge kept as it was. */
  notes: string[];
  /** Unified diff of before → after; empty when nothing changes. */
  diff: string;
}

/** The permission bits of a file's mode (its type bits are not ours to set). */
export const PERMISSION_BITS = 0o7777;

/** A write that must not happen: the message says why and what to do. */
export class WriteRefused extends Error {
  override readonly name = 'WriteRefused';
}

/** The file's text, undefined when it is not there; what stops the read is refused with its fix. */
function readExisting(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // A link to nothing reads as not there: newFileTarget refuses it, naming its target.
    if (code === 'ENOENT') return undefined;
    const { why, fix } = unreadable(file, error);
    throw new WriteRefused(`not writing ${file}: it ${why}; ${fix}`);
  }
}

/** Merges an object into a file's existing JSON text; a string says why it cannot. */
export type MergeJson = (existing: string, incoming: Record<string, unknown>) => JsonMerge | string;

/**
 * Plans writing a hook configuration object to `file`. A missing file is created. An existing one
 * is merged into (every other key and its formatting kept). When it cannot be merged (bad JSON, a
 * duplicate key, `hooks` of another shape) or `refuse` finds a reason (errors for its host), the
 * write is refused, or with `force` the whole file is replaced: `force` never replaces a file that
 * can be merged. `merge` defaults to the hook merge; `schema --vscode` passes its settings merge.
 */
export function planConfigWrite(
  file: string,
  incoming: Record<string, unknown>,
  options: {
    force: boolean;
    merge?: MergeJson;
    /** The errors that forbid merging into the existing text (e.g. its host would not read it). */
    refuse?: (before: string) => string[];
  },
): ConfigWrite {
  const before = readExisting(file);
  const fresh = `${JSON.stringify(incoming, null, 2)}\n`;
  const plan = (mode: ConfigWrite['mode'], after: string, notes: string[] = []): ConfigWrite => ({
    file,
    before,
    after,
    mode,
    notes,
    diff: unifiedDiff(file, before, after),
  });
  if (before === undefined) return plan('create', fresh);
  const merged = (options.merge ?? mergeHookConfig)(before, incoming);
  const problems = typeof merged === 'string' ? [] : (options.refuse?.(before) ?? []);
  if (typeof merged !== 'string' && problems.length === 0) return plan('merge', merged.text, merged.notes);
  const reason = typeof merged === 'string' ? `it cannot be merged into because ${merged}` : 'it has errors';
  if (options.force) return plan('replace', fresh, [`replaced the whole file (--force): ${reason}`]);
  const listed = problems.map((problem) => `\n  ${problem}`).join('');
  throw new WriteRefused(
    `not writing ${file}: ${reason}; fix it, or pass --force to replace the whole file (everything else in it is lost)${listed}`,
  );
}

/**
 * Writes the planned text. Through a symbolic link, the file it points to is written and the link
 * stays. A file this user may not write is refused, not replaced. The text goes to a temporary file
 * renamed over the target (a reader never sees half a file), with the target's mode, owner and
 * group; where the owner cannot be kept, the file is written in place instead.
 */
export function applyConfigWrite(write: ConfigWrite): void {
  if (write.before === write.after) return;
  const target = configWriteTarget(write);
  try {
    mkdirSync(dirname(target), { recursive: true });
    if (write.before === undefined) writeThroughRename(target, write.after);
    else writeKeepingOwner(target, write.after, statSync(target));
  } catch (error) {
    if (error instanceof WriteRefused) throw error;
    const code = (error as NodeJS.ErrnoException).code ?? String(error);
    throw new WriteRefused(`could not write ${write.file}: ${code}; nothing in it was changed`);
  }
}

/**
 * The file `applyConfigWrite` would write, or the WriteRefused it would throw (a file this user may
 * not write, a link to nothing, a folder this user may not create it in), without writing: a
 * command that writes other files with this one checks it before it writes any of them, and a dry
 * run checks it instead of writing (dry-run.ts).
 */
export function configWriteTarget(write: ConfigWrite): string {
  return writeTarget(write.file, write.before !== undefined);
}

/** `configWriteTarget` of a write that changes something; a write that changes nothing is never made. */
export function checkConfigWrite(write: ConfigWrite): void {
  if (write.before !== write.after) configWriteTarget(write);
}

/**
 * The file a write of `file` (there now or not: `exists`) goes to, or the WriteRefused that write
 * would end in: what every writer checks before it writes, a script or a schema file as much as a
 * hook file.
 */
export function writeTarget(file: string, exists: boolean): string {
  return exists ? existingTarget(file) : newFileTarget(file);
}

function existingTarget(file: string): string {
  const target = realpathSync(file);
  try {
    accessSync(target, constants.W_OK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? String(error);
    throw new WriteRefused(
      `not writing ${file}: this user may not write it (${code}); make it writable first`,
    );
  }
  return target;
}

/**
 * A missing file; a symbolic link whose target is missing is refused, not replaced by a file, and
 * so is a file in a folder this user may not create files in (the nearest one there: the writer
 * makes the folders below it).
 */
function newFileTarget(file: string): string {
  const target = danglingLinkTarget(file);
  if (target !== undefined) throw new WriteRefused(danglingLinkRefusal(file, target));
  const folder = nearestFolder(dirname(file));
  if (folder === undefined) return file;
  try {
    accessSync(folder, constants.W_OK | constants.X_OK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? String(error);
    throw new WriteRefused(
      `not writing ${file}: this user may not create files in ${folder} (${code}); make that folder writable first`,
    );
  }
  return file;
}

/**
 * The nearest folder on the path that is there; undefined when a file stands in a folder's place
 * (the plan's read names that, unreadable.ts) or the path cannot be looked at: the write says why.
 */
function nearestFolder(folder: string): string | undefined {
  for (let dir = folder; ; dir = dirname(dir)) {
    let stat: ReturnType<typeof statSync> | undefined;
    try {
      stat = statSync(dir, { throwIfNoEntry: false });
    } catch {
      return undefined;
    }
    if (stat !== undefined) return stat.isDirectory() ? dir : undefined;
    if (dirname(dir) === dir) return undefined;
  }
}

function temporaryFor(target: string): string {
  return join(dirname(target), `.${basename(target)}.${process.pid}.tmp`);
}

function writeThroughRename(target: string, text: string, mode?: number): void {
  const temporary = temporaryFor(target);
  try {
    writeFileSync(temporary, text);
    // Exactly the target's permissions: a mode given at creation would pass through the umask.
    if (mode !== undefined) chmodSync(temporary, mode & PERMISSION_BITS);
    renameSync(temporary, target);
  } catch (error) {
    removeQuietly(temporary);
    throw error;
  }
}

function writeKeepingOwner(
  target: string,
  text: string,
  stat: { mode: number; uid: number; gid: number },
): void {
  const uid = process.getuid?.();
  const gid = process.getgid?.();
  if (uid === undefined || (stat.uid === uid && stat.gid === gid)) {
    writeThroughRename(target, text, stat.mode);
    return;
  }
  const temporary = temporaryFor(target);
  try {
    writeFileSync(temporary, text);
    chmodSync(temporary, stat.mode & PERMISSION_BITS);
    chownSync(temporary, stat.uid, stat.gid);
    renameSync(temporary, target);
  } catch {
    // Only root may give a file away: another user's (or group's) file is written in place.
    removeQuietly(temporary);
    writeFileSync(target, text);
  }
}

function removeQuietly(file: string): void {
  try {
    unlinkSync(file);
  } catch {
    // Never made, or already gone.
  }
}
