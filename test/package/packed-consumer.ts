// One packed tarball installed into a fresh consumer project, shared by the tests of
// consumer.test.ts: packed from a clean copy of the repository (so `prepack` must build dist/),
// installed from npm's local cache only (`--offline`), or, when the cache lacks a package,
// from the npm registry (`--prefer-offline`); skipped with the reason when neither works.
import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { REPO_ROOT } from '../helpers/paths.ts';
import { tempDir } from '../helpers/temp-dir.ts';

const run = promisify(execFile);
const NPM_TIMEOUT_MS = 180_000;
const NETWORK_ERROR = /ENOTCACHED|ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ECONNRESET|ETIMEDOUT|network/i;

export interface Consumer {
  /** The consumer project's folder (package.json with "type": "module"). */
  dir: string;
  tarball: string;
}

/** The files a clean clone has: tracked and new files, without ignored ones (dist/, node_modules/). */
async function cleanCopy(): Promise<string> {
  const { stdout } = await run('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: REPO_ROOT,
    maxBuffer: 16 * 1024 * 1024,
  });
  const copy = join(tempDir('clean-clone'), 'agent-hooks');
  for (const file of stdout.split('\0').filter(Boolean)) {
    mkdirSync(dirname(join(copy, file)), { recursive: true });
    cpSync(join(REPO_ROOT, file), join(copy, file), { verbatimSymlinks: true });
  }
  // The clone's `npm ci`: the same packages, linked rather than installed again.
  symlinkSync(join(REPO_ROOT, 'node_modules'), join(copy, 'node_modules'));
  return copy;
}

async function pack(): Promise<string> {
  const copy = await cleanCopy();
  const out = tempDir('tarball');
  const { stdout } = await run('npm', ['pack', '--json', '--pack-destination', out], {
    cwd: copy,
    timeout: NPM_TIMEOUT_MS,
    maxBuffer: 16 * 1024 * 1024,
  });
  const [{ filename }] = JSON.parse(stdout.slice(stdout.indexOf('['))) as [{ filename: string }];
  return join(out, filename);
}

async function npmInstall(
  dir: string,
  args: string[],
  mode: '--offline' | '--prefer-offline',
): Promise<void> {
  await run('npm', ['install', ...args, mode, '--no-audit', '--no-fund'], {
    cwd: dir,
    timeout: NPM_TIMEOUT_MS,
  });
}

/** Packs and installs; resolves to the consumer, or to the reason the install was impossible. */
export async function installPackedConsumer(): Promise<Consumer | { skip: string }> {
  const tarball = await pack();
  const dir = tempDir('consumer');
  writeFileSync(
    join(dir, 'package.json'),
    `${JSON.stringify({ name: 'consumer', private: true, type: 'module' })}\n`,
  );
  try {
    await npmInstall(dir, [tarball], '--offline');
  } catch (offline) {
    if (!NETWORK_ERROR.test(String((offline as { stderr?: string }).stderr))) throw offline;
    try {
      await npmInstall(dir, [tarball], '--prefer-offline');
    } catch (online) {
      const stderr = String((online as { stderr?: string }).stderr);
      if (!NETWORK_ERROR.test(stderr)) throw online;
      return {
        skip: `the core dependencies are not in npm's cache and the npm registry is unreachable: ${stderr.trim().split('\n')[0]}`,
      };
    }
  }
  return { dir, tarball };
}

/**
 * Makes the optional peers available to the consumer the way an install beside agent-hooks
 * would: each linked from the repository's own node_modules (no registry needed).
 */
export function linkPeers(dir: string, peers: readonly string[]): void {
  for (const name of peers) {
    const target = join(dir, 'node_modules', name);
    mkdirSync(dirname(target), { recursive: true });
    symlinkSync(join(REPO_ROOT, 'node_modules', name), target, 'dir');
  }
}

/** Top-level package names in the consumer's node_modules (scoped ones as `@scope/name`). */
export function installedPackages(dir: string): string[] {
  const root = join(dir, 'node_modules');
  return readdirSync(root)
    .filter((name) => !name.startsWith('.'))
    .flatMap((name) =>
      name.startsWith('@') ? readdirSync(join(root, name)).map((sub) => `${name}/${sub}`) : [name],
    )
    .sort();
}
