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
  // Loaded when a person is asked: not on the start a host pays for every event.
  const { createInterface } = await import('node:readline/promises');
  const rl = createInterface({ input: process.stdin, output: process.stderr });
  try {
    return /^y(es)?$/i.test((await rl.question(question)).trim());
  } finally {
    rl.close();
  }
}

/** Errors of a stream whose reader went away (`agent-hooks list | head -3`). */
const READER_GONE = new Set(['EPIPE', 'ERR_STREAM_DESTROYED', 'ERR_STREAM_WRITE_AFTER_END']);

/**
 * When the reader of stdout or stderr goes away, later writes are dropped instead of crashing
 * with a stack trace: a one-shot command finishes and exits with its own status, a server keeps
 * serving (its audit must not be cut short by a closed log pipe). Every command writes through
 * these streams, so one listener covers them all.
 */
export function dropWritesWhenReaderGoes(streams: readonly NodeJS.WriteStream[]): void {
  for (const stream of streams) {
    stream.on('error', (error: NodeJS.ErrnoException) => {
      if (READER_GONE.has(error.code ?? '')) return;
      throw error;
    });
  }
}

function writeUnlessClosed(stream: NodeJS.WriteStream, text: string): void {
  if (!stream.destroyed && stream.writable) stream.write(text);
}

/** The real process's streams. */
export function processStreams(): CliStreams {
  return {
    stdout: (text) => writeUnlessClosed(process.stdout, text),
    stderr: (text) => writeUnlessClosed(process.stderr, text),
    stdin: process.stdin,
    stdinIsTTY: process.stdin.isTTY === true,
    stderrIsTTY: process.stderr.isTTY === true,
    confirm: confirmOnTerminal,
  };
}
