import { statSync } from 'node:fs';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import type { NormalizedHandler } from '../../model/handler.ts';

/** A file a command handler would execute or read as code, resolved inside the project. */
export interface ScriptRef {
  /** Absolute path. */
  path: string;
  /** Path relative to the project directory, with `/` separators (for display and keys). */
  display: string;
}

const SCRIPT_EXTENSIONS =
  /\.(sh|bash|zsh|fish|py|js|mjs|cjs|ts|mts|cts|rb|pl|php|ps1|psm1|cmd|bat|lua|jar)$/i;
const PROJECT_DIR_VARS = /\$\{CLAUDE_PROJECT_DIR\}|\$CLAUDE_PROJECT_DIR\b|\$env:CLAUDE_PROJECT_DIR\b/g;
const PROJECT_DIR_MARK = '\u0000PROJECT\u0000';

/**
 * Splits a command line into words the way a POSIX shell would for our purpose: quotes group,
 * operators (`;`, `&`, `|`, `<`, `>`, parentheses) separate. It does not expand anything except
 * the project-directory variable, which is what a hook script path is written with
 * (claude-code-hooks.md §6.5, `$CLAUDE_PROJECT_DIR`).
 */
export function splitWords(line: string, backslashEscapes = true): string[] {
  const words: string[] = [];
  let current = '';
  let inWord = false;
  let quote: '"' | "'" | null = null;
  const flush = (): void => {
    if (inWord) words.push(current);
    current = '';
    inWord = false;
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
      current += line[++i];
      inWord = true;
    } else if (/\s/.test(ch) || ';&|<>()`'.includes(ch)) {
      flush();
    } else {
      current += ch;
      inWord = true;
    }
  }
  flush();
  return words;
}

function commandLines(handler: NormalizedHandler): { lines: string[]; execWords: string[] } {
  if (handler.type !== 'command') return { lines: [], execWords: [] };
  const spec = handler.spec;
  const execWords: string[] = [];
  const lines: string[] = [];
  if (spec.exec !== undefined) execWords.push(spec.exec, ...(spec.args ?? []));
  else if (spec.args !== undefined && spec.command !== undefined) execWords.push(spec.command, ...spec.args);
  else if (spec.command !== undefined) lines.push(spec.command);
  for (const value of [spec.bash, spec.linux, spec.osx]) if (value !== undefined) lines.push(value);
  return { lines, execWords: [...execWords, ...[spec.powershell, spec.windows].filter(isString)] };
}

function isString(value: string | undefined): value is string {
  return value !== undefined;
}

/**
 * Finds the project files a command handler runs: every word that names a path (contains `/`,
 * starts with `$CLAUDE_PROJECT_DIR`, or ends in a script extension) and resolves inside the
 * project. Existing regular files are returned; a missing file is returned too when the word is
 * unmistakably a path (`./x`, `$CLAUDE_PROJECT_DIR/x`, `x.sh`), so that creating it later changes
 * the fingerprint.
 */
export function findScriptRefs(handler: NormalizedHandler, projectDir: string): ScriptRef[] {
  const root = resolve(projectDir);
  const { lines, execWords } = commandLines(handler);
  const base =
    handler.type === 'command' && handler.spec.cwd !== undefined ? resolve(root, handler.spec.cwd) : root;
  const words = [...lines.flatMap((line) => splitWords(mark(line))), ...execWords.flatMap(windowsWords)];
  const found = new Map<string, ScriptRef>();
  for (const word of words) {
    const ref = toRef(word, root, base);
    if (ref !== undefined && !found.has(ref.path)) found.set(ref.path, ref);
  }
  return [...found.values()];
}

function mark(text: string): string {
  return text.replace(PROJECT_DIR_VARS, PROJECT_DIR_MARK);
}

/** PowerShell and exec-form words: backslashes are path separators there, not escapes. */
function windowsWords(text: string): string[] {
  return splitWords(mark(text).replace(/\\/g, '/'), false);
}

function toRef(word: string, root: string, base: string): ScriptRef | undefined {
  if (word === '' || word.startsWith('-') || word.includes('=')) return undefined;
  const fromProjectVar = word.startsWith(PROJECT_DIR_MARK);
  const text = fromProjectVar ? root + word.slice(PROJECT_DIR_MARK.length) : word;
  if (text.includes('\u0000') || /[$*?~]/.test(text)) return undefined;
  const hasSlash = text.includes('/');
  const hasExtension = SCRIPT_EXTENSIONS.test(text);
  if (!hasSlash && !hasExtension) return undefined;
  const path = isAbsolute(text) ? resolve(text) : resolve(base, text);
  const rel = relative(root, path);
  if (rel === '' || rel.startsWith('..') || isAbsolute(rel)) return undefined;
  const kind = fileKind(path);
  if (kind === 'other') return undefined;
  const strong = fromProjectVar || hasExtension || text.startsWith('./') || text.startsWith('../');
  if (kind === 'missing' && !strong) return undefined;
  return { path, display: rel.split(sep).join('/') };
}

function fileKind(path: string): 'file' | 'missing' | 'other' {
  try {
    return statSync(path).isFile() ? 'file' : 'other';
  } catch {
    return 'missing';
  }
}
