import type { Dialect } from '../../model/dialect.ts';
import type { RunRequest } from '../types.ts';
import type { OutputOptions } from './collect-output.ts';
import type { ShellKind } from './resolve.ts';

export interface ProcessOptions extends OutputOptions {
  file: string;
  args: string[];
  /** Which shell interprets `args` (null: exec form); used to explain spawn failures. */
  shell?: ShellKind | null;
  display?: string;
  /** The handler's dialect: what a message may tell its author to set (shell-syntax.ts). */
  dialect?: Dialect;
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** Bytes written to the hook's stdin (the payload JSON plus `\n`). */
  input: string | Buffer;
  timeoutMs: number;
  signal?: AbortSignal;
  /** See `RunRequest.lifetime`: ends the background children left when the hook exited. */
  lifetime?: AbortSignal;
  killGraceMs?: number;
  drainMs?: number;
  /** See `RunRequest.onFirstStdoutLine`: a returned object backgrounds the hook, maybe with a new timeout and signal. */
  onFirstStdoutLine?: RunRequest['onFirstStdoutLine'];
}
