import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { type Diagnostic, diagnostic } from '../../errors.ts';
import type { DiscoveredFile, LocationReport, LocationShape, LocationSpec } from './types.ts';

export interface Expansion {
  files: DiscoveredFile[];
  /** Reports for places that yielded no file to read (missing, disabled, rejected, unreadable). */
  reports: LocationReport[];
  diagnostics: Diagnostic[];
}

const SUFFIX_BY_SHAPE: Partial<Record<LocationShape, string>> = {
  'folder-json': '.json',
  'folder-md': '.md',
  'folder-agent-md': '.agent.md',
};

function report(spec: LocationSpec, status: LocationReport['status'], reason?: string): LocationReport {
  return {
    pattern: spec.pattern,
    path: spec.path,
    kind: spec.kind,
    scope: spec.scope,
    userLevel: spec.userLevel,
    status,
    ...(reason ? { reason } : {}),
  };
}

function errnoCode(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException | undefined)?.code;
}

/**
 * Discovery looks at a few dozen paths and reads none of them here: synchronous calls, each a
 * few microseconds, where the asynchronous ones cost a thread-pool round trip and a promise each
 * (measured: 4% of a whole `run` start, which discovers every host's files; issue 16 item 4).
 */
function kindOf(p: string): 'file' | 'dir' | 'missing' {
  try {
    const s = statSync(p, { throwIfNoEntry: false });
    if (s === undefined) return 'missing';
    return s.isDirectory() ? 'dir' : 'file';
  } catch (error) {
    if (errnoCode(error) === 'ENOENT' || errnoCode(error) === 'ENOTDIR') return 'missing';
    throw error;
  }
}

/**
 * Files of a folder location, sorted by name in UTF-16 code-unit order (Copilot documents
 * alphabetical policy order); `fileOrder: 'descending'` reverses it.
 */
function listFolder(spec: LocationSpec): string[] {
  const entries = readdirSync(spec.path, { withFileTypes: true });
  const names = entries.map((e) => e.name).sort();
  if (spec.fileOrder === 'descending') names.reverse();
  const suffix = SUFFIX_BY_SHAPE[spec.shape] ?? '.json';
  const candidates =
    spec.shape === 'folder-skill'
      ? names.map((name) => path.join(spec.path, name, 'SKILL.md'))
      : names.filter((name) => name.endsWith(suffix)).map((name) => path.join(spec.path, name));
  return candidates.filter((file) => kindOf(file) === 'file');
}

function toFile(spec: LocationSpec, file: string): DiscoveredFile {
  const found: DiscoveredFile = { spec, file };
  if (spec.pluginRoot) {
    found.pluginRoot = spec.pluginRoot;
    found.namespace = spec.pluginRoot;
  }
  if (spec.pluginData) found.pluginData = spec.pluginData;
  // Skill hooks are namespaced by the skill root and see it as CLAUDE_PLUGIN_ROOT (§4.9, §6.5).
  if (spec.shape === 'folder-skill') {
    found.namespace = path.dirname(file);
    found.pluginRoot = path.dirname(file);
  }
  return found;
}

/** Turns location rows into files to read; every row leaves a trace in `reports` or `files`. */
export async function expandLocations(specs: readonly LocationSpec[]): Promise<Expansion> {
  const out: Expansion = { files: [], reports: [], diagnostics: [] };
  for (const spec of specs) {
    if (spec.rejectedReason) {
      out.reports.push(report(spec, 'error', spec.rejectedReason));
      out.diagnostics.push(
        diagnostic(
          'CONFIG_LOCATION_REJECTED',
          `hook location "${spec.path}" ignored: ${spec.rejectedReason}`,
          {
            found: spec.path,
            expected: 'a relative path or a path starting with ~/',
          },
        ),
      );
      continue;
    }
    if (spec.disabledReason) {
      out.reports.push(report(spec, 'disabled', spec.disabledReason));
      continue;
    }
    if (spec.inlineText !== undefined) {
      out.files.push(toFile(spec, spec.path));
      continue;
    }
    try {
      const what = kindOf(spec.path);
      if (what === 'missing' && spec.mustExist) {
        out.reports.push(report(spec, 'error', 'file not found'));
        out.diagnostics.push(notFound(spec));
      } else if (what === 'missing') {
        out.reports.push(report(spec, 'missing'));
      } else if (spec.shape === 'file') {
        if (what === 'dir') throw Object.assign(new Error('is a directory'), { code: 'EISDIR' });
        out.files.push(toFile(spec, spec.path));
      } else if (what === 'file') {
        throw Object.assign(new Error('is a file, expected a folder'), { code: 'ENOTDIR' });
      } else {
        const files = listFolder(spec);
        if (files.length === 0) out.reports.push(report(spec, 'missing', 'folder has no matching files'));
        for (const file of files) out.files.push(toFile(spec, file));
      }
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      out.reports.push(report(spec, 'error', why));
      out.diagnostics.push(
        diagnostic('CONFIG_FILE_UNREADABLE', `cannot read ${spec.path}: ${why}`, { file: spec.path }),
      );
    }
  }
  return out;
}

/** `--settings FILE` names a file that is not there: its hooks cannot run, and the user must know. */
function notFound(spec: LocationSpec): Diagnostic {
  return diagnostic(
    'CONFIG_SETTINGS_FILE_NOT_FOUND',
    `Settings file not found: ${spec.path} (named with ${spec.pattern})`,
    {
      file: spec.path,
      expected: 'an existing settings file or a JSON text',
      found: 'no file at that path',
    },
  );
}
