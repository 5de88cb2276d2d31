import { readFileSync } from 'node:fs';
import { Command, CommanderError } from 'commander';
import type { CliIo, CliStreams } from './cli-io.ts';
import { COMMANDS, commandsFor, type RegisterCommand } from './commands/index.ts';
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
  return program;
}

/**
 * Runs the CLI on `argv` (the arguments after the program name) and returns the exit status.
 * A failing command prints `agent-hooks: <message>` on stderr and exits 1; under `--json`, a
 * writing command also prints its failure document on stdout (usage-json.ts).
 */
export async function runCli(argv: readonly string[], io: CliStreams): Promise<number> {
  let status = 0;
  // `io` itself underneath, not a copy: a copy would read every property, and reading the real
  // process's `stdin` creates the stream, which costs a start that never reads it (cli-io.ts).
  const cliIo: CliIo = Object.create(io, {
    setExitCode: {
      value: (code: number) => {
        status = code;
      },
    },
  });
  const program = createProgram(cliIo, await commandsFor(argv));
  try {
    await program.parseAsync([...argv], { from: 'user' });
    return status;
  } catch (error) {
    const names = COMMANDS.map((command) => command.name);
    await printUsageFailureJson(argv, names, error, io);
    // Commander has already printed its own message (usage error) or the help text.
    if (error instanceof CommanderError) return error.exitCode;
    io.stderr(`agent-hooks: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
}
