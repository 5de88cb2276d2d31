import type { Diagnostic, ErrorCode } from '../errors.ts';

/**
 * A file whose hooks could not be loaded at all: it exists but cannot be read or parsed, or it was
 * named with `--settings` and is not there.
 */
const UNREADABLE: ReadonlySet<ErrorCode> = new Set<ErrorCode>([
  'CONFIG_FILE_UNREADABLE',
  'CONFIG_INVALID_JSON',
  'CONFIG_SETTINGS_FILE_NOT_FOUND',
]);

/**
 * Whether some configuration file could not be read, so its hooks are silently absent: `run` and
 * `list` then exit 1 (README "CLI"), after printing what they found.
 */
export function unreadableConfiguration(diagnostics: readonly Diagnostic[]): boolean {
  return diagnostics.some((d) => d.severity === 'error' && UNREADABLE.has(d.code));
}
