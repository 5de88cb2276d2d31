// What one simple command runs, read from its words (docs/trust.md "What is approved").

/** Something a command line reaches: a file it runs or reads as code, inline shell, a package script. */
export type Reach =
  /** `strong`: the word is run as code (command position, interpreter script, `source`), not a mere argument. */
  | { kind: 'path'; word: string; strong: boolean; shell?: true }
  /** A `-c` string: a command line of its own. */
  | { kind: 'line'; text: string }
  /** `npm run NAME` and its kin: the script NAME of the nearest package.json (from `prefix`, if given). */
  | { kind: 'package-script'; name: string; prefix?: string };

const SHELLS = new Set(['sh', 'bash', 'zsh', 'dash', 'ksh', 'mksh', 'ash', 'fish']);
const INTERPRETER =
  /^(python[0-9.]*|pypy[0-9.]*|node|nodejs|ruby|perl|php|lua|tsx|ts-node|Rscript|pwsh|powershell)$/;
/** Interpreter options whose next word is inline code or a module: nothing after them is a script file. */
const INLINE_CODE_OPTIONS = new Set([
  '-c',
  '-e',
  '-E',
  '-m',
  '--eval',
  '-p',
  '--print',
  '-Command',
  '-command',
]);
/** Options whose next word is an argument, not the script (a shell's and the interpreters'). */
const SHELL_OPTIONS_WITH_VALUE = new Set(['-o', '-O', '+o', '+O']);
const OPTIONS_WITH_VALUE = new Set(['-W', '-X', '-I']);
/** Options naming a module or file loaded before the script: followed when it is a file. */
const PRELOAD_OPTIONS = new Set(['-r', '--require', '--import', '--loader']);
/** Options naming the file that runs. */
const FILE_OPTIONS = new Set(['--rcfile', '--init-file', '-File', '-file', '-f']);
const WRAPPERS = new Set([
  'exec',
  'command',
  'builtin',
  'nohup',
  'time',
  'env',
  'nice',
  'timeout',
  'stdbuf',
  'sudo',
]);
const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*=/;
const NPM_SHORTHANDS = new Set(['test', 't', 'tst', 'start', 'stop', 'restart']);
const SHORTHAND_SCRIPT: Readonly<Record<string, string>> = { t: 'test', tst: 'test' };

function basename(word: string): string {
  return word.slice(word.lastIndexOf('/') + 1);
}

/** Skips `NAME=value` prefixes and wrappers such as `env`, `exec`, `timeout 5`, `nice -n 5`. */
function commandStart(words: readonly string[]): number {
  let i = 0;
  while (i < words.length) {
    const word = words[i] as string;
    if (ASSIGNMENT.test(word)) i += 1;
    else if (WRAPPERS.has(basename(word))) {
      i += 1;
      while (i < words.length && (words[i] as string).startsWith('-')) {
        const option = words[i] as string;
        i +=
          option === '-n' || option === '-u' || option === '-s' || option === '-k' || option === '-a' ? 2 : 1;
      }
      if (basename(word) === 'timeout' && i < words.length) i += 1;
    } else break;
  }
  return i;
}

/**
 * What a simple command runs: the command word when it is a path, the script an interpreter or a
 * shell is given (no extension or slash needed: `bash hookscript`), a `-c` string, a `source`d
 * file, the package script behind `npm run X`; every other word is a weak path candidate.
 */
export function commandReach(words: readonly string[]): Reach[] {
  const start = commandStart(words);
  const command = words[start];
  if (command === undefined) return [];
  const rest = words.slice(start + 1);
  const name = basename(command);
  const reach: Reach[] = [{ kind: 'path', word: command, strong: command.includes('/') }];
  if (SHELLS.has(name)) reach.push(...interpreterReach(rest, true));
  else if (INTERPRETER.test(name)) reach.push(...interpreterReach(rest, false));
  else if (name === 'source' || name === '.') {
    if (rest[0] !== undefined) reach.push({ kind: 'path', word: rest[0], strong: true, shell: true });
  } else {
    const script = packageScriptReach(name, rest);
    if (script !== undefined) reach.push(script);
  }
  const taken = new Set(reach.flatMap((r) => (r.kind === 'path' ? [r.word] : [])));
  for (const word of words.slice(start)) {
    if (!taken.has(word)) reach.push({ kind: 'path', word, strong: false });
  }
  return reach;
}

/** A shell's or interpreter's arguments: the first operand is its script, `-c` is inline code. */
function interpreterReach(args: readonly string[], shell: boolean): Reach[] {
  const reach: Reach[] = [];
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i] as string;
    if (arg === '--' || arg === '-') continue;
    const shortWithC = shell && /^-[a-zA-Z]*c[a-zA-Z]*$/.test(arg);
    if (shortWithC || (!shell && INLINE_CODE_OPTIONS.has(arg))) {
      const code = args[i + 1];
      // A shell's -c string is a command line we can follow; other languages' inline code is not.
      if (code !== undefined && (shell || arg === '-Command' || arg === '-command'))
        reach.push({ kind: 'line', text: code });
      return reach;
    }
    const file = FILE_OPTIONS.has(arg) || (!shell && PRELOAD_OPTIONS.has(arg)) ? args[i + 1] : undefined;
    if (file !== undefined) {
      reach.push({ kind: 'path', word: file, strong: FILE_OPTIONS.has(arg) });
      i += 1;
    } else if ((shell ? SHELL_OPTIONS_WITH_VALUE : OPTIONS_WITH_VALUE).has(arg)) {
      i += 1;
    } else if (!arg.startsWith('-') && !arg.startsWith('+')) {
      reach.push({ kind: 'path', word: arg, strong: true, ...(shell ? { shell: true as const } : {}) });
      return reach;
    }
  }
  return reach;
}

/** `npm run X`, `npm test`, `pnpm run X`, `yarn run X`, `bun run X` (with `--prefix DIR`). */
function packageScriptReach(name: string, args: readonly string[]): Reach | undefined {
  if (name !== 'npm' && name !== 'pnpm' && name !== 'yarn' && name !== 'bun') return undefined;
  let prefix: string | undefined;
  const operands: string[] = [];
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i] as string;
    if (arg === '--') break;
    if (arg === '--prefix' || arg === '-C' || arg === '--cwd' || arg === '--dir') {
      prefix = args[i + 1];
      i += 1;
    } else if (arg.startsWith('--prefix=')) prefix = arg.slice('--prefix='.length);
    else if (!arg.startsWith('-')) operands.push(arg);
  }
  const [verb, script] = operands;
  if (verb === undefined) return undefined;
  const withPrefix = prefix === undefined ? {} : { prefix };
  if ((verb === 'run' || verb === 'run-script') && script !== undefined)
    return { kind: 'package-script', name: script, ...withPrefix };
  if (NPM_SHORTHANDS.has(verb))
    return { kind: 'package-script', name: SHORTHAND_SCRIPT[verb] ?? verb, ...withPrefix };
  return undefined;
}
