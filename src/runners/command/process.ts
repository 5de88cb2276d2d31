import { type ChildProcess, spawn } from 'node:child_process';
import { StringDecoder } from 'node:string_decoder';
import { type RunnerResult, runnerResult } from '../types.ts';
import { isProcessTreeAlive, killProcessTree } from './kill-tree.ts';
import { registerLiveProcess, unregisterLiveProcess } from './live-processes.ts';
import { DEFAULT_MAX_OUTPUT_BYTES, OutputCollector } from './output-collector.ts';
import { ProgressLineSplitter } from './progress-lines.ts';
import type { ShellKind } from './resolve.ts';
import { explainShellExit, explainSpawnError, type SpawnFailure } from './spawn-error.ts';
import { closeQuietly, openStdinFile } from './temp-files.ts';

/** Time between SIGTERM and SIGKILL when a hook times out or is cancelled. */
export const KILL_GRACE_MS = 2_000;
/**
 * How long to keep reading output after the hook exited. Longer waits gain nothing: a
 * descendant still holding the pipes (a background `sleep &`) would keep `close` from ever
 * firing (dependencies.md §2(a) step 4).
 */
export const EXIT_DRAIN_MS = 200;

export interface ProcessOptions {
  file: string;
  args: string[];
  /** Which shell interprets `args` (null: exec form); used to explain spawn failures. */
  shell?: ShellKind | null;
  display?: string;
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** Bytes written to the hook's stdin (the payload JSON plus `\n`). */
  input: string | Buffer;
  timeoutMs: number;
  signal?: AbortSignal;
  maxOutputBytes?: number;
  killGraceMs?: number;
  drainMs?: number;
  /** Separate Copilot progress lines from stdout (copilot dialects). */
  progressLines?: boolean;
  onProgress?: (message: string) => void;
  /** See `RunRequest.onFirstStdoutLine`: a returned object backgrounds the hook, maybe with a new timeout. */
  onFirstStdoutLine?: (line: string) => { timeoutMs?: number } | undefined;
  /** Partial output as it arrives, decoded per stream (multi-byte characters never split). */
  onOutput?: (stream: 'stdout' | 'stderr', text: string) => void;
}

/** A first stdout line longer than this is not an async marker; stop buffering it. */
const FIRST_LINE_MAX_CHARS = 64 * 1024;

/**
 * Runs one hook process: stdin from an unlinked temp file, stdout and stderr collected with a
 * byte cap, the whole process tree killed on timeout or abort (SIGTERM, grace, SIGKILL), and
 * the result settled on the child's exit plus a bounded drain. Never throws for a hook's
 * behaviour; every outcome is a field of the result.
 */
export async function runProcess(opts: ProcessOptions): Promise<RunnerResult> {
  const started = performance.now();
  const base = (): RunnerResult => runnerResult({ durationMs: Math.round(performance.now() - started) });
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
  return supervise(child, opts, platform, started);
}

