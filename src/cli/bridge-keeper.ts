// Starts the bridge's keeper: this CLI again with `--background-only`, in its own session, the
// payload on stdin from an unlinked file, no output. It outlives the bridge (and the host's wait
// for it) and runs the event's background hooks to the end (docs/bridge.md "Background hooks").
import { spawn } from 'node:child_process';
import { closeSync } from 'node:fs';
import { openStdinFile } from '../runners/command/temp-files.ts';

export const BACKGROUND_ONLY_FLAG = '--background-only';

/** Starts `command` + `--background-only` with `stdin`; resolves to why it could not, if it could not. */
export async function startKeeper(command: readonly string[], stdin: string): Promise<string | undefined> {
  const [file, ...args] = command;
  if (file === undefined) return 'no command to start';
  let fd: number;
  try {
    fd = await openStdinFile(Buffer.from(stdin));
  } catch (error) {
    return `cannot write its input: ${(error as Error).message}`;
  }
  try {
    return await new Promise<string | undefined>((resolve) => {
      const child = spawn(file, [...args, BACKGROUND_ONLY_FLAG], {
        detached: true,
        stdio: [fd, 'ignore', 'ignore'],
      });
      child.once('error', (error) => resolve(error.message));
      child.once('spawn', () => {
        child.unref();
        resolve(undefined);
      });
    });
  } finally {
    closeSync(fd);
  }
}
