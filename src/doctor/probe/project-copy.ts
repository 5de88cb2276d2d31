import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** Folders a hook never needs and that can be huge: not copied. */
const SKIPPED_DIRS = new Set(['.git', 'node_modules']);

/**
 * Copies the project to a fresh temporary folder (modes kept, so a missing execute bit shows),
 * so that the hooks a probe runs write their logs and files there and not in the project.
 */
export async function copyProject(projectDir: string): Promise<{ dir: string; remove: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'agent-hooks-doctor-'));
  await cp(projectDir, dir, {
    recursive: true,
    verbatimSymlinks: true,
    filter: (source) => !SKIPPED_DIRS.has(path.basename(source)) || source === projectDir,
  });
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}
