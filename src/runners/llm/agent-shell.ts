import { spawn } from 'node:child_process';
import { killProcessTree } from '../command/kill-tree.ts';
import { EXIT_DRAIN_MS, type ProcessEnd, waitForExit } from '../command/wait-for-exit.ts';
import { STOPPED_BY_DEADLINE } from './agent-tool-output.ts';

/** How long one Bash call of an agent hook may run before its process group is killed. */
export const SHELL_TIMEOUT_MS = 30_000;

export interface ShellRun {
  output: string;
  /** How it ended, in words: `exit code N`, `killed by SIGKILL`, or why it was cut short. */
  status: string;
  failed: boolean;
}

/**
 * Runs one agent-hook shell command in `cwd`, collecting at most `maxChars` of output. It settles
 * when the shell exits (a background child still holding the pipes is waited for only as long as
 * a command hook's is, EXIT_DRAIN_MS), at its own limit, or at once when `signal` aborts: a command
 * that escapes its process group (`setsid sleep 600 &`) must not hold the hook past its timeout.
 */
export async function runShell(
  command: string,
  opts: { cwd: string; env: NodeJS.ProcessEnv; maxChars: number; signal: AbortSignal },
): Promise<ShellRun> {
  const child = spawn('/bin/sh', ['-c', command], {
    cwd: opts.cwd,
    env: opts.env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  const add = (c: Buffer): void => {
    if (output.length < opts.maxChars) output += c.toString('utf8');
  };
  child.stdout.on('data', add);
  child.stderr.on('data', add);
  const kill = (): void => {
    if (child.pid) killProcessTree(child.pid, 'SIGKILL', process.platform);
  };
  let onAbort = (): void => {};
  const aborted = new Promise<'aborted'>((resolve) => {
    onAbort = () => {
      kill();
      resolve('aborted');
    };
    if (opts.signal.aborted) onAbort();
    else opts.signal.addEventListener('abort', onAbort, { once: true });
  });
  const limit = setTimeout(kill, SHELL_TIMEOUT_MS);
  const exited = waitForExit(child, EXIT_DRAIN_MS, async (e) => ({
    code: 'RUNNER_SPAWN_FAILED',
    message: `could not start the shell: ${e.message}`,
  }));
  try {
    const end = await Promise.race([exited, aborted]);
    return { output, ...describeEnd(end) };
  } finally {
    clearTimeout(limit);
    opts.signal.removeEventListener('abort', onAbort);
    // Whatever still holds the pipes is not waited for.
    child.stdout.destroy();
    child.stderr.destroy();
  }
}

function describeEnd(end: ProcessEnd | 'aborted'): { status: string; failed: boolean } {
  if (end === 'aborted') return { status: STOPPED_BY_DEADLINE, failed: true };
  if (end.spawnError) return { status: end.spawnError.message, failed: true };
  const status = end.signal ? `killed by ${end.signal}` : `exit code ${end.exitCode}`;
  return { status, failed: end.exitCode !== 0 };
}
