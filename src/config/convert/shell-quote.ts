const SAFE_WORD = /^[A-Za-z0-9_@%+=:,./-]+$/;

/** POSIX single-quoting, for writing an exec-form argv as a shell command line. */
export function shellQuote(words: readonly string[]): string {
  return words.map((word) => (SAFE_WORD.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`)).join(' ');
}
