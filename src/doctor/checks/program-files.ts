import { accessSync, constants, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** Bytes read from a script to find its `#!` line. */
const SHEBANG_READ_BYTES = 256;

export type FileState = 'missing' | 'directory' | 'not-executable' | 'executable';

export function fileState(file: string): FileState {
  try {
    if (statSync(file).isDirectory()) return 'directory';
  } catch {
    return 'missing';
  }
  try {
    accessSync(file, constants.X_OK);
    return 'executable';
  } catch {
    return 'not-executable';
  }
}

/** The first executable `name` on `PATH`, like the shell's look-up; undefined when none. */
export function findOnPath(name: string, env: NodeJS.ProcessEnv): string | undefined {
  for (const dir of (env.PATH ?? '').split(path.delimiter)) {
    if (dir === '') continue;
    const candidate = path.join(dir, name);
    if (fileState(candidate) === 'executable') return candidate;
  }
  return undefined;
}

/** The `#!` line's interpreter and its first argument (`/usr/bin/env python3`), or undefined. */
export function shebang(file: string): { interpreter: string; arg?: string } | undefined {
  let head: string;
  try {
    head = readFileSync(file).subarray(0, SHEBANG_READ_BYTES).toString('utf8');
  } catch {
    return undefined;
  }
  if (!head.startsWith('#!')) return undefined;
  const [interpreter, arg] = (head.slice(2).split('\n')[0] ?? '').trim().split(/\s+/);
  if (interpreter === undefined || interpreter === '') return undefined;
  return arg === undefined ? { interpreter } : { interpreter, arg };
}

/** Why a `#!` interpreter cannot start, or undefined when it can (`env X` looks X up on PATH). */
export function missingInterpreter(file: string, env: NodeJS.ProcessEnv): string | undefined {
  const line = shebang(file);
  if (line === undefined) return undefined;
  if (fileState(line.interpreter) !== 'executable') return line.interpreter;
  if (path.basename(line.interpreter) === 'env' && line.arg !== undefined && !line.arg.startsWith('-')) {
    return findOnPath(line.arg, env) === undefined ? line.arg : undefined;
  }
  return undefined;
}
