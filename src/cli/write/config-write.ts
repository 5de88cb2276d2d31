import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { type JsonMerge, mergeHookConfig } from './json-merge.ts';
import { unifiedDiff } from './line-diff.ts';

/**
 * One file a command is about to write: made by `planConfigWrite`, shown with `diff`, written by
 * `applyConfigWrite`. `convert --out` uses it; `init` and `bridge install` are meant to.
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

/** A write that must not happen: the message says why and what to do. */
export class WriteRefused extends Error {
  override readonly name = 'WriteRefused';
}

function readExisting(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return undefined;
    throw new WriteRefused(`not writing ${file}: it cannot be read (${code ?? String(error)})`);
  }
}

/** Merges an object into a file's existing JSON text; a string says why it cannot. */
export type MergeJson = (existing: string, incoming: Record<string, unknown>) => JsonMerge | string;

/**
 * Plans writing a hook configuration object to `file`. A missing file is created. An existing
 * one is merged into (every other key and its formatting kept), or with `force` replaced; when
 * it cannot be merged (bad JSON, `hooks` of another shape) the write is refused without `force`.
 * `merge` defaults to the hook merge; `schema --vscode` passes its settings merge.
 */
export function planConfigWrite(
  file: string,
  incoming: Record<string, unknown>,
  options: { force: boolean; merge?: MergeJson },
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
  if (options.force) return plan('replace', fresh);
  const merged = (options.merge ?? mergeHookConfig)(before, incoming);
  if (typeof merged === 'string') {
    throw new WriteRefused(
      `not writing ${file}: it exists and cannot be merged into because ${merged}; fix it, choose another --out, or replace it with --force`,
    );
  }
  return plan('merge', merged.text, merged.notes);
}

/** Writes the planned text through a temporary file and a rename, keeping the file's mode. */
export function applyConfigWrite(write: ConfigWrite): void {
  if (write.before === write.after) return;
  mkdirSync(dirname(write.file), { recursive: true });
  const temporary = join(dirname(write.file), `.${basename(write.file)}.${process.pid}.tmp`);
  const mode = write.before === undefined ? undefined : statSync(write.file).mode;
  writeFileSync(temporary, write.after, mode === undefined ? {} : { mode });
  renameSync(temporary, write.file);
}
