import { realpathSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultTimeoutMs, EscapedError, type HookDefinition, invokeHook } from './invoke.ts';
import type { Host } from './types.ts';

/** Largest stdin payload read (a PostToolUse payload can carry a whole file), in bytes. */
export const MAX_PAYLOAD_BYTES = 64 * 1024 * 1024;

export interface RunOptions {
  stdin?: NodeJS.ReadableStream & { isTTY?: boolean };
  stdout?: NodeJS.WritableStream;
  stderr?: NodeJS.WritableStream;
  env?: NodeJS.ProcessEnv;
  host?: Host;
  /**
   * End the process once the answer is written (default true): a handle the handler left open
   * (a socket, a timer) must not keep the host waiting until its own timeout, which fails open.
   */
  exit?: boolean;
}

const USAGE =
  'This is an agent hook: the host runs it with a JSON payload on stdin.\n' +
  'Try it by hand: echo \'{"hook_event_name": "…", …}\' | node <script>, or `agent-hooks run <Event>`.\n';

/** Reads stdin to the end, within `deadlineMs`; resolves to the text or an error message. */
function readAll(
  stream: NodeJS.ReadableStream,
  deadlineMs: number,
): Promise<{ text: string } | { error: string }> {
  return new Promise((done) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = (result: { text: string } | { error: string }) => {
      clearTimeout(timer);
      stream.removeAllListeners('data');
      done(result);
    };
    const timer = setTimeout(
      () => finish({ error: `stdin did not end within ${deadlineMs} ms` }),
      deadlineMs,
    );
    stream.on('data', (chunk: Buffer | string) => {
      const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      size += buffer.length;
      if (size > MAX_PAYLOAD_BYTES) finish({ error: `stdin is over ${MAX_PAYLOAD_BYTES} bytes` });
      else chunks.push(buffer);
    });
    stream.on('end', () => finish({ text: Buffer.concat(chunks).toString('utf8') }));
    stream.on('error', (error) => finish({ error: `stdin could not be read: ${error.message}` }));
  });
}

function parse(text: string): { payload: unknown } | { error: string } {
  try {
    return { payload: JSON.parse(text) };
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    return { error: text.trim() === '' ? 'stdin was empty' : `stdin is not JSON (${detail})` };
  }
}

function write(stream: NodeJS.WritableStream, text: string): Promise<void> {
  if (text === '') return Promise.resolve();
  return new Promise((done) => stream.write(text, () => done()));
}

/**
 * The process side of a hook: reads the payload on stdin, answers, prints the host's JSON on
 * stdout and diagnostics on stderr, and exits with the host's code. Returns that code.
 */
export async function runDefinition(def: HookDefinition, options: RunOptions = {}): Promise<number> {
  const stdin = options.stdin ?? process.stdin;
  const stdout = options.stdout ?? process.stdout;
  const stderr = options.stderr ?? process.stderr;
  const exit = options.exit ?? true;
  const file = process.argv[1] ? resolve(process.argv[1]) : undefined;
  if (stdin.isTTY) {
    await write(stderr, USAGE);
    return finish(1, exit);
  }
  const env = options.env ?? process.env;
  const budget = def.timeoutMs ?? defaultTimeoutMs(options.host ?? def.host ?? 'claude-code', def.event);
  const read = await readAll(stdin, budget);
  const parsed = 'text' in read ? parse(read.text) : read;
  const named = { ...def, name: def.name ?? (file ? basename(file) : undefined) };
  // An error the handler's own promise does not carry (a throw in a timer, an unhandled
  // rejection) would end the process with exit 1, which Claude Code reads as "proceed".
  const escaped = new AbortController();
  const onEscape = (error: unknown) => escaped.abort(new EscapedError(error));
  process.on('uncaughtException', onEscape).on('unhandledRejection', onEscape);
  const run = await invokeHook(named, 'payload' in parsed ? parsed.payload : undefined, {
    env,
    signal: escaped.signal,
    ...(options.host ? { host: options.host } : {}),
    ...(file ? { file } : {}),
    ...('error' in parsed ? { unreadable: parsed.error } : {}),
  }).finally(() => {
    process.off('uncaughtException', onEscape).off('unhandledRejection', onEscape);
  });
  await write(stdout, run.stdout);
  await write(stderr, run.stderr);
  return finish(run.exitCode, exit);
}

function finish(code: number, exit: boolean): number {
  process.exitCode = code;
  if (exit) process.exit(code);
  return code;
}

/** Whether the module at `moduleUrl` (pass `import.meta.url`) is the script node was started with. */
export function isMain(moduleUrl: string): boolean {
  const entry = process.argv[1];
  if (!entry) return false;
  try {
    return realpathSync(fileURLToPath(moduleUrl)) === realpathSync(resolve(entry));
  } catch {
    return false;
  }
}
