// Under --json a writing command (`init`, `add`, `bridge install`, `bridge uninstall`, `schema`)
// prints one failure document on stdout whatever stops it (write-json.ts), so a script always has
// JSON to read. Its action prints the document for what fails while it runs; a command line that
// commander rejects (an unknown option, an option without its value, an unknown subcommand) or
// whose option value a parser refused never reaches the action, so the program prints it here.
import { CommanderError } from 'commander';
import type { CliStreams } from './cli-io.ts';
import { CliUsageError } from './usage-error.ts';

/** The writing commands named by the first word; `bridge` names them by its second. */
const WRITING_COMMANDS: ReadonlySet<string> = new Set(['init', 'add', 'schema']);
const BRIDGE_WRITERS: ReadonlySet<string> = new Set(['install', 'uninstall']);
/** After this argument every word is an operand, `--json` too. */
const END_OF_OPTIONS = '--';
const COMMANDER_PREFIX = /^error: /;

/** The words before `--`. */
function optionWords(argv: readonly string[]): readonly string[] {
  const end = argv.indexOf(END_OF_OPTIONS);
  return end < 0 ? argv : argv.slice(0, end);
}

function givenJson(argv: readonly string[]): boolean {
  return optionWords(argv).includes('--json');
}

type UsageCode = 'CLI_USAGE' | 'BRIDGE_USAGE';

/**
 * Whether `argv` asks for the failure document, and the code of a usage error there: `--json`
 * given to a writing command, or to a command the CLI does not have (`commandNames` are those it
 * has), which may be a typo of one. `bridge` with a word after it is `bridge install`, `bridge
 * uninstall` or a typo of them, which `bridge` itself rejects as BRIDGE_USAGE on stderr; the
 * bridge a host starts has options only, and its failures stay the host's (bridge-usage.ts).
 */
function failureCode(argv: readonly string[], commandNames: readonly string[]): UsageCode | undefined {
  const [first, second] = argv;
  if (first === undefined || !givenJson(argv)) return undefined;
  if (first === 'bridge') {
    // `bridge --host vscode --json install`: install named after the options (bridge-option-order.ts).
    if (optionWords(argv).some((word) => BRIDGE_WRITERS.has(word))) return 'CLI_USAGE';
    if (second === undefined || second.startsWith('-')) return undefined;
    return 'BRIDGE_USAGE';
  }
  return WRITING_COMMANDS.has(first) || !commandNames.includes(first) ? 'CLI_USAGE' : undefined;
}

/** A commander error as a coded error for the document, its message without the `error: `. */
function codedUsageError(error: unknown, code: UsageCode): unknown {
  if (!(error instanceof CommanderError)) return error;
  const message = error.message.replace(COMMANDER_PREFIX, '').trim();
  if (code === 'CLI_USAGE') return new CliUsageError(message);
  return Object.assign(new Error(message), { code });
}

/**
 * Prints the failure document of `error`, which stopped the program, when `argv` asks for one
 * and the command has not printed it already. Help and the version (exit 0) are no failure.
 */
export async function printUsageFailureJson(
  argv: readonly string[],
  commandNames: readonly string[],
  error: unknown,
  io: Pick<CliStreams, 'stdout'>,
): Promise<void> {
  if (error instanceof CommanderError && error.exitCode === 0) return;
  const code = failureCode(argv, commandNames);
  if (code === undefined) return;
  // Loaded only on this path: a host starts the CLI on every tool call (commands/index.ts).
  const { failureReported, printFailureJson } = await import('./write/write-json.ts');
  if (failureReported(error)) return;
  printFailureJson(io, codedUsageError(error, code), { notes: [], warnings: [] });
}
