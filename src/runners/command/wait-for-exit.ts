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
      resolve(value);
    };
    const streamDone = (): void => {
      openStreams -= 1;
      if (openStreams === 0 && end) settle(end);
    };
    child.stdout?.once('close', streamDone);
    child.stderr?.once('close', streamDone);
    child.once('exit', (code, signal) => {
      end = { exitCode: code, signal };
      if (openStreams === 0) settle(end);
      else drainTimer = setTimeout(() => settle({ ...end!, streamsHeld: true }), drainMs);
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
