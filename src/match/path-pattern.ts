import { createRequire } from 'node:module';
import { posix } from 'node:path';

// picomatch is needed only for file-tool `if` rules: loaded on first use (DESIGN.md "Fast when idle").
const requireModule = createRequire(import.meta.url);
let picomatchModule: typeof import('picomatch') | undefined;
function picomatch(...args: Parameters<typeof import('picomatch')>): ReturnType<typeof import('picomatch')> {
  picomatchModule ??= requireModule('picomatch') as typeof import('picomatch');
  return picomatchModule(...args);
}

/** Directories a file-tool rule is anchored to (claude-code-hooks.md §5.3). */
export interface PathContext {
  cwd: string;
  projectDir: string;
  homeDir: string;
  /**
   * Root for `/path` patterns: the settings source's root (project root for project settings,
   * `~/.claude` for user settings, the original cwd for local/CLI/session). Defaults to projectDir.
   */
  settingsRoot?: string;
}

type Anchor = 'absolute' | 'home' | 'settings' | 'cwd';

export interface PathPattern {
  test(filePath: string, ctx: PathContext): boolean;
}

/**
 * A gitignore-style file rule (§5.3): `//abs/path`, `~/home/path`, `/settings-root/path`, `path` or
 * `./path` (cwd). `*` stays within a segment, `**` crosses them; a pattern with no slash matches
 * at any depth (`Read(.env)` ≡ `Read(**\/.env)`); a pattern with a slash is anchored to its root
 * (since 2.1.214 `Edit(src/**)` means `<cwd>/src`); a trailing `/` means everything below; a pattern
 * that names a directory also covers its contents.
 */
export function compilePathPattern(specifier: string): PathPattern {
  let anchor: Anchor = 'cwd';
  let body = specifier.trim();
  if (body.startsWith('//')) [anchor, body] = ['absolute', body.slice(2)];
  else if (body.startsWith('~/')) [anchor, body] = ['home', body.slice(2)];
  else if (body.startsWith('/')) [anchor, body] = ['settings', body.slice(1)];
  else if (body.startsWith('./')) body = body.slice(2);
  else if (!body.replace(/\/+$/, '').includes('/')) body = `**/${body}`;
  if (body.endsWith('/')) body = `${body}**`;
  const patterns = body === '' || body.endsWith('/**') ? [body || '**'] : [body, `${body}/**`];
  const isMatch = picomatch(patterns, { dot: true });
  // Forces V8's lazy regex compilation now, so a pattern too large throws at load, not at dispatch.
  isMatch('');
  isMatch('\u0100');
  return {
    test(filePath, ctx) {
      const file = toPosixPath(filePath);
      if (!file.startsWith('/')) return false;
      const root = toPosixPath(rootFor(anchor, ctx));
      const rel = posix.relative(root, file);
      if (rel === '' || rel.startsWith('..') || posix.isAbsolute(rel)) return false;
      return isMatch(rel);
    },
  };
}

function rootFor(anchor: Anchor, ctx: PathContext): string {
  switch (anchor) {
    case 'absolute':
      return '/';
    case 'home':
      return ctx.homeDir;
    case 'settings':
      return ctx.settingsRoot ?? ctx.projectDir;
    case 'cwd':
      return ctx.cwd;
  }
}

/** Windows paths are matched in POSIX form (`C:\x` → `/c/x`), as Claude Code does (§5.3). */
export function toPosixPath(path: string): string {
  const drive = /^([A-Za-z]):[\\/]/.exec(path);
  const rest = drive ? `/${drive[1]?.toLowerCase()}/${path.slice(3)}` : path;
  return posix.normalize(rest.replace(/\\/g, '/'));
}
