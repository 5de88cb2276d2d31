import { readFileSync } from 'node:fs';
import { Command, CommanderError } from 'commander';
import type { CliIo, CliStreams } from './cli-io.ts';
import { commandsFor, type RegisterCommand } from './commands/index.ts';
import { refuseRepeatedOptions } from './repeated-options.ts';
import { printUsageFailureJson } from './usage-json.ts';

/** The package's version; package.json sits two folders up from both src/cli/ and dist/cli/. */
function packageVersion(): string {
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
    version: string;
  };
  return pkg.version;
}

/** The `agent-hooks` program with `commands`, writing through `io` instead of the process's streams. */
function createProgram(io: CliIo, commands: readonly RegisterCommand[]): Command {
  const program = new Command('agent-hooks')
    .description('One hook engine for every coding agent: run, validate, list and convert hooks.')
    .version(packageVersion(), '-V, --version', 'print the version')
    .showSuggestionAfterError(true)
    .showHelpAfterError('(run with --help for usage)')
    .configureOutput({ writeOut: io.stdout, writeErr: io.stderr })
    // Commander reports usage errors, --help and --version by throwing instead of exiting.
    .exitOverride();
  for (const register of commands) register(program, io);
  refuseRepeatedOptions(program);
  return program;
}

/**
 * Runs the CLI on `argv` (the arguments after the program name) and returns the exit status.
 * A failing command prints `agent-hooks: <message>` on stderr and exits 1; under `--json`, a
 * command that has printed nothing on stdout yet prints its failure document there (usage-json.ts).
 */
export async function runCli(argv: readonly string[], io: CliStreams): Promise<number> {
  let status = 0;
  let printed = false;
  // `io` itself underneath, not a copy: a copy would read every property, and reading the real
  // process's `stdin` creates the stream, which costs a start that never reads it (cli-io.ts).
  const cliIo: CliIo = Object.create(io, {
    setExitCode: {
      value: (code: number) => {
        status = code;
      },
    },
    stdout: {
      value: (text: string) => {
        printed ||= text !== '';
        io.stdout(text);
      },
    },
  });
  const program = createProgram(cliIo, await commandsFor(argv));
  try {
    await program.parseAsync([...argv], { from: 'user' });
    return status;
  } catch (error) {
    await printUsageFailureJson(argv, program, error, io, printed);
    // Commander has already printed its own message (usage error) or the help text.
    if (error instanceof CommanderError) return error.exitCode;
    io.stderr(`agent-hooks: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
}

/**
 * The failure document of a start that reached no command (main.ts: the working directory was
 * deleted), when `argv` asks for one; stderr has the line already.
 */
export async function printStartFailureJson(
  argv: readonly string[],
  io: CliStreams,
  error: Error,
): Promise<void> {
  // Registering the commands reads process.cwd() for each --cwd default, which throws while the
  // directory is gone; the commands never run, so the root stands in for it.
  process.chdir('/');
  const cliIo: CliIo = Object.create(io, { setExitCode: { value: () => undefined } });
  const program = createProgram(cliIo, await commandsFor(argv));
  await printUsageFailureJson(argv, program, error, io, false);
}
