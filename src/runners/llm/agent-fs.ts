import { realpath } from 'node:fs/promises';
import { isAbsolute, relative, resolve, sep } from 'node:path';

/**
 * File access of agent-hook tools is confined to the project directory, plus individual files
 * the hook must see (the transcript, which lives under `~/.claude/projects`); Claude Code grants
 * the agent a session rule to read it (claude-code-hooks.md §4.6).
 */
export interface FsScope {
  /** Real path of the project directory. */
  root: string;
  /** Real paths of single files readable outside the root. */
  extraFiles: Set<string>;
}

export async function createFsScope(projectDir: string, extraFiles: string[]): Promise<FsScope> {
  const root = await realpath(projectDir);
  const extras = new Set<string>();
  for (const f of extraFiles) {
    try {
      extras.add(await realpath(f));
    } catch {
      // A transcript that does not exist yet cannot be read anyway.
    }
  }
  return { root, extraFiles: extras };
}

export function isInside(root: string, path: string): boolean {
  return path === root || path.startsWith(root.endsWith(sep) ? root : root + sep);
}

/**
 * Resolves a path the model gave (absolute, or relative to the project) to a real path inside the
 * scope, following symlinks so a link cannot lead outside. Returns a message when refused.
 */
export async function resolveInScope(
  scope: FsScope,
  given: string,
  kind: 'file' | 'dir' | 'any',
): Promise<{ ok: true; path: string } | { ok: false; message: string }> {
  const candidate = isAbsolute(given) ? given : resolve(scope.root, given);
  let real: string;
  try {
    real = await realpath(candidate);
  } catch {
    return { ok: false, message: `${given}: no such file or directory` };
  }
  if (isInside(scope.root, real)) return { ok: true, path: real };
  if (kind !== 'dir' && scope.extraFiles.has(real)) return { ok: true, path: real };
  return { ok: false, message: `${given}: outside the project directory; access refused` };
}

/** How a path is shown to the model: relative to the project when inside it. */
export function displayPath(scope: FsScope, path: string): string {
  return isInside(scope.root, path) ? relative(scope.root, path) || '.' : path;
}
