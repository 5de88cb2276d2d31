import { readdir, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { type Diagnostic, diagnostic } from '../errors.ts';

/** `hooks.test.yaml`, `hooks.test.yml`, `hooks.test.json`, and `NAME.hooks.test.*` (docs/testing.md). */
export const SCENARIO_FILE = /^(?:.+\.)?hooks\.test\.(?:ya?ml|json)$/;
/** Folders never searched: dependencies and version control hold no scenarios of the project. */
const SKIPPED_DIRS = new Set(['node_modules', '.git']);

async function walk(dir: string, out: string[]): Promise<void> {
  const entries = await readdir(dir, { withFileTypes: true });
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name)) await walk(path, out);
    } else if (SCENARIO_FILE.test(entry.name)) {
      out.push(path);
    }
  }
}

/**
 * The scenario files to run: each file given as it is (whatever its name), and the scenario
 * files under each folder given, recursively. A path that does not exist is a diagnostic.
 */
export async function findScenarioFiles(
  paths: readonly string[],
  cwd: string,
): Promise<{ files: string[]; diagnostics: Diagnostic[] }> {
  const files: string[] = [];
  const diagnostics: Diagnostic[] = [];
  for (const given of paths) {
    const path = resolve(cwd, given);
    const info = await stat(path).catch(() => undefined);
    if (info === undefined) {
      diagnostics.push(
        diagnostic('SCENARIO_UNREADABLE', `${given} does not exist; name a scenario file or a folder`, {
          file: path,
        }),
      );
    } else if (info.isDirectory()) {
      await walk(path, files);
    } else {
      files.push(path);
    }
  }
  return { files: [...new Set(files)], diagnostics };
}
