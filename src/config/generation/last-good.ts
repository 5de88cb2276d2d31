// A non-atomic save (truncate, then write in pieces) leaves a settings file that does not parse for
// a moment. Reading it then must not produce a generation without that file's hooks: a deny guard
// would vanish for as long as the write takes (issue 13 item 6). So a file that fails to parse keeps
// the reading of its last good version, and the generation says so with a diagnostic.
import { type Diagnostic, diagnostic } from '../../errors.ts';
import type { ReadResult } from '../read-config.ts';

/** Each file's last reading that parsed, keyed by `kind` and path; carried from one generation to the next. */
export type LastGoodReads = ReadonlyMap<string, ReadResult>;

export function lastGoodKey(kind: string, file: string): string {
  return `${kind}\u0000${file}`;
}

/** A syntax error means the reader saw nothing of the file's hooks (CONFIG_INVALID_JSON). */
function failedToParse(result: ReadResult): Diagnostic | undefined {
  return result.diagnostics.find((found) => found.code === 'CONFIG_INVALID_JSON');
}

/**
 * The reading to use for `file`: the new one when it parsed (it becomes the last good one), else
 * the last good one from the previous generation, with CONFIG_FILE_KEPT_LAST_GOOD naming the
 * syntax error. A file with no earlier good reading (the first load) gets its error as before.
 */
export function keepLastGood(
  key: string,
  file: string,
  read: ReadResult,
  previous: LastGoodReads | undefined,
  next: Map<string, ReadResult>,
): ReadResult {
  const syntax = failedToParse(read);
  const earlier = syntax ? previous?.get(key) : undefined;
  if (!syntax || !earlier) {
    if (!syntax) next.set(key, read);
    return read;
  }
  next.set(key, earlier);
  const where = syntax.line !== undefined ? ` at line ${syntax.line}, column ${syntax.column}` : '';
  const kept = diagnostic(
    'CONFIG_FILE_KEPT_LAST_GOOD',
    `${file} does not parse${where} (${syntax.message}); its last good version stays in force until it parses again`,
    {
      file,
      ...(syntax.line !== undefined ? { line: syntax.line } : {}),
      ...(syntax.column !== undefined ? { column: syntax.column } : {}),
    },
  );
  return { ...earlier, diagnostics: [kept, ...earlier.diagnostics] };
}
