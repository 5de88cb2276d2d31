import { readFile } from 'node:fs/promises';
import { HookError } from '../errors.ts';
import type { CliStreams } from './cli-io.ts';

/** Where `run` takes the event input from, for messages. */
export type InputSource = 'standard input' | 'a JSON literal' | 'nothing' | `file ${string}`;

export interface RunInput {
  input: Record<string, unknown>;
  from: InputSource;
}

/**
 * Reads `run`'s event input: `--input FILE`, `--input -` (standard input) or `--input '{…}'` (a
 * JSON literal). Without `--input`, standard input is read whenever it is not a terminal, so
 * `echo '{…}' | agent-hooks run PreToolUse` sees the piped payload; on a terminal the input is `{}`.
 */
export async function readRunInput(
  value: string | undefined,
  io: Pick<CliStreams, 'stdin' | 'readStdin' | 'stdinIsTTY'>,
): Promise<RunInput> {
  if (value === undefined) {
    if (io.stdinIsTTY) return { input: {}, from: 'nothing' };
    return parseInput(await readStdinText(io), 'standard input');
  }
  if (value === '-') return parseInput(await readStdinText(io), 'standard input');
  if (/^\s*[{[]/.test(value)) return parseInput(value, 'a JSON literal');
  let text: string;
  try {
    text = await readFile(value, 'utf8');
  } catch (error) {
    const why = error instanceof Error && 'code' in error ? String(error.code) : String(error);
    throw invalidInput(
      `--input ${value} cannot be read (${why}); give a file, - for standard input, or a JSON object`,
    );
  }
  return parseInput(text, `file ${value}`);
}

function parseInput(text: string, from: InputSource): RunInput {
  if (text.trim() === '') return { input: {}, from };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw invalidInput(
      `--input (${from}) is not valid JSON: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw invalidInput(`--input (${from}) must hold one JSON object (the event input)`);
  }
  return { input: parsed as Record<string, unknown>, from };
}

function invalidInput(message: string): HookError {
  return new HookError('CLI_INPUT_INVALID', message);
}

/** All of standard input as UTF-8 text, the fastest way `io` has. */
export function readStdinText(io: Pick<CliStreams, 'stdin' | 'readStdin'>): Promise<string> {
  return io.readStdin ? io.readStdin() : readAll(io.stdin);
}

/** The whole stream as UTF-8 text. */
export async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString('utf8');
}
