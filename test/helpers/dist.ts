import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, rmdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

/**
 * Fixture scripts import the package by its name (`agent-hooks/author`), which resolves to the
 * built `dist/`. CI builds before the tests; locally `ensureBuilt()` runs the build once when
 * `dist/` is older than `src/`, under a lock so parallel test files do not build twice.
 */

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const STAMP = join(ROOT, 'dist', 'author.js');
const LOCK = join(ROOT, 'node_modules', '.agent-hooks-build.lock');
/** A build takes ~20-30 s on a busy 2-core machine; waiting for another file's build allows more. */
export const BUILD_TIMEOUT_MS = 180_000;
const LOCK_POLL_MS = 250;
/** A lock older than this was left by a killed run. */
const STALE_LOCK_MS = 300_000;

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

function isFresh(): boolean {
  try {
    return statSync(STAMP).mtimeMs >= newestMtime(join(ROOT, 'src'));
  } catch {
    return false;
  }
}

function tryLock(): boolean {
  try {
    mkdirSync(LOCK);
    return true;
  } catch {
    try {
      if (Date.now() - statSync(LOCK).mtimeMs > STALE_LOCK_MS) rmdirSync(LOCK);
    } catch {
      // Released meanwhile.
    }
    return false;
  }
}

export async function ensureBuilt(): Promise<void> {
  const deadline = Date.now() + BUILD_TIMEOUT_MS;
  while (!isFresh()) {
    if (tryLock()) {
      try {
        if (isFresh()) return;
        const tsc = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
        const build = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.build.json'], {
          cwd: ROOT,
          encoding: 'utf8',
          timeout: BUILD_TIMEOUT_MS,
        });
        if (build.status !== 0) throw new Error(`build failed:\n${build.stdout}${build.stderr}`);
        return;
      } finally {
        rmdirSync(LOCK);
      }
    }
    if (Date.now() > deadline) throw new Error('timed out waiting for another test file to build dist/');
    await sleep(LOCK_POLL_MS);
  }
}
