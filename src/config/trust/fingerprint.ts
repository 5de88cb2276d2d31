import { realpathSync } from 'node:fs';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { type Diagnostic, diagnostic } from '../../errors.ts';
import type { NormalizedHandler } from '../../model/handler.ts';
import { sha256Hex } from '../../model/sha256.ts';
import type { SourceRef } from '../../model/source.ts';
import { FileProbe } from './file-probe.ts';
import { packageScriptTexts } from './package-scripts.ts';
import { findScriptRefs, type ScriptRef } from './script-refs.ts';

/** One thing the user approves: a hook definition or a script file a hook runs. */
export type TrustItem =
  | {
      kind: 'definition';
      /** Stable key: project-relative file + JSON pointer. */
      id: string;
      hash: string;
      source: SourceRef;
      event: string;
      eventKey: string;
      type: NormalizedHandler['type'];
      matcher?: string;
      /** What would run, in one line (command, URL, prompt, tool). */
      summary: string;
    }
  | {
      kind: 'script';
      id: string;
      /**
       * sha256 of the file's bytes (for `npm run X`, of the texts of `preX`, `X` and `postX`);
       * `null` when the file (or the script) does not exist (yet).
       */
      hash: string | null;
      /** Why the file is there but could not be read (a link to nothing, a named pipe); hash null. */
      unreadable?: string;
      path: string;
      display: string;
      /** Ids of the definitions that reference it. */
      usedBy: string[];
    };

/**
 * Hashes are computed when first read: every file is read (right after its stamp is taken) while
 * the fingerprint is made, but a `run` against a trust store with no approval for the project
 * compares nothing and so hashes nothing (issue 16 item 4, src/model/sha256.ts).
 */
export interface TrustFingerprint {
  /** sha256 over every item id and hash, in a stable order. */
  hash: string;
  items: TrustItem[];
  /**
   * Every file consulted (scripts, sourced files, package.json, paths that did not exist), with
   * a stat stamp taken before reading it: the engine re-checks these at dispatch and recomputes
   * the fingerprint only when one moved.
   */
  files: ReadonlyMap<string, string | null>;
  /**
   * CONFIG_FILE_UNREADABLE for each consulted file that is there but could not be read: what the
   * hooks run is then unknown, so such a fingerprint is never trusted (status.ts).
   */
  diagnostics: Diagnostic[];
}

export interface FingerprintOptions {
  /** Where `~` and `$HOME` in hook commands point; default the user's home directory. */
  homeDir?: string;
}

const MISSING_FILE_HASH = 'missing';

/**
 * Data up to this size waits for its hash, kept in memory; a larger file (a hook may run a
 * binary) is hashed at once, so a fingerprint kept for an engine's lifetime holds hashes, not files.
 */
const LAZY_HASH_MAX_BYTES = 64 * 1024;

/** A function that hashes `data` on its first call and then remembers the hash. */
function hashLater(data: string | Uint8Array): () => string {
  let hash: string | undefined = data.length > LAZY_HASH_MAX_BYTES ? sha256Hex(data) : undefined;
  return () => {
    hash ??= sha256Hex(data);
    return hash;
  };
}

/**
 * Project-scoped hooks are the ones a repository can bring with it (claude-code-hooks.md §6.4):
 * project and local settings, and frontmatter, `--settings` files and `--plugin-dir` plugins
 * whose files sit inside the project (naming a repository's own file on the command line does
 * not vouch for its content). An inline `--settings '{…}'` text is the user's own.
 */
export function isProjectHandler(handler: NormalizedHandler, projectDir: string): boolean {
  const { scope, file } = handler.source;
  if (scope === 'project' || scope === 'local') return true;
  if (scope !== 'frontmatter' && scope !== 'cli' && scope !== 'plugin') return false;
  if (scope === 'cli' && file.startsWith('<')) return false;
  const root = resolve(projectDir);
  const path = resolve(root, file);
  return isWithin(root, path) || isWithin(realPath(root), realPath(path));
}

function isWithin(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel);
}

function realPath(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}

export function displayPath(file: string, projectDir: string): string {
  const rel = relative(resolve(projectDir), resolve(projectDir, file));
  return rel.startsWith('..') || isAbsolute(rel) ? file : rel.split(sep).join('/');
}

/** The fields that decide what a handler does; source position is in the id, not here. */
function definitionContent(handler: NormalizedHandler): unknown {
  const { source: _source, identity: _identity, spec, ...rest } = handler;
  const safeSpec = handler.type === 'function' ? { id: handler.spec.id } : spec;
  return { ...rest, spec: safeSpec };
}

