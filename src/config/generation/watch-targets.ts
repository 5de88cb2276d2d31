import { existsSync } from 'node:fs';
import path from 'node:path';
import type { ConfigChangeSource, LocationSpec } from '../discovery/types.ts';

/** One watched place: a folder and a test for the files in it that belong to a location. */
export interface WatchTarget {
  dir: string;
  matches(file: string): boolean;
  changeSource?: ConfigChangeSource;
}

const SUFFIX = { 'folder-json': '.json', 'folder-md': '.md', 'folder-agent-md': '.agent.md' } as const;

export function watchTarget(spec: LocationSpec): WatchTarget {
  const source = spec.changeSource ? { changeSource: spec.changeSource } : {};
  if (spec.shape === 'file') {
    return { dir: path.dirname(spec.path), matches: (f) => f === spec.path, ...source };
  }
  if (spec.shape === 'folder-skill') {
    return {
      dir: spec.path,
      matches: (f) => path.basename(f) === 'SKILL.md' && path.dirname(path.dirname(f)) === spec.path,
      ...source,
    };
  }
  const suffix = SUFFIX[spec.shape];
  return { dir: spec.path, matches: (f) => path.dirname(f) === spec.path && f.endsWith(suffix), ...source };
}

function isAncestorOrSelf(ancestor: string, p: string): boolean {
  return p === ancestor || p.startsWith(ancestor.endsWith(path.sep) ? ancestor : ancestor + path.sep);
}

/**
 * Paths the watcher may descend into: ancestors of a target folder (so a folder created later
 * is noticed), the folders themselves, skill sub-folders, and matching files. Everything else
 * is ignored, so watching an ancestor such as the home directory stays cheap.
 */
export function isRelevant(targets: readonly WatchTarget[], p: string): boolean {
  return targets.some(
    (t) =>
      isAncestorOrSelf(p, t.dir) ||
      t.matches(p) ||
      (path.dirname(p) === t.dir && !path.extname(p)) || // a skill folder, or a folder not yet known
      t.matches(path.join(p, 'SKILL.md')),
  );
}

/** The nearest existing ancestor of each target folder: what is actually handed to the watcher. */
export function watchRoots(targets: readonly WatchTarget[]): string[] {
  const roots = new Set<string>();
  for (const t of targets) {
    let dir = t.dir;
    while (!existsSync(dir) && path.dirname(dir) !== dir) dir = path.dirname(dir);
    roots.add(dir);
  }
  return [...roots];
}
