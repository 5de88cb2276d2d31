// A small POSIX-shell word splitter for finding what a command line runs (docs/trust.md). It
// expands nothing: callers mark the variables they can resolve before splitting.

const COMMAND_SEPARATORS = ';&|()`\n';
const REDIRECTS = '<>';

/**
 * Splits a command line into simple commands, each a list of words. Quotes group; `;`, `&`, `|`,
 * parentheses, backquotes and newlines end a command; a redirection (`>`, `>>`, `2>&1`, `<`, `<<`)
 * and its target are left out, so that a log file a hook appends to is not taken for code it
 * runs. A `#` that starts a word comments out the rest of the line.
 */
export function splitCommands(line: string, backslashEscapes = true): string[][] {
  const commands: string[][] = [];
  let words: string[] = [];
  let current = '';
  let inWord = false;
  let quote: '"' | "'" | null = null;
  let skipNextWord = false;
  const flushWord = (): void => {
    if (inWord) {
      if (skipNextWord) skipNextWord = false;
      else words.push(current);
    }
    current = '';
    inWord = false;
  };
  const flushCommand = (): void => {
    flushWord();
    if (words.length > 0) commands.push(words);
    words = [];
    skipNextWord = false;
  };
  for (let i = 0; i < line.length; i += 1) {
    const ch = line[i] as string;
    if (quote) {
      if (ch === quote) quote = null;
      else if (ch === '\\' && quote === '"' && backslashEscapes && i + 1 < line.length) current += line[++i];
      else current += ch;
      continue;
    }
    if (ch === '"' || ch === "'") {
      quote = ch;
      inWord = true;
    } else if (ch === '\\' && backslashEscapes && i + 1 < line.length) {
      if (line[i + 1] !== '\n') current += line[i + 1];
      i += 1;
      inWord = inWord || line[i] !== '\n';
    } else if (ch === '#' && !inWord) {
      while (i + 1 < line.length && line[i + 1] !== '\n') i += 1;
    } else if (REDIRECTS.includes(ch)) {
      // `2>`: the descriptor number is part of the redirection, not a word.
      if (/^\d+$/.test(current)) {
        current = '';
        inWord = false;
      }
      flushWord();
      while (i + 1 < line.length && (REDIRECTS.includes(line[i + 1] as string) || line[i + 1] === '&'))
        i += 1;
      skipNextWord = true;
    } else if (/\s/.test(ch) && ch !== '\n') {
      flushWord();
    } else if (COMMAND_SEPARATORS.includes(ch)) {
      flushCommand();
    } else {
      current += ch;
      inWord = true;
    }
  }
  flushCommand();
  return commands;
}

/** Every word of every simple command, in order. */
export function splitWords(line: string, backslashEscapes = true): string[] {
  return splitCommands(line, backslashEscapes).flat();
}
