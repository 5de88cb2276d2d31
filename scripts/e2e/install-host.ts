// Installs a pinned host CLI from the npm registry into a cache folder outside the project.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

const CACHE_DIR = join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'agent-hooks-e2e');

/** Returns the folder holding `node_modules/<name>`, installing `name@version` there if needed. */
export function installHost(name: string, version: string): string {
  const dir = join(CACHE_DIR, `${name.replace('/', '+')}@${version}`);
  if (existsSync(join(dir, 'node_modules', name, 'package.json'))) return dir;
  mkdirSync(dir, { recursive: true });
  const result = spawnSync(
    'npm',
    [
      'install',
      '--prefix',
      dir,
      '--no-audit',
      '--no-fund',
      '--no-save',
      '--loglevel=error',
      `${name}@${version}`,
    ],
    { stdio: 'inherit' },
  );
  if (result.status !== 0) throw new Error(`npm install ${name}@${version} failed`);
  return dir;
}
