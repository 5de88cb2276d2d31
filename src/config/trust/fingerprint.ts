import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import type { NormalizedHandler } from '../../model/handler.ts';
import type { SourceRef } from '../../model/source.ts';
import { findScriptRefs } from './script-refs.ts';

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
      /** sha256 of the file's bytes; `null` when the file does not exist (yet). */
      hash: string | null;
      path: string;
      display: string;
      /** Ids of the definitions that reference it. */
      usedBy: string[];
    };

export interface TrustFingerprint {
  /** sha256 over every item id and hash, in a stable order. */
  hash: string;
  items: TrustItem[];
}

const MISSING_FILE_HASH = 'missing';

function sha256(data: string | Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}

/** Project-scoped hooks are the ones a repository can bring with it (claude-code-hooks.md §6.4). */
export function isProjectHandler(handler: NormalizedHandler, projectDir: string): boolean {
  const scope = handler.source.scope;
  if (scope === 'project' || scope === 'local') return true;
  if (scope !== 'frontmatter') return false;
  const rel = relative(resolve(projectDir), resolve(projectDir, handler.source.file));
  return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel);
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

function hashFile(path: string): string | null {
  try {
    return sha256(readFileSync(path));
  } catch {
    return null;
  }
}

/**
 * Fingerprints what a project would run: each project-scoped hook definition and each script file
 * those hooks reference. Editing any of them changes `hash` (user-pain.md #8; peer-engines.md #17:
 * a key over `name:command` alone misses edits to the script).
 */
export function computeTrustFingerprint(
  handlers: readonly NormalizedHandler[],
  projectDir: string,
): TrustFingerprint {
  const root = resolve(projectDir);
  const definitions: TrustItem[] = [];
  const scripts = new Map<string, Extract<TrustItem, { kind: 'script' }>>();
  for (const handler of handlers) {
    if (!isProjectHandler(handler, root)) continue;
    const id = `${displayPath(handler.source.file, root)}#${handler.source.pointer}`;
    definitions.push({
      kind: 'definition',
      id,
      hash: sha256(canonicalJson(definitionContent(handler))),
      source: handler.source,
      event: handler.event,
      eventKey: handler.eventKey,
      type: handler.type,
      ...(handler.matcher === undefined ? {} : { matcher: handler.matcher }),
      summary: handlerSummary(handler),
    });
    for (const ref of findScriptRefs(handler, root)) {
      const existing = scripts.get(ref.path);
      if (existing) {
        if (!existing.usedBy.includes(id)) existing.usedBy.push(id);
        continue;
      }
      scripts.set(ref.path, {
        kind: 'script',
        id: `script:${ref.display}`,
        hash: hashFile(ref.path),
        path: ref.path,
        display: ref.display,
        usedBy: [id],
      });
    }
  }
  const items = [...definitions, ...[...scripts.values()].sort((a, b) => (a.id < b.id ? -1 : 1))];
  const lines = items.map((item) => `${item.id}\u0000${item.hash ?? MISSING_FILE_HASH}`).sort();
  return { hash: sha256(lines.join('\n')), items };
}

/** `id → hash` for storing and diffing. */
export function itemHashes(items: readonly TrustItem[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const item of items) out[item.id] = item.hash ?? MISSING_FILE_HASH;
  return out;
}
