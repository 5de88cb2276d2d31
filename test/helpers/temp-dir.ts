import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll } from 'vitest';

const created: string[] = [];
// Registered when a test file first imports this module, so on that file's root suite: each test
// file runs in its own module graph (Vitest isolates files), and its folders go when it ends.
afterAll(() => {
  for (const dir of created.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A fresh folder under the OS temp dir, removed with everything in it after the test file. */
export function tempDir(prefix = 'test'): string {
  const dir = mkdtempSync(join(tmpdir(), `agent-hooks-${prefix}-`));
  created.push(dir);
  return dir;
}

/** Writes `text` to `root/rel`, creating folders; returns the file's path. */
export function writeFile(root: string, rel: string, text: string): string {
  const path = join(root, rel);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
  return path;
}

/** Files by relative path; objects are written as JSON. */
export type TreeSpec = Record<string, string | object>;

/** Writes the files under `root`. */
export function writeTree(root: string, files: TreeSpec): void {
  for (const [rel, content] of Object.entries(files))
    writeFile(root, rel, typeof content === 'string' ? content : `${JSON.stringify(content, null, 2)}\n`);
}

/** A fresh temp folder (see tempDir) holding the files. */
export function makeTree(files: TreeSpec, prefix = 'tree'): string {
  const root = tempDir(prefix);
  writeTree(root, files);
  return root;
}