function supervise(
  child: ChildProcess,
  opts: ProcessOptions,
  platform: NodeJS.Platform,
  started: number,
): Promise<RunnerResult> {
  const maxBytes = opts.maxOutputBytes ?? DEFAULT_MAX_OUTPUT_BYTES;
  const splitter = opts.progressLines ? new ProgressLineSplitter(opts.onProgress) : undefined;
  const out = new OutputCollector(maxBytes, splitter && ((text) => splitter.write(text)));
  const err = new OutputCollector(maxBytes);
  const pid = child.pid;
  let timedOut = false;
  let cancelled = false;
  let killing = false;
  let exitCode: number | null = null;
  let exitSignal: string | null = null;
  let exited = false;
  let openStreams = 2;
  let settled = false;
  let drainTimer: NodeJS.Timeout | undefined;
  let graceTimer: NodeJS.Timeout | undefined;

  return new Promise<RunnerResult>((resolvePromise) => {
    const terminate = (): void => {
      if (killing || pid === undefined) return;
      killing = true;
      killProcessTree(pid, 'SIGTERM', platform);
      graceTimer = setTimeout(() => {
        // The leader may be gone while a descendant that ignored SIGTERM still lives.
        if (isProcessTreeAlive(pid, platform)) killProcessTree(pid, 'SIGKILL', platform);
        unregisterLiveProcess(pid);
      }, opts.killGraceMs ?? KILL_GRACE_MS);
      graceTimer.unref();
    };
    const onTimeout = (): void => {
      timedOut = true;
      terminate();
    };
    let timeoutTimer = setTimeout(onTimeout, Math.max(0, opts.timeoutMs - (performance.now() - started)));
    const onAbort = (): void => {
      cancelled = true;
      terminate();
    };
    opts.signal?.addEventListener('abort', onAbort, { once: true });

    const finish = (spawnError?: SpawnFailure): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timeoutTimer);
      clearTimeout(drainTimer);
      opts.signal?.removeEventListener('abort', onAbort);
      // Stop reading pipes that a lingering descendant still holds open.
      child.stdout?.destroy();
      child.stderr?.destroy();
      if (pid !== undefined && !killing) unregisterLiveProcess(pid);
      const stderrText = err.finish();
      out.finish();
      const result: RunnerResult = {
        exitCode: spawnError ? null : exitCode,
        signal: exitSignal,
        stdout: splitter ? splitter.finish() : out.text(),
        stderr: stderrText,
        timedOut,
        cancelled: cancelled && !timedOut,
        durationMs: Math.round(performance.now() - started),
      };
      if (pid !== undefined) result.pid = pid;
      if (spawnError) result.spawnError = spawnError;
      if (out.truncated) result.stdoutTruncated = true;
      if (err.truncated) result.stderrTruncated = true;
      if (splitter) result.progress = splitter.messages;
      resolveAfterShellCheck(result);
    };

    const resolveAfterShellCheck = (result: RunnerResult): void => {
      const shell = opts.shell;
      const code = result.exitCode;
      if ((shell !== 'sh' && shell !== 'bash') || (code !== 126 && code !== 127) || timedOut || cancelled) {
        resolvePromise(result);
        return;
      }
      explainShellExit(code, opts.args[opts.args.length - 1] ?? '', result.stderr, opts.cwd).then(
        (failure) => {
          if (failure) {
            result.spawnError = failure;
            result.notes = [`the shell exited ${code} before the hook started; reported as a spawn error`];
            result.exitCode = null;
          }
          resolvePromise(result);
        },
        () => resolvePromise(result),
      );
    };

    const streamDone = (): void => {
      openStreams -= 1;
      if (openStreams === 0 && exited) finish();
    };
    // claude-code-hooks.md §3.2: a first stdout line `{"async":true,…}` backgrounds the hook; the
    // caller stops waiting, this promise still settles on exit, and `asyncTimeout` re-arms the timer.
    let firstLine: string | undefined = opts.onFirstStdoutLine ? '' : undefined;
    const watchFirstLine = (chunk: Buffer): void => {
      if (firstLine === undefined || !opts.onFirstStdoutLine) return;
      firstLine += chunk.toString('utf8');
      const end = firstLine.indexOf('\n');
      if (end === -1) {
        if (firstLine.length > FIRST_LINE_MAX_CHARS) firstLine = undefined;
        return;
      }
      const line = firstLine.slice(0, end);
      firstLine = undefined;
      const answer = opts.onFirstStdoutLine(line);
      if (answer?.timeoutMs !== undefined && !settled && !killing) {
        clearTimeout(timeoutTimer);
        timeoutTimer = setTimeout(onTimeout, Math.max(0, answer.timeoutMs));
      }
    };
    const onOutput = opts.onOutput;
    const liveOut = onOutput ? new StringDecoder('utf8') : undefined;
    const liveErr = onOutput ? new StringDecoder('utf8') : undefined;
    child.stdout?.on('data', (chunk: Buffer) => {
      if (firstLine !== undefined) watchFirstLine(chunk);
      out.write(chunk);
      if (liveOut) onOutput?.('stdout', liveOut.write(chunk));
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      err.write(chunk);
      if (liveErr) onOutput?.('stderr', liveErr.write(chunk));
    });
    child.stdout?.on('error', () => {});
    child.stderr?.on('error', () => {});
    child.stdout?.once('close', streamDone);
    child.stderr?.once('close', streamDone);

    child.once('exit', (code, signal) => {
      exited = true;
      exitCode = code;
      exitSignal = signal;
      if (openStreams === 0) finish();
      else drainTimer = setTimeout(finish, opts.drainMs ?? EXIT_DRAIN_MS);
    });
    child.once('error', (error: NodeJS.ErrnoException) => {
      if (pid !== undefined || settled) return; // a kill() error after start: the exit still comes
      describeSpawnError(error, opts).then(finish, () => finish());
    });

    if (pid !== undefined) registerLiveProcess(pid, platform);
  });
}

function describeSpawnError(error: NodeJS.ErrnoException, opts: ProcessOptions): Promise<SpawnFailure> {
  return explainSpawnError(error, {
    file: opts.file,
    cwd: opts.cwd,
    shell: opts.shell ?? null,
    display: opts.display ?? opts.file,
  });
}
