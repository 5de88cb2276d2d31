import { constants } from 'node:fs';
import { access, stat } from 'node:fs/promises';
import { isAbsolute, resolve } from 'node:path';
import type { ErrorCode } from '../../errors.ts';
import type { ProcessOptions } from './process-options.ts';
import { findOnPath, isShellOwnWord, missingInterpreter } from './program-facts.ts';
import type { ShellKind } from './resolve.ts';

export interface SpawnFailure {
  code: ErrorCode;
  message: string;
}

interface Context {
  file: string;
  cwd: string;
  shell: ShellKind | null;
  display: string;
}

/**
 * Explains why `spawn` failed. The checks run only after a failure, so the successful path
 * pays nothing for them; ENOENT is ambiguous (missing program, missing cwd, missing `#!`
 * interpreter), and the message must name the real cause and its fix.
 */
export async function explainSpawnError(error: NodeJS.ErrnoException, ctx: Context): Promise<SpawnFailure> {
  if (!(await isDirectory(ctx.cwd))) {
    return {
      code: 'RUNNER_MISSING_CWD',
      message: `cannot run \`${ctx.display}\`: working directory ${ctx.cwd} does not exist; create it or fix \`cwd\``,
    };
  }
  if (error.code === 'EACCES' || error.code === 'ENOEXEC') return notExecutable(ctx.file);
  if (error.code === 'ENOENT') {
    if (ctx.shell !== null) {
      return {
        code: 'RUNNER_INTERPRETER_NOT_FOUND',
        message: `cannot run \`${ctx.display}\`: the shell \`${ctx.file}\` is not installed or not on PATH`,
      };
    }
    if (looksLikePath(ctx.file) && (await exists(resolve(ctx.cwd, ctx.file)))) {
      return interpreterMissing(ctx.file);
    }
    return commandNotFound(ctx.file);
  }
  return {
    code: 'RUNNER_SPAWN_FAILED',
    message: `cannot run \`${ctx.display}\`: ${error.code ?? 'error'}: ${error.message}`,
  };
}

/** Why the spawn of `opts` failed, named for the user (see `explainSpawnError`). */
export function describeSpawnError(
  error: NodeJS.ErrnoException,
  opts: ProcessOptions,
): Promise<SpawnFailure> {
  return explainSpawnError(error, {
    file: opts.file,
    cwd: opts.cwd,
    shell: opts.shell ?? null,
    display: opts.display ?? opts.file,
  });
}

/**
 * A shell reports "command not found" as exit 127 and "not executable" as 126, which a script
 * can also return for its own reasons. The run is a spawn failure only when the facts say the
 * program never started: the shell's *first* word is missing on disk or on PATH, is not
 * executable, or is a script whose `#!` interpreter is missing. What the hook printed on stderr
 * is never evidence: a script's own errors name the script too (issue 12 point 7).
 */
export async function explainShellExit(
  exitCode: number,
  command: string,
  cwd: string,
  path: string | undefined,
): Promise<SpawnFailure | undefined> {
  if (exitCode !== 126 && exitCode !== 127) return undefined;
  const word = firstWord(command);
  if (word === undefined) return undefined;
  if (!looksLikePath(word)) {
    if (exitCode !== 127 || isShellOwnWord(word)) return undefined;
    const found = await findOnPath(word, path);
    if (found === undefined) return commandNotFound(word);
    return (await missingInterpreter(found, path)) === undefined ? undefined : interpreterMissing(word);
  }
  const file = isAbsolute(word) ? word : resolve(cwd, word);
  const present = await exists(file);
  if (exitCode === 127) {
    if (!present) return commandNotFound(word);
    return (await missingInterpreter(file, path)) === undefined ? undefined : interpreterMissing(word);
  }
  if (present && !(await executable(file))) return notExecutable(word);
  return undefined;
}

function commandNotFound(file: string): SpawnFailure {
  const where = looksLikePath(file) ? 'no such file' : 'not found on PATH';
  return {
    code: 'RUNNER_COMMAND_NOT_FOUND',
    message: `cannot run \`${file}\`: ${where}; install it or fix the path (relative paths start at the hook's cwd)`,
  };
}

function notExecutable(file: string): SpawnFailure {
  return {
    code: 'RUNNER_NOT_EXECUTABLE',
    message: `cannot run \`${file}\`: permission denied; run \`chmod +x ${file}\` or call it through its interpreter`,
  };
}

function interpreterMissing(file: string): SpawnFailure {
  return {
    code: 'RUNNER_INTERPRETER_NOT_FOUND',
    message: `cannot run \`${file}\`: the interpreter named on its \`#!\` line is not installed; install it or fix that line`,
  };
}

/** The program word of a simple shell command, or undefined when the shell would expand it. */
function firstWord(command: string): string | undefined {
  const match = /^\s*(?:'([^']+)'|"([^"$`\\]+)"|([^\s;&|<>()'"$`\\*?[\]=]+))(?=$|[\s;&|<>)])/.exec(command);
  if (match === null) return undefined;
  return match[1] ?? match[2] ?? match[3];
}

function looksLikePath(word: string): boolean {
  return word.includes('/') || word.includes('\\');
}

async function exists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch {
    return false;
  }
}

async function isDirectory(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isDirectory();
  } catch {
    return false;
  }
}

async function executable(path: string): Promise<boolean> {
  try {
    await access(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
