/**
 * Splits a POSIX shell command line into the simple commands it runs, for `if` rules
 * (claude-code-hooks.md §5.3): operators `&&`, `||`, `;`, `|`, `|&`, `&` and newlines separate
 * commands; subshells `( … )`, command substitutions `$( … )` and backticks, and process
 * substitutions `<( … )` / `>( … )` contribute their inner commands too (the outer command keeps
 * the substitution text). Quotes and escapes are respected, leading `VAR=value` assignments and
 * reserved words (`if`, `then`, `do`, `!`, `{`, …) are stripped. Unbalanced quotes, parentheses or
 * backticks make the result `{ ok: false }`, which callers treat as "could be anything".
 *
 * Not a full shell parser: here-documents, `case` patterns and arithmetic are approximations.
 */
export type ShellSplitResult = { ok: true; commands: string[] } | { ok: false };

/** Guards against pathological nesting; deeper input is reported as unparsable. */
const MAX_NESTING_DEPTH = 64;

type Close = ')' | '`' | null;

class Unparsable extends Error {}

export interface ShellSplitOptions {
  /**
   * PowerShell quoting: the backtick is the escape character (not a substitution) and `@( … )`
   * is a subexpression like `$( … )`. Used for `PowerShell(…)` rules (§5.3).
   */
  powershell?: boolean;
}

export function splitShellCommand(command: string, opts: ShellSplitOptions = {}): ShellSplitResult {
  const parser = new Splitter(command, opts.powershell === true);
  try {
    parser.sequence(null, 0);
  } catch (err) {
    if (err instanceof Unparsable) return { ok: false };
    throw err;
  }
  return { ok: true, commands: parser.out };
}

const LEADING_WORDS = new Set(['if', 'then', 'else', 'elif', 'do', 'while', 'until', '!', '{']);
const CLOSING_WORDS = new Set(['fi', 'done', '}', 'esac', 'then', 'else', 'do']);
const ASSIGNMENT_START = /^[A-Za-z_][A-Za-z0-9_]*(?:\[[^\]]*\])?\+?=/;

class Splitter {
  readonly out: string[] = [];
  private i = 0;
  private readonly escape: string;

  constructor(
    private readonly src: string,
    private readonly powershell: boolean,
  ) {
    this.escape = powershell ? '`' : '\\';
  }

  /** Parses commands until `close` (or end of input when null); throws Unparsable on imbalance. */
  sequence(close: Close, depth: number): void {
    if (depth > MAX_NESTING_DEPTH) throw new Unparsable();
    const { src } = this;
    let buf = '';
    const flush = () => {
      this.push(buf);
      buf = '';
    };
    while (this.i < src.length) {
      const c = src[this.i] as string;
      const next = src[this.i + 1];
      if (c === close) {
        this.i++;
        flush();
        return;
      }
      if (c === this.escape) {
        // An escaped newline is a line continuation; any other escaped character is literal.
        if (next !== '\n') buf += src.slice(this.i, this.i + 2);
        this.i += 2;
      } else if (c === "'") {
        const end = src.indexOf("'", this.i + 1);
        if (end < 0) throw new Unparsable();
        buf += src.slice(this.i, end + 1);
        this.i = end + 1;
      } else if (c === '"') {
        buf += this.doubleQuoted(depth);
      } else if (c === '$' && next === '(' && src[this.i + 2] === '(') {
        buf += this.arithmetic();
      } else if ((c === '$' || c === '<' || c === '>' || (this.powershell && c === '@')) && next === '(') {
        buf += this.substitution(2, ')', depth);
      } else if (c === '`' && !this.powershell) {
        buf += this.substitution(1, '`', depth);
      } else if (c === '(') {
        flush();
        this.i++;
        this.sequence(')', depth + 1);
      } else if (c === ')') {
        throw new Unparsable();
      } else if (c === ';' || c === '\n' || c === '\r') {
        flush();
        this.i++;
      } else if (c === '|') {
        flush();
        this.i += next === '|' || next === '&' ? 2 : 1;
      } else if (c === '&') {
        if (next === '&') {
          flush();
          this.i += 2;
        } else if (next === '>' || /[<>]$/.test(buf)) {
          // `&>file`, `2>&1`, `<&3`: a redirection, not a separator.
          buf += c;
          this.i++;
        } else {
          flush();
          this.i++;
        }
      } else if (c === '#' && (buf === '' || /\s$/.test(buf))) {
        const end = src.indexOf('\n', this.i);
        this.i = end < 0 ? src.length : end;
      } else {
        buf += c;
        this.i++;
      }
    }
    if (close !== null) throw new Unparsable();
    flush();
  }

