import type { ChildProcess } from 'node:child_process';
import type { SpawnFailure } from './spawn-error.ts';

/**
 * How long to keep reading output after the hook exited. Longer waits gain nothing: a
 * descendant still holding the pipes (a background `sleep &`) would keep `close` from ever
 * firing (dependencies.md §2(a) step 4).
 */
export const EXIT_DRAIN_MS = 200;

/** How a hook process ended: its exit code and signal, or why it never started. */
export interface ProcessEnd {
  exitCode: number | null;
  signal: string | null;
  spawnError?: SpawnFailure;
  /** Settled by the drain timer: something still held stdout or stderr open. */
  streamsHeld?: boolean;
}

/**
 * Settles when the child has exited and both output streams closed, or `drainMs` after the exit
 * when a descendant keeps them open; or when the spawn failed (explained by `explain`).
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
    const armDrain = (): void => {
      readSinceArmed = false;
      drainTimer = setTimeout(() => {
        // Timers run before I/O in each turn of the event loop: on a busy machine the timer can
        // be due while the hook's last output and EOF already wait in the pipe. One more turn
        // (setImmediate runs after the I/O phase) lets them in before the streams count as held;
        // output that arrived means the pipe is still draining, so the wait starts again.
        setImmediate(() => {
          if (settled) return;
          if (readSinceArmed) armDrain();
          else settle({ ...end!, streamsHeld: true });
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
