import { constants } from 'node:fs';
import { access, open, stat } from 'node:fs/promises';
import { delimiter, isAbsolute, join } from 'node:path';

/** Enough of a script's head for its `#!` line (Linux reads at most 256 bytes of it). */
const SHEBANG_READ_BYTES = 256;

/**
 * Words a POSIX shell or bash runs itself: a command starting with one of them never asks the
 * system for a program, so its exit 127 is the command's own.
 */
const SHELL_OWN_WORDS: ReadonlySet<string> = new Set([
  ...['.', ':', 'alias', 'bg', 'break', 'builtin', 'caller', 'cd', 'command', 'compgen', 'complete'],
  ...['continue', 'declare', 'dirs', 'disown', 'echo', 'enable', 'eval', 'exec', 'exit', 'export'],
  ...['false', 'fc', 'fg', 'getopts', 'hash', 'help', 'history', 'jobs', 'kill', 'let', 'local'],
  ...['logout', 'mapfile', 'popd', 'printf', 'pushd', 'pwd', 'read', 'readarray', 'readonly'],
  ...['return', 'set', 'shift', 'shopt', 'source', 'suspend', 'test', 'times', 'trap', 'true'],
  ...['type', 'typeset', 'ulimit', 'umask', 'unalias', 'unset', 'wait'],
  ...['!', '[', '[[', 'case', 'coproc', 'do', 'done', 'elif', 'else', 'esac', 'fi', 'for'],
  ...['function', 'if', 'in', 'select', 'then', 'time', 'until', 'while', '{', '}'],
]);

/** True when the shell would run `word` itself rather than look for a program. */
export function isShellOwnWord(word: string): boolean {
  return SHELL_OWN_WORDS.has(word);
}

/** The executable file `name` resolves to on `path` (a PATH value), or undefined. */
export async function findOnPath(name: string, path: string | undefined): Promise<string | undefined> {
  for (const dir of (path ?? '').split(delimiter)) {
    if (dir === '') continue;
    const candidate = join(dir, name);
    if (await isExecutableFile(candidate)) return candidate;
  }
  return undefined;
}

/**
 * The program a script's `#!` line names that cannot be found: its absolute interpreter path, or
 * the program `/usr/bin/env` is asked for when it is not on PATH. Undefined when the script has
 * no `#!` line (the shell runs it itself) or everything it names exists: then the script ran,
 * and an exit 127 is its own (issue 12 point 7: facts, never the wording of stderr).
 */
export async function missingInterpreter(
  script: string,
  path: string | undefined,
): Promise<string | undefined> {
  const line = await shebangLine(script);
  if (line === undefined) return undefined;
  const [interpreter, ...args] = line.split(/[ \t]+/).filter((word) => word !== '');
  if (interpreter === undefined) return undefined;
  if (!isAbsolute(interpreter) || !(await isExecutableFile(interpreter))) return interpreter;
  if (!interpreter.endsWith('/env')) return undefined;
  const program = envProgram(args);
  if (program === undefined || program.includes('/')) return undefined;
  return (await findOnPath(program, path)) === undefined ? program : undefined;
}

/** The program `env` starts: its first argument that is not an option or an assignment. */
function envProgram(args: string[]): string | undefined {
  // `#!/usr/bin/env -S python3 -u`: -S splits the rest, so the program is the next word.
  return args.find((word) => !word.startsWith('-') && !word.includes('='));
}

async function shebangLine(script: string): Promise<string | undefined> {
  const handle = await open(script, 'r').catch(() => undefined);
  if (handle === undefined) return undefined;
  try {
    const buffer = Buffer.alloc(SHEBANG_READ_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, SHEBANG_READ_BYTES, 0);
    const head = buffer.subarray(0, bytesRead).toString('utf8');
    if (!head.startsWith('#!')) return undefined;
    return head.slice(2).split('\n')[0]?.replace(/\r$/, '');
  } finally {
    await handle.close();
  }
}

async function isExecutableFile(path: string): Promise<boolean> {
  try {
    if (!(await stat(path)).isFile()) return false;
    await access(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