/** JSON with sorted keys, so that the hash does not depend on property order. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export function handlerSummary(handler: NormalizedHandler): string {
  switch (handler.type) {
    case 'command': {
      const s = handler.spec;
      if (s.exec !== undefined) return [s.exec, ...(s.args ?? [])].join(' ');
      if (s.args !== undefined && s.command !== undefined) return [s.command, ...s.args].join(' ');
      const parts: string[] = [];
      if (s.command !== undefined) parts.push(s.command);
      for (const key of ['bash', 'powershell', 'linux', 'osx', 'windows'] as const) {
        const value = s[key];
        if (value !== undefined) parts.push(`${key}: ${value}`);
      }
      return parts.join(' | ');
    }
    case 'http':
      return `POST ${handler.spec.url}`;
    case 'prompt':
    case 'agent':
      return handler.spec.prompt;
    case 'mcp_tool':
      return `${handler.spec.server}/${handler.spec.tool}`;
    case 'function':
      return `function ${handler.spec.id}`;
  }
}

/** Reads the script now; hashes it when the hash is first read (null: no such file or script). */
function hashRef(ref: ScriptRef, probe: FileProbe): (() => string) | null {
  const data = probe.read(ref.path);
  if (ref.packageScript === undefined) return data === null ? null : hashLater(data);
  const texts = packageScriptTexts(data, ref.packageScript);
  return texts.every((text) => text === null) ? null : hashLater(JSON.stringify(texts));
}

/**
 * Fingerprints what a project would run: each project-scoped hook definition and each script file
 * those hooks reference. Editing any of them changes `hash` (user-pain.md #8; peer-engines.md #17:
 * a key over `name:command` alone misses edits to the script).
 */
export function computeTrustFingerprint(
  handlers: readonly NormalizedHandler[],
  projectDir: string,
  options: FingerprintOptions = {},
): TrustFingerprint {
  const root = resolve(projectDir);
  const probe = new FileProbe();
  const definitions: TrustItem[] = [];
  const scripts = new Map<string, Extract<TrustItem, { kind: 'script' }>>();
  for (const handler of handlers) {
    if (!isProjectHandler(handler, root)) continue;
    const id = `${displayPath(handler.source.file, root)}#${handler.source.pointer}`;
    const hash = hashLater(canonicalJson(definitionContent(handler)));
    definitions.push({
      kind: 'definition',
      id,
      get hash() {
        return hash();
      },
      source: handler.source,
      event: handler.event,
      eventKey: handler.eventKey,
      type: handler.type,
      ...(handler.matcher === undefined ? {} : { matcher: handler.matcher }),
      summary: handlerSummary(handler),
    });
    for (const ref of findScriptRefs(handler, root, { ...options, probe })) {
      const key = ref.packageScript === undefined ? ref.path : ref.display;
      const existing = scripts.get(key);
      if (existing) {
        if (!existing.usedBy.includes(id)) existing.usedBy.push(id);
        continue;
      }
      const hash = hashRef(ref, probe);
      const unreadable = probe.unreadable.get(ref.path);
      scripts.set(key, {
        kind: 'script',
        id: `script:${ref.display}`,
        get hash() {
          return hash === null ? null : hash();
        },
        ...(unreadable === undefined ? {} : { unreadable }),
        path: ref.path,
        display: ref.display,
        usedBy: [id],
      });
    }
  }
  const items = [...definitions, ...[...scripts.values()].sort((a, b) => (a.id < b.id ? -1 : 1))];
  let whole: string | undefined;
  return {
    get hash() {
      whole ??= sha256Hex(
        items
          .map((item) => `${item.id}\u0000${item.hash ?? MISSING_FILE_HASH}`)
          .sort()
          .join('\n'),
      );
      return whole;
    },
    items,
    files: probe.stamps,
    // The same code and words as discovery's for a hook file (expand.ts, read-regular-file.ts).
    diagnostics: [...probe.unreadable].map(([file, why]) =>
      diagnostic('CONFIG_FILE_UNREADABLE', `cannot read ${file}: ${why}`, { file }),
    ),
  };
}

/** `id → hash` for storing and diffing. */
export function itemHashes(items: readonly TrustItem[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const item of items) out[item.id] = item.hash ?? MISSING_FILE_HASH;
  return out;
}
