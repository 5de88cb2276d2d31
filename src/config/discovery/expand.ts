import { readdirSync, type Stats } from 'node:fs';
import path from 'node:path';
import { type Diagnostic, diagnostic } from '../../errors.ts';
// Discovery looks at a few dozen paths and reads none of them here: synchronous calls, each a few
// microseconds, where the asynchronous ones cost a thread-pool round trip and a promise each
// (measured: 4% of a whole `run` start, which discovers every host's files; issue 16 item 4). A
// look never opens the path, so a named pipe or a device costs no more than a file. A symbolic
// link to nothing throws (DanglingLinkError): it is reported where it stands, not taken for a
// missing file, since it turns its hooks off by mistake.
import { NotRegularFileError, notRegularKind, statFollowingSync } from '../read-regular-file.ts';
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

/** A report and a diagnostic for one file of a folder location that cannot be read. */
function unreadableEntry(out: Expansion, spec: LocationSpec, file: string, why: string): void {
  out.reports.push({ ...report(spec, 'error', why), path: file });
  out.diagnostics.push(diagnostic('CONFIG_FILE_UNREADABLE', `cannot read ${file}: ${why}`, { file }));
}

/**
 * Files of a folder location, sorted by name in UTF-16 code-unit order (Copilot documents
 * alphabetical policy order); `fileOrder: 'descending'` reverses it. An entry that cannot be
 * read (a symbolic link loop or to nothing, a skill folder that is a link to nothing, a named
 * pipe, a socket, a device) is reported on its own, and the folder's other files still load: a
 * model can make such an entry, and it must not take the folder's hooks away nor make a reader
 * wait on it.
 */
function listFolder(spec: LocationSpec, out: Expansion): string[] {
  const entries = readdirSync(spec.path, { withFileTypes: true });
  const names = entries.map((e) => e.name).sort();
  if (spec.fileOrder === 'descending') names.reverse();
  const suffix = SUFFIX_BY_SHAPE[spec.shape] ?? '.json';
  const candidates =
    spec.shape === 'folder-skill'
      ? names.map((name) => path.join(spec.path, name, 'SKILL.md'))
      : names.filter((name) => name.endsWith(suffix)).map((name) => path.join(spec.path, name));
  const files: string[] = [];
  for (const file of candidates) {
    let found: Stats | undefined;
    let at = file;
    try {
      found = statFollowingSync(file);
      // A skill folder that is itself a link to nothing has no SKILL.md either: the folder is the
      // entry to name (one more look, only for a skill folder without SKILL.md).
      if (found === undefined && spec.shape === 'folder-skill') {
        at = path.dirname(file);
        statFollowingSync(at);
      }
    } catch (error) {
      unreadableEntry(out, spec, at, error instanceof Error ? error.message : String(error));
      continue;
    }
    // Not there (a skill folder without SKILL.md, a file deleted since the listing) or a folder: not a hook file.
    if (found === undefined || found.isDirectory()) continue;
    const other = notRegularKind(found);
    if (other === undefined) files.push(file);
    else unreadableEntry(out, spec, file, new NotRegularFileError(other).message);
  }
  return files;
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
      const found = statFollowingSync(spec.path);
      if (found === undefined && spec.mustExist) {
        out.reports.push(report(spec, 'error', 'file not found'));
        out.diagnostics.push(notFound(spec));
      } else if (found === undefined) {
        out.reports.push(report(spec, 'missing'));
      } else if (spec.shape === 'file') {
        if (found.isDirectory()) throw Object.assign(new Error('is a directory'), { code: 'EISDIR' });
        const other = notRegularKind(found);
        if (other !== undefined) throw new NotRegularFileError(other);
        out.files.push(toFile(spec, spec.path));
      } else if (!found.isDirectory()) {
        const what = notRegularKind(found) ?? 'a file';
        throw Object.assign(new Error(`is ${what}, expected a folder`), { code: 'ENOTDIR' });
      } else {
        const reported = out.reports.length;
        const files = listFolder(spec, out);
        if (files.length === 0 && out.reports.length === reported)
          out.reports.push(report(spec, 'missing', 'folder has no matching files'));
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
