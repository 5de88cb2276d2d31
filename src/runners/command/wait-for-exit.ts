import type { ChildProcess } from 'node:child_process';
import type { SpawnFailure } from './spawn-error.ts';

/**
 * How long to keep reading output after the hook exited. Longer waits gain nothing: a
 * descendant still holding the pipes (a background `sleep &`) would keep `close` from ever
 * firing (dependencies.md §2(a) step 4).
 */
export const EXIT_DRAIN_MS = 200;

/**
 * Most times the drain timer runs after the hook exited, so the whole drain lasts at most this many
 * `drainMs` (600 ms by default). It starts again only while output still arrives, which on a busy
 * machine is the hook's last output; a background child that keeps writing (`while :; do echo; done &`)
 * would otherwise hold the result forever, and with it the guard's decision.
 */
export const EXIT_DRAIN_MAX_ROUNDS = 3;

/** How a hook process ended: its exit code and signal, or why it never started. */
export interface ProcessEnd {
  exitCode: number | null;
  signal: string | null;
  spawnError?: SpawnFailure;
  /** Settled by the drain timer: something still held stdout or stderr open. */
  streamsHeld?: boolean;
  /** With `streamsHeld`: output still arrived when the last drain round ended; the rest is not read. */
  writtenAfterExit?: boolean;
}

/**
 * Settles when the child has exited and both output streams closed, or once a descendant that
 * keeps them open has been quiet for `drainMs` (at most `EXIT_DRAIN_MAX_ROUNDS` × `drainMs` after the
 * exit); or when the spawn failed (explained by `explain`).
 */
export function waitForExit(
  child: ChildProcess,
  drainMs: number,
  explain: (error: NodeJS.ErrnoException) => Promise<SpawnFailure>,
): Promise<ProcessEnd> {
  return new Promise((resolve) => {
    let openStreams = 2;
    let end: ProcessEnd | undefined;
    let drainTimer: NodeJS.Timeout | undefined;
    let settled = false;
    const settle = (value: ProcessEnd): void => {
      if (settled) return;
      settled = true;
      clearTimeout(drainTimer);
      child.stdout?.off('data', noteRead);
      child.stderr?.off('data', noteRead);
      resolve(value);
    };
    const streamDone = (): void => {
      openStreams -= 1;
      if (openStreams === 0 && end) settle(end);
    };
    // Output read since the drain timer was armed: proof the pipes are still being emptied.
    let readSinceArmed = false;
    const noteRead = (): void => {
      readSinceArmed = true;
    };
    child.stdout?.on('data', noteRead);
    child.stderr?.on('data', noteRead);
    child.stdout?.once('close', streamDone);
    child.stderr?.once('close', streamDone);
    let rounds = 0;
    const armDrain = (): void => {
      readSinceArmed = false;
      rounds += 1;
      drainTimer = setTimeout(() => {
        // Timers run before I/O in each turn of the event loop: on a busy machine the timer can
        // be due while the hook's last output and EOF already wait in the pipe. One more turn
        // (setImmediate runs after the I/O phase) lets them in before the streams count as held;
        // output that arrived means the pipe is still draining, so the wait starts again, a
        // bounded number of times: past that, the writer is a process that outlived the hook.
        setImmediate(() => {
          if (settled) return;
          if (!readSinceArmed) settle({ ...end!, streamsHeld: true });
          else if (rounds < EXIT_DRAIN_MAX_ROUNDS) armDrain();
          else settle({ ...end!, streamsHeld: true, writtenAfterExit: true });
        });
      }, drainMs);
    };
    child.once('exit', (code, signal) => {
      end = { exitCode: code, signal };
      if (openStreams === 0) settle(end);
      else armDrain();
    });
    child.once('error', (error: NodeJS.ErrnoException) => {
      // A kill() error after the start: the exit still comes.
      if (child.pid !== undefined || settled) return;
      explain(error).then(
        (spawnError) => settle({ exitCode: null, signal: null, spawnError }),
        () => settle({ exitCode: null, signal: null }),
      );
    });
  });
}
