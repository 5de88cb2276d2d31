import { readSync } from 'node:fs';
import { isatty } from 'node:tty';
/**
 * What a CLI command may touch of the process it runs in. `main.ts` passes the real process;
 * tests run the whole program in process with their own streams (`runCli`).
 */
export interface CliStreams {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** Read by `--input -`. */
  stdin: NodeJS.ReadableStream;
  /** All of standard input as text, when there is a faster way than `stdin` (the real process). */
  readStdin?: () => Promise<string>;
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

const STDIN_FD = 0;
const STDIN_CHUNK_BYTES = 64 * 1024;

/**
 * Everything `fd` holds until its end. A host pipes the payload and closes the pipe, so it is
 * read with blocking reads of the descriptor, a few milliseconds less per start than a stream,
 * which takes several turns of the event loop (issue 16 item 4). A descriptor that would block
 * (EAGAIN: made non-blocking by whoever opened it) hands over to `stream()`, keeping what was read.
 */
export async function readDescriptorFully(
  fd: number,
  stream: () => AsyncIterable<Uint8Array | string>,
): Promise<string> {
  const chunks: Buffer[] = [];
  try {
    for (;;) {
      const chunk = Buffer.allocUnsafe(STDIN_CHUNK_BYTES);
      const read = readSync(fd, chunk, 0, chunk.length, null);
      if (read === 0) return Buffer.concat(chunks).toString('utf8');
      chunks.push(chunk.subarray(0, read));
    }
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // A closed standard input (`<&-`) is empty, as process.stdin reads it.
    if (code === 'EBADF') return Buffer.concat(chunks).toString('utf8');
    if (code !== 'EAGAIN') throw error;
  }
  for await (const chunk of stream()) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString('utf8');
}

/** Standard input to its end; process.stdin is created only if the descriptor would block. */
function readStdinFully(): Promise<string> {
  return readDescriptorFully(STDIN_FD, () => process.stdin);
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
    // Not touched unless used: creating process.stdin makes a pipe non-blocking (readStdinFully).
    get stdin() {
      return process.stdin;
    },
    readStdin: readStdinFully,
    stdinIsTTY: isatty(STDIN_FD),
    stderrIsTTY: process.stderr.isTTY === true,
    confirm: confirmOnTerminal,
  };
}
