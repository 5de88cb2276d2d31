import { type ConfigKind, readConfig } from '../../config/read-config.ts';
import type { Diagnostic } from '../../errors.ts';

/** Every finding of one severity in `text` read as a `kind` file, as the hosts' reader reports it. */
export function configDiagnostics(
  file: string,
  text: string,
  kind: ConfigKind,
  severity: 'error' | 'warning',
): Diagnostic[] {
  return readConfig({ file, text, kind, scope: 'project' }).diagnostics.filter(
    (d) => d.severity === severity,
  );
}

/** A finding as one line: its code, where it is, and what is wrong. */
export const located = (d: Diagnostic): string =>
  `${d.code} at ${d.file}:${d.line ?? '?'}:${d.column ?? '?'}: ${d.message}`;

/**
 * The errors a host would find in `text` as a `kind` file, one line each: a writer refuses to merge
 * into such a file (the host could not read the result either) and to write such a result.
 */
export function configErrors(file: string, text: string, kind: ConfigKind): string[] {
  return configDiagnostics(file, text, kind, 'error').map(located);
}
