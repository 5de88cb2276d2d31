import type { ChildProcess } from 'node:child_process';
import { monotonicMs } from '../../model/clock.ts';
import { startClock } from '../deadline.ts';
import type { RunnerDiagnostic, RunnerResult } from '../types.ts';
import { collectOutput } from './collect-output.ts';
import { firstLineWatcher } from './first-line.ts';
import { anyAlive, isGroupRunning } from './kill-tree.ts';
import { registerLiveProcess, releaseAfterExit } from './live-processes.ts';
import type { ProcessOptions } from './process-options.ts';
import { explainShellSyntax } from './shell-syntax.ts';
import { describeSpawnError, explainShellExit } from './spawn-error.ts';
import { processTerminator, type Terminator } from './terminate.ts';
import { EXIT_DRAIN_MS, type ProcessEnd, waitForExit } from './wait-for-exit.ts';

/**
 * Watches one started hook process until it has exited and its output is read: its deadline
 * (timeout or abort) starts the kill ladder, the first stdout line may background it, and the
 * result is settled on exit plus a bounded drain. Every outcome is a field of the result.
 */
export async function supervise(
  child: ChildProcess,
  opts: ProcessOptions,
  platform: NodeJS.Platform,
  started: number,
): Promise<RunnerResult> {
  const pid = child.pid;
  const terminator = processTerminator(pid, platform, opts.killGraceMs);
  const deadline = startClock(opts.signal, opts.timeoutMs - (monotonicMs() - started), () =>
    terminator.terminate(),
  );
  // claude-code-hooks.md §3.2: a first stdout line `{"async":true,…}` backgrounds the hook; the
  // caller stops waiting, this run still settles on exit, and `asyncTimeout` restarts the clock.
  const onFirstLine = opts.onFirstStdoutLine;
  const watcher =
    onFirstLine &&
    firstLineWatcher((line) => {
      const answer = onFirstLine(line);
      if (answer?.signal !== undefined) deadline.follow(answer.signal);
      if (answer?.timeoutMs !== undefined && !terminator.started) deadline.restart(answer.timeoutMs);
    });
  const output = collectOutput(child, opts, watcher);
  if (pid !== undefined) registerLiveProcess(pid, platform);
  // The hook's exit ends its run: a deadline that falls in the drain after it (a background child
  // still holds the pipes) must not kill the group and turn the hook's answer into a timeout. What
  // stays behind lingers, and ends with the dispatch or the engine (releaseAfterExit).
  child.once('exit', () => deadline.dispose());
  const end = await waitForExit(child, opts.drainMs ?? EXIT_DRAIN_MS, (error) =>
    describeSpawnError(error, opts),
  );
  deadline.dispose();
  if (pid !== undefined && !terminator.started) releaseAfterExit(pid, platform, opts.lifetime);
  const collected = output.finish();
  const result: RunnerResult = {
    exitCode: end.spawnError ? null : end.exitCode,
    signal: end.signal,
    stdout: collected.stdout,
    stderr: collected.stderr,
    timedOut: deadline.timedOut,
    cancelled: deadline.cancelled,
    durationMs: Math.round(monotonicMs() - started),
  };
  if (pid !== undefined) result.pid = pid;
  if (end.spawnError) result.spawnError = end.spawnError;
  if (collected.stdoutTruncated) result.stdoutTruncated = true;
  if (collected.stderrTruncated) result.stderrTruncated = true;
  if (collected.progress) result.progress = collected.progress;
  if (end.streamsHeld && pid !== undefined) noteHeldStreams(result, end, pid, platform, terminator);
  if (!deadline.timedOut && !deadline.cancelled) {
    // Both look only at exits a shell gives (2, 126, 127): other runs go on without an await.
    const failure = explainShellFailure(result, opts);
    if (failure) await failure;
    const syntax = explainShellSyntax(result, opts);
    if (syntax) await syntax.catch(() => undefined);
  }
  return result;
}

/**
 * The hook exited but something still holds its output pipes. When no process of its tree that the
 * engine can see is alive, a descendant left the tree (double fork, `setsid` after its parent
 * exited) and cannot be ended by the engine. Said, never silent (issue 13 item 9); so is output a
 * descendant was still writing when the bounded drain ended, which the result does not contain.
 */
function noteHeldStreams(
  result: RunnerResult,
  end: ProcessEnd,
  pid: number,
  platform: NodeJS.Platform,
  terminator: Terminator,
): void {
  const escaped = platform === 'linux' && !isGroupRunning(pid, platform) && !anyAlive(terminator.found);
  if (escaped) {
    addDiagnostic(result, {
      code: 'RUNNER_DESCENDANT_ESCAPED',
      message:
        'a process the hook started left its process tree (double fork or setsid after its parent exited) and still holds its output; the engine cannot end it',
    });
  } else if (end.writtenAfterExit) {
    addDiagnostic(result, {
      code: 'RUNNER_OUTPUT_AFTER_EXIT',
      message:
        'a process the hook started kept writing to its stdout or stderr after the hook exited; the result holds what was read in the drain after the exit, the rest was not read',
    });
  }
}

function addDiagnostic(result: RunnerResult, found: RunnerDiagnostic): void {
  result.diagnostics = [...(result.diagnostics ?? []), found];
}

/**
 * A shell's exit 126 or 127 is a spawn failure when the program it was to start is missing or not
 * executable (see `explainShellExit`); the result then says so instead of reporting the exit code.
 */
function explainShellFailure(result: RunnerResult, opts: ProcessOptions): Promise<void> | undefined {
  const code = result.exitCode;
  if ((opts.shell !== 'sh' && opts.shell !== 'bash') || (code !== 126 && code !== 127)) return undefined;
  return explainMissingProgram(result, opts, code);
}

async function explainMissingProgram(
  result: RunnerResult,
  opts: ProcessOptions,
  code: number,
): Promise<void> {
  const failure = await explainShellExit(code, opts.args.at(-1) ?? '', opts.cwd, opts.env.PATH).catch(
    () => undefined,
  );
  if (!failure) return;
  result.spawnError = failure;
  result.exitCode = null;
  // Added to, not replaced: a note taken earlier (RUNNER_DESCENDANT_ESCAPED) stays.
  addDiagnostic(result, {
    code: failure.code,
    message: `the shell exited ${code} before the hook started: ${failure.message}`,
  });
}
