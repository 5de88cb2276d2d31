// The engine's inline sources (HookEngineOptions.sources): configuration an embedder keeps in
// memory. loadConfig reads each with the reader the profile's host would use for a file of that
// kind (readingFor) and puts it through the same policy step as the discovered files.

import { CONFIG_SHAPES } from '../../config/generated/config-shapes.ts';
import type { SourceText } from '../../config/generation/types.ts';
import type { Diagnostic } from '../../errors.ts';
import type { InlineSource } from '../options.ts';

/** The sources as loadConfig reads them: JSON text, and `session` scope unless given. */
export function sourceTexts(sources: readonly InlineSource[]): SourceText[] {
  return sources.map((source) => ({
    file: source.file,
    kind: source.kind,
    scope: source.scope ?? 'session',
    text: typeof source.config === 'string' ? source.config : JSON.stringify(source.config, null, 2),
  }));
}

const POLICY_POINTERS = new Set(Object.keys(CONFIG_SHAPES['claude.policy'].fields).map((key) => `/${key}`));

/**
 * What was said about a source's policy keys that are not in force (ignored, not read by the host,
 * of the wrong type). A source has no file for `validate` or `list` to show, so every dispatch
 * result carries these, as it carries a kept-last-good file's.
 */
export function sourcePolicyNotes(
  sources: readonly InlineSource[],
  diagnostics: readonly Diagnostic[],
): Diagnostic[] {
  const files = new Set(sources.map((source) => source.file));
  return diagnostics.filter(
    (found) =>
      found.severity !== 'info' &&
      found.file !== undefined &&
      files.has(found.file) &&
      found.pointer !== undefined &&
      POLICY_POINTERS.has(found.pointer),
  );
}
