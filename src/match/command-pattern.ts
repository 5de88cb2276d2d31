import { tryRegExp } from './matcher-types.ts';

/**
 * The specifier of a `Bash(…)` / `PowerShell(…)` rule, matched against one simple command
 * (claude-code-hooks.md §5.3): `*` matches any sequence including spaces; a trailing ` *` (or the
 * legacy `:*`) also requires a word boundary, so `ls *` matches `ls` and `ls -la` but not `lsof`;
 * `\*` is a literal star; without a wildcard the whole command must equal the specifier.
 */
export interface CommandPattern {
  test(command: string): boolean;
  /**
   * True when the pattern names more than a command (e.g. `git push *`); such patterns fire on
   * commands whose words are only known at run time (`$(…)`, backticks, `$VAR`) (§5.3).
   */
  readonly specific: boolean;
}

export function compileCommandPattern(
  specifier: string,
  opts: { caseInsensitive?: boolean } = {},
): CommandPattern {
  let body = specifier.trim();
  if (body.endsWith(':*')) body = `${body.slice(0, -2)} *`;
  let tail = '';
  if (body.endsWith(' *') && !body.endsWith('\\ *')) {
    body = body.slice(0, -2).trimEnd();
    tail = '(?:\\s.*)?';
  }
  const source = `^${globToRegexSource(body)}${tail}$`;
  const re = tryRegExp(source, opts.caseInsensitive ? 'is' : 's');
  if (typeof re === 'string') throw new Error(re);
  const literalHead = body.split(/(?<!\\)\*/)[0] ?? '';
  return { test: (command) => re.test(command.trim()), specific: /\S\s+\S/.test(literalHead.trim()) };
}

function globToRegexSource(glob: string): string {
  let out = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i] as string;
    if (c === '\\' && glob[i + 1] === '*') {
      out += '\\*';
      i++;
    } else if (c === '*') out += '.*';
    else out += c.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  }
  return out;
}

/** Does the command contain words only known at run time (`$(…)`, backticks, `$VAR`, `${…}`)? */
export function hasDynamicWords(command: string): boolean {
  return /\$\(|`|\$\{|\$[A-Za-z_]/.test(command);
}

/** Wrappers that permission rules look through (§5.3); the `if` filter checks both forms. */
const SIMPLE_WRAPPERS = new Set(['time', 'nohup', 'command', 'builtin', 'noglob', 'stdbuf', 'nice']);

/** `timeout 5 git push` → `git push`; returns the command unchanged when there is no wrapper. */
export function stripWrappers(command: string): string {
  let words = command.trim().split(/\s+/);
  for (let guard = 0; guard < 8 && words.length > 1; guard++) {
    const head = words[0] as string;
    let skip = 0;
    if (head === 'timeout') {
      skip = 1;
      while (words[skip]?.startsWith('-')) skip += /^-[sk]$/.test(words[skip] as string) ? 2 : 1;
      skip++; // the duration
    } else if (head === 'nice' && words[1] === '-n') skip = 3;
    else if (SIMPLE_WRAPPERS.has(head)) {
      skip = 1;
      while (words[skip]?.startsWith('-')) skip++;
    } else if (head === 'xargs' && !words[1]?.startsWith('-')) skip = 1;
    else break;
    if (skip >= words.length) break;
    words = words.slice(skip);
  }
  return words.join(' ');
}

/**
 * PowerShell aliases canonicalized before matching (§5.3: "aliases canonicalized"); the common
 * built-in aliases only.
 */
const POWERSHELL_ALIASES: Readonly<Record<string, string>> = {
  rm: 'Remove-Item',
  del: 'Remove-Item',
  erase: 'Remove-Item',
  rd: 'Remove-Item',
  rmdir: 'Remove-Item',
  ri: 'Remove-Item',
  ls: 'Get-ChildItem',
  dir: 'Get-ChildItem',
  gci: 'Get-ChildItem',
  cat: 'Get-Content',
  type: 'Get-Content',
  gc: 'Get-Content',
  cp: 'Copy-Item',
  copy: 'Copy-Item',
  cpi: 'Copy-Item',
  mv: 'Move-Item',
  move: 'Move-Item',
  mi: 'Move-Item',
  cd: 'Set-Location',
  sl: 'Set-Location',
  echo: 'Write-Output',
  write: 'Write-Output',
  iwr: 'Invoke-WebRequest',
  irm: 'Invoke-RestMethod',
  iex: 'Invoke-Expression',
  ni: 'New-Item',
  sc: 'Set-Content',
  kill: 'Stop-Process',
  spps: 'Stop-Process',
};

export function canonicalPowerShellCommand(command: string): string {
  const trimmed = command.trim();
  const head = /^\S+/.exec(trimmed)?.[0] ?? '';
  const canonical = POWERSHELL_ALIASES[head.toLowerCase()];
  return canonical === undefined ? trimmed : canonical + trimmed.slice(head.length);
}
