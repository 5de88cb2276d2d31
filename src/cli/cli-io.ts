import { createInterface } from 'node:readline/promises';

/**
 * What a CLI command may touch of the process it runs in. `main.ts` passes the real process;
 * tests run the whole program in process with their own streams (`runCli`).
 */
export interface CliStreams {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** Read by `--input -`. */
  stdin: NodeJS.ReadableStream;
  /** Commands prompt, and draw live progress, only where a person is watching a terminal. */
  stdinIsTTY: boolean;
  stderrIsTTY: boolean;
  /** Asks a yes/no question on the terminal (used only when the command found one). */
  confirm: (question: string) => Promise<boolean>;
}

/** What each command's action receives: the streams, and where its exit status goes. */
export interface CliIo extends CliStreams {
  setExitCode: (code: number) => void;
}

async function confirmOnTerminal(question: string): Promise<boolean> {
  const rl = createInterface({ input: process.stdin, output: process.stderr });
  try {
    return /^y(es)?$/i.test((await rl.question(question)).trim());
  } finally {
    rl.close();
  }
}

/** The real process's streams. */
export function processStreams(): CliStreams {
  return {
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
    stdin: process.stdin,
    stdinIsTTY: process.stdin.isTTY === true,
    stderrIsTTY: process.stderr.isTTY === true,
    confirm: confirmOnTerminal,
  };
}
