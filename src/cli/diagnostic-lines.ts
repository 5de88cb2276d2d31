// What the commands that load configuration share (run, validate, list, doctor, bridge): the load
// options a command line gives, and how a diagnostic is printed. Apart from validate.ts so that
// `run`, which a host starts on every tool call, does not load validate's modules (issue 16 item 4).
import path from 'node:path';
import pc from 'picocolors';
import type { LoadOptions } from '../config/generation/types.ts';
import type { Diagnostic } from '../errors.ts';
import type { CommonOptions } from './common-options.ts';

/** Everything `validate`/`list` need that the command line does not say; tests inject it. */
export type LoadOverrides = Partial<
  Pick<LoadOptions, 'homeDir' | 'managedDir' | 'copilotPolicyDir' | 'env' | 'vscodeSettings' | 'platform'>
>;

export type Write = (text: string) => void;

export function loadOptionsFromCli(
  options: CommonOptions & { strict?: boolean },
  overrides: LoadOverrides = {},
): LoadOptions {
  return {
    profile: options.profile,
    cwd: path.resolve(options.cwd),
    noUser: !options.user,
    settingsFiles: options.settings,
    pluginDirs: options.pluginDir,
    ...(options.trustFolder ? { copilotTrustFolder: true } : {}),
    ...(options.strict ? { strict: true } : {}),
    ...overrides,
  };
}

/** `file:line:column`, relative to `cwd` when the file is inside it. */
export function displayPath(file: string, cwd: string): string {
  const rel = path.relative(cwd, file);
  return rel && !rel.startsWith('..') && !path.isAbsolute(rel) ? rel : file;
}

export function formatDiagnostic(d: Diagnostic, cwd: string, color = false): string {
  const where = d.file ? `${displayPath(d.file, cwd)}:${d.line ?? 1}:${d.column ?? 1} ` : '';
  const paint = !color
    ? (s: string) => s
    : d.severity === 'error'
      ? pc.red
      : d.severity === 'warning'
        ? pc.yellow
        : pc.dim;
  const hint = d.suggestion && !/did you mean/i.test(d.message) ? ` (did you mean ${d.suggestion})` : '';
  return `${where}${paint(d.severity)} ${d.code} ${d.message}${hint}`;
}
