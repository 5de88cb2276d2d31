// Permission refusals need a user the permissions stop: root writes and reads any file, so a test
// running as root starts the CLI as `nobody` (65534 on Debian) in a tree given to that user.
import { chownSync, lchownSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { builtBinPath } from './cli.ts';

const NOBODY = { uid: 65534, gid: 65534 };

const OTHERS_READ = 0o004;
const OTHERS_SEARCH = 0o001;

/** Whether a user other than the owner can reach and read `file` (every folder above it searchable). */
function othersCanRead(file: string): boolean {
  if ((statSync(file).mode & OTHERS_READ) === 0) return false;
  for (let dir = dirname(file); ; dir = dirname(dir)) {
    if ((statSync(dir).mode & OTHERS_SEARCH) === 0) return false;
    if (dirname(dir) === dir) return true;
  }
}

const RUNS_AS_ROOT = process.getuid?.() === 0;

/** As root the test needs `nobody` to start the built CLI: a checkout under a private folder cannot. */
export const CANNOT_RUN_AS_NOBODY =
  RUNS_AS_ROOT && !(othersCanRead(builtBinPath()) && othersCanRead(process.execPath));

/** Gives `dir` and everything in it to `user`. */
function chownTree(dir: string, user: typeof NOBODY): void {
  chownSync(dir, user.uid, user.gid);
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) chownTree(path, user);
    else lchownSync(path, user.uid, user.gid);
  }
}

/**
 * The spawn options that run the CLI as a user whom permissions stop, `project` given to that
 * user when it is `nobody`; empty when the tests do not run as root.
 */
export function permissionsApply(project: string): { user?: typeof NOBODY } {
  if (!RUNS_AS_ROOT) return {};
  chownTree(project, NOBODY);
  return { user: NOBODY };
}
