import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { CliStreams } from '../../src/cli/cli-io.ts';
import { runCli } from '../../src/cli/program.ts';
import { REPO_ROOT } from './paths.ts';

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

interface CliRunOptions {
  /** What the command reads on standard input (`--input -`); none by default. */
  stdin?: string;
  /** Pretend a person sits at a terminal who answers every prompt with this. */
  answer?: boolean;
  /** The environment of a spawned CLI instead of `process.env` (`spawnBuiltCli` only). */
  env?: NodeJS.ProcessEnv;
  /** The working directory of a spawned CLI (`spawnBuiltCli` only); default the repository. */
  cwd?: string;
  /** A spawned CLI still running after this is killed (SIGKILL) and reported with code -1. */
  deadlineMs?: number;
  /** Start the spawned CLI as this user (`spawnBuiltCli` only; needs root). */
  user?: { uid: number; gid: number };
}

/**
 * Runs the whole `agent-hooks` program (argument parsing, every command, exit status) in this
 * process with captured streams: the same code path as the bin, without a process start.
 */
export async function runCliInProcess(args: string[], options: CliRunOptions = {}): Promise<CliRun> {
  const run = { code: 0, stdout: '', stderr: '' };
  const tty = options.answer !== undefined;
  const streams: CliStreams = {
    stdout: (text) => {
      run.stdout += text;
    },
    stderr: (text) => {
      run.stderr += text;
    },
    stdin: Readable.from(options.stdin === undefined ? [] : [Buffer.from(options.stdin)]),
    stdinIsTTY: tty,
    stderrIsTTY: tty,
    confirm: async (question) => {
      if (options.answer === undefined) throw new Error(`prompted without a terminal: ${question}`);
      run.stderr += question;
      return options.answer;
    },
  };
  run.code = await runCli(args, streams);
  return run;
}

/** The published bin path (package.json `bin`), inside dist/ that the global setup builds. */
export function builtBinPath(): string {
  const pkg = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as {
    bin: Record<string, string>;
  };
  return join(REPO_ROOT, pkg.bin['agent-hooks'] as string);
}

/** Starts the built CLI as a real process with `node`, feeding `stdin`; never rejects. */
export function spawnBuiltCli(args: string[], options: CliRunOptions = {}): Promise<CliRun> {
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      [builtBinPath(), ...args],
      {
        cwd: options.cwd ?? REPO_ROOT,
        env: { ...(options.env ?? process.env), NO_COLOR: '1' },
        ...(options.deadlineMs !== undefined ? { timeout: options.deadlineMs, killSignal: 'SIGKILL' } : {}),
        ...(options.user ?? {}),
      },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
    child.stdin?.end(options.stdin ?? '');
  });
}
