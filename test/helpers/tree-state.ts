// The whole state of a folder a writing command may touch, to compare before and after a run that
// must change nothing (`--dry-run`): every entry's kind, permissions, bytes or link target, and
// mtime, the folder's own included. The entries are first set to an old mtime, so that a file
// written back with the same bytes, or a temporary file made and removed (its folder's mtime),
// shows even within the clock's resolution.
import { lstatSync, lutimesSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { join } from 'node:path';

/** 2001-09-09, in seconds since the epoch: long before any test run. */
const OLD_TIME_S = 1_000_000_000;

function entries(root: string): string[] {
  return ['', ...readdirSync(root, { recursive: true, encoding: 'utf8' })].sort();
}

/** Sets every entry under `root` (and `root`) to an old mtime; links themselves, not their targets. */
export function ageTree(root: string): void {
  for (const name of entries(root)) lutimesSync(join(root, name), OLD_TIME_S, OLD_TIME_S);
}

/** Each entry by its path relative to `root` ('' for `root`): kind, mode, mtime and content. */
export function treeState(root: string): Record<string, string> {
  const state: Record<string, string> = {};
  for (const name of entries(root)) {
    const path = join(root, name);
    const stat = lstatSync(path);
    const head = `${(stat.mode & 0o7777).toString(8)} ${stat.mtimeMs}`;
    if (stat.isSymbolicLink()) state[name] = `link ${head} -> ${readlinkSync(path)}`;
    else if (stat.isDirectory()) state[name] = `folder ${head}`;
    else state[name] = `file ${head} ${readFileSync(path).toString('base64')}`;
  }
  return state;
}