  /** `"…"`: returns its text; `$( … )` and backticks inside still run commands. */
  private doubleQuoted(depth: number): string {
    const { src } = this;
    const start = this.i;
    this.i++;
    while (this.i < src.length) {
      const c = src[this.i];
      if (c === '"') {
        this.i++;
        return src.slice(start, this.i);
      }
      if (c === this.escape) this.i += 2;
      else if (c === '$' && src[this.i + 1] === '(' && src[this.i + 2] === '(') this.arithmetic();
      else if (c === '$' && src[this.i + 1] === '(') this.substitution(2, ')', depth);
      else if (c === '`' && !this.powershell) this.substitution(1, '`', depth);
      else this.i++;
    }
    throw new Unparsable();
  }

  /** Parses a nested command list opened by `openLength` characters; returns its whole text. */
  private substitution(openLength: number, close: ')' | '`', depth: number): string {
    const start = this.i;
    this.i += openLength;
    this.sequence(close, depth + 1);
    return this.src.slice(start, this.i);
  }

  /** `$(( … ))`: arithmetic, not commands; skipped with balanced parentheses. */
  private arithmetic(): string {
    const { src } = this;
    const start = this.i;
    let open = 0;
    this.i++;
    while (this.i < src.length) {
      const c = src[this.i++];
      if (c === '(') open++;
      else if (c === ')' && --open === 0) return src.slice(start, this.i);
    }
    throw new Unparsable();
  }

  private push(raw: string): void {
    const command = stripPrefixes(raw.trim());
    if (command !== '' && !CLOSING_WORDS.has(command)) this.out.push(command);
  }
}

/** Drops leading reserved words and `VAR=value` assignments (§5.3: `FOO=1 git log` is `git log`). */
function stripPrefixes(command: string): string {
  let rest = command;
  for (;;) {
    const word = /^(\S+)(\s+|$)/.exec(rest);
    if (word !== null && LEADING_WORDS.has(word[1] as string) && word[2] !== '') {
      rest = rest.slice(word[0].length);
      continue;
    }
    if (!ASSIGNMENT_START.test(rest)) return rest;
    const end = wordEnd(rest);
    const after = rest.slice(end).trimStart();
    // A lone assignment (`FOO=1`) is not a command.
    if (after === '') return '';
    rest = after;
  }
}

/** Index just past the first shell word of `text` (quotes and `$( … )` kept together). */
function wordEnd(text: string): number {
  let depth = 0;
  let i = 0;
  while (i < text.length) {
    const c = text[i] as string;
    if (c === '\\') i += 2;
    else if (c === "'" || c === '"' || c === '`') {
      const end = closingQuote(text, i, c);
      i = end < 0 ? text.length : end + 1;
    } else if (c === '(') {
      depth++;
      i++;
    } else if (c === ')') {
      depth = Math.max(0, depth - 1);
      i++;
    } else if (depth === 0 && /\s/.test(c)) return i;
    else i++;
  }
  return text.length;
}

function closingQuote(text: string, from: number, quote: string): number {
  for (let i = from + 1; i < text.length; i++) {
    if (text[i] === '\\' && quote !== "'") i++;
    else if (text[i] === quote) return i;
  }
  return -1;
}
