import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The project's shared compatibility data, where it sits beside the clone (development and CI lay
 * out `<repo>/../shared`). Tests read their vendored copies in `test/fixtures/`; this is only for
 * checking that those copies are still the shared ones, so a lone clone without it loses nothing.
 */
const SHARED_COMPAT_DIR = fileURLToPath(new URL('../../../shared/compat/', import.meta.url));

/** The shared copy of `relativePath` (under shared/compat), or undefined on a lone clone. */
export function sharedCompatPath(relativePath: string): string | undefined {
  const path = join(SHARED_COMPAT_DIR, relativePath);
  return existsSync(path) ? path : undefined;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => statSync(join(dir, name)).isFile())
    .sort();
}

/**
 * Compares a vendored folder with its shared original and names each file that is not the same:
 * `differs: x`, `only in the vendored copy: x`, `only in shared: x`. Only the top-level entries
 * the vendored copy has are compared (shared may hold more data sets), and `ignore` lists vendored
 * files of our own (the README that records the source).
 */
export function compareWithShared(vendoredDir: string, sharedDir: string, ignore: string[] = []): string[] {
  const ours = filesUnder(vendoredDir).filter((name) => !ignore.includes(name));
  const tops = new Set(ours.map((name) => name.split('/')[0]));
  const theirs = filesUnder(sharedDir).filter((name) => tops.has(name.split('/')[0]));
  const problems = theirs
    .filter((name) => !ours.includes(name))
    .map((name) => `only in shared: ${join(relative(process.cwd(), sharedDir), name)}`);
  for (const name of ours) {
    if (!theirs.includes(name)) problems.push(`only in the vendored copy: ${name}`);
    else if (!readFileSync(join(vendoredDir, name)).equals(readFileSync(join(sharedDir, name))))
      problems.push(`differs: ${name}`);
  }
  return problems;
}
