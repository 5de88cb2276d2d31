import { spawn } from 'node:child_process';
import { killProcessTree } from '../../runners/command/kill-tree.ts';

/** Output kept per stream; the cap check needs only to know that it went past the host's cap. */
const MAX_CAPTURE_CHARS = 1024 * 1024;

export interface ProbeProcess {
  file: string;
  args: string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
  input: string;
  /** Kill the whole process tree after this long. */
  timeoutMs: number;
  platform: NodeJS.Platform;
}

/** What one probe run did: its output, exit, and whether it took its input. */
export interface ProbeRun {
  stdout: string;
  stderr: string;
  exitCode: number | null;
  timedOut: boolean;
  /** The hook ended (or closed stdin) before the whole input was written: the host's write fails. */
  stdinUnread: boolean;
  /** spawn itself failed (the wrapper or the program is missing). */
  spawnError?: string;
  durationMs: number;
}

function append(current: string, chunk: Buffer): string {
  return current.length >= MAX_CAPTURE_CHARS ? current : current + chunk.toString('utf8');
}

/** Runs one process to its end (or its timeout), feeding `input` on stdin as a host does, through a pipe. */
export function runOnce(p: ProbeProcess): Promise<ProbeRun> {
  return new Promise((resolve) => {
    const started = Date.now();
    const run: ProbeRun = {
      stdout: '',
      stderr: '',
      exitCode: null,
      timedOut: false,
      stdinUnread: false,
      durationMs: 0,
    };
    const child = spawn(p.file, p.args, {
      cwd: p.cwd,
      env: p.env,
      stdio: 'pipe',
      detached: p.platform !== 'win32',
    });
    const timer = setTimeout(() => {
      run.timedOut = true;
      if (child.pid !== undefined) killProcessTree(child.pid, 'SIGKILL', p.platform);
    }, p.timeoutMs);
    let written = false;
    child.stdout.on('data', (chunk: Buffer) => {
      run.stdout = append(run.stdout, chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      run.stderr = append(run.stderr, chunk);
    });
    child.stdin.on('error', () => {
      run.stdinUnread = true;
    });
    child.stdin.end(p.input, () => {
      written = true;
    });
    child.on('error', (error) => {
      run.spawnError = error.message;
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      if (!written && !run.timedOut) run.stdinUnread = true;
      run.exitCode = code;
      run.durationMs = Date.now() - started;
      resolve(run);
    });
  });
}
