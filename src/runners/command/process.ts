import { type ChildProcess, spawn } from 'node:child_process';
import { monotonicMs } from '../../model/clock.ts';
import { type RunnerResult, runnerResult } from '../types.ts';
import type { ProcessOptions } from './process-options.ts';
import { describeSpawnError } from './spawn-error.ts';
import { supervise } from './supervise.ts';
import { closeQuietly, openStdinFile, prepareSpareStdinFile } from './temp-files.ts';

export type { ProcessOptions } from './process-options.ts';

/**
 * Runs one hook process: stdin from an unlinked temp file, stdout and stderr collected with a
 * byte cap, the whole process tree killed on timeout or abort (SIGTERM, grace, SIGKILL), and
 * the result settled on the child's exit plus a bounded drain. Never throws for a hook's
 * behaviour; every outcome is a field of the result.
 */
export async function runProcess(opts: ProcessOptions): Promise<RunnerResult> {
  const started = monotonicMs();
  const base = (): RunnerResult => runnerResult({ durationMs: Math.round(monotonicMs() - started) });
  if (opts.signal?.aborted) return { ...base(), cancelled: true };

  const input = typeof opts.input === 'string' ? Buffer.from(opts.input) : opts.input;
  let stdinFd: number;
  try {
    stdinFd = await openStdinFile(input);
  } catch (error) {
    const message = `cannot prepare stdin for \`${opts.display ?? opts.file}\`: ${(error as Error).message}`;
    return { ...base(), spawnError: { code: 'RUNNER_STDIN_FAILED', message } };
  }
  if (opts.signal?.aborted) {
    closeQuietly(stdinFd);
    return { ...base(), cancelled: true };
  }
  const platform = process.platform;
  let child: ChildProcess;
  try {
    child = spawn(opts.file, opts.args, {
      cwd: opts.cwd,
      env: opts.env,
      stdio: [stdinFd, 'pipe', 'pipe'],
      // POSIX: a new session and process group, so one kill(-pid) reaches every descendant and
      // the hook has no controlling terminal, as in Claude Code (claude-code-observed.md).
      detached: platform !== 'win32',
      windowsHide: true,
    });
  } catch (error) {
    closeQuietly(stdinFd);
    return { ...base(), spawnError: await describeSpawnError(error as NodeJS.ErrnoException, opts) };
  }
  closeQuietly(stdinFd);
  prepareSpareStdinFile();
  return supervise(child, opts, platform, started);
}
