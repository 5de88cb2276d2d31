// Named pipes for tests of readers that must never wait on one. A reader that does wait is
// released when the test ends, so a failing test fails instead of hanging its worker.
import { execFileSync } from 'node:child_process';
import { closeSync, constants, openSync } from 'node:fs';

const made: string[] = [];

/** A named pipe at `file`. Call `releaseFifos` in `afterEach`. */
export function fifo(file: string): string {
  execFileSync('mkfifo', [file]);
  made.push(file);
  return file;
}

/** Gives a reader still blocked on a pipe of this test its end of file (a writer opens and closes). */
export function releaseFifos(): void {
  for (const file of made.splice(0)) {
    try {
      closeSync(openSync(file, constants.O_WRONLY | constants.O_NONBLOCK));
    } catch {
      // No reader is waiting (ENXIO), or the pipe is gone: nothing to release.
    }
  }
}
