// Under --json every command that takes it prints exactly one JSON document on stdout, whatever
// stops it (failure-json.ts). A writing command's action prints its failure document itself, with
// what it said before it failed; for everything else that stops a command before it printed its
// own document (a command line commander rejects, an option value a parser refused, an error its
// action throws, a directory that is gone) the program prints it here.
import { type Command, CommanderError } from 'commander';
import type { CliStreams } from './cli-io.ts';
import type { FailureFields } from './failure-json.ts';
import { CliUsageError } from './usage-error.ts';

const WRITTEN: FailureFields = { said: { notes: [], warnings: [] } };
const DIAGNOSTICS: FailureFields = { listedIn: 'diagnostics' };
/** Each command's fields beside `error` (failure-json.ts); any other command has none. */
const FIELDS: Readonly<Record<string, FailureFields>> = {
  init: WRITTEN,
  add: WRITTEN,
  schema: WRITTEN,
  'bridge install': WRITTEN,
  'bridge uninstall': WRITTEN,
  run: DIAGNOSTICS,
  validate: DIAGNOSTICS,
  list: DIAGNOSTICS,
  trust: DIAGNOSTICS,
  convert: DIAGNOSTICS,
  // `test --reporter json` lists the scenario files it could not read in `errors`.
  test: { listedIn: 'errors' },
};
const BRIDGE_WRITERS: ReadonlySet<string> = new Set(['install', 'uninstall']);
/** After this argument every word is an operand, `--json` too. */
const END_OF_OPTIONS = '--';
const COMMANDER_PREFIX = /^error: /;

/** The words before `--`. */
function optionWords(argv: readonly string[]): readonly string[] {
  const end = argv.indexOf(END_OF_OPTIONS);
  return end < 0 ? argv : argv.slice(0, end);
}

/** `--json`, or `test`'s `--reporter json`, before any `--`. */
function givenJson(argv: readonly string[]): boolean {
  const words = optionWords(argv);
  return (
    words.includes('--json') ||
    words.includes('--reporter=json') ||
    words.some((word, at) => word === '--reporter' && words[at + 1] === 'json')
  );
}

function takesJson(command: Command): boolean {
  return command.options.some((option) => option.long === '--json' || option.long === '--reporter');
}

type UsageCode = 'CLI_USAGE' | 'BRIDGE_USAGE';

interface Target {
  code: UsageCode;
  fields: FailureFields;
}

/** A command the CLI does not have may be a typo of a writing command: its fields, as always. */
const UNKNOWN: Target = { code: 'CLI_USAGE', fields: WRITTEN };

/**
 * The document `argv` asks for, if any: `--json` given to a command that takes it, or to a
 * command (or subcommand) the CLI does not have, which may be a typo of one. `bridge` with a word
 * after it is `bridge install`, `bridge uninstall` or a typo of them, which `bridge` itself
 * rejects as BRIDGE_USAGE; the bridge a host starts has options only, and its failures stay the
 * host's (bridge-usage.ts), with stdout empty.
 */
function targetOf(argv: readonly string[], program: Command): Target | undefined {
  const [first, second] = argv;
  if (first === undefined || !givenJson(argv)) return undefined;
  if (first === 'bridge') {
    // install or uninstall, named first or after the options (`bridge --host vscode --json
    // install`, bridge-option-order.ts); else a typo of them, which `bridge` rejects itself.
    if (optionWords(argv).some((word) => BRIDGE_WRITERS.has(word)))
      return { code: 'CLI_USAGE', fields: WRITTEN };
    if (second === undefined || second.startsWith('-')) return undefined;
    return { code: 'BRIDGE_USAGE', fields: WRITTEN };
  }
  const command = program.commands.find((each) => each.name() === first);
  if (command === undefined || first === 'help') return UNKNOWN;
  if (command.commands.length === 0) return commandTarget(command, first);
  const sub = command.commands.find((each) => each.name() === second);
  return sub === undefined ? UNKNOWN : commandTarget(sub, `${first} ${second}`);
}

function commandTarget(command: Command, path: string): Target | undefined {
  if (!takesJson(command)) return undefined;
  return { code: 'CLI_USAGE', fields: FIELDS[path] ?? 'error-only' };
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
 * and nothing is on stdout yet (`printed`: the command's own document, or a writing command's
 * failure document, is there already). Help and the version (exit 0) are no failure.
 */
export async function printUsageFailureJson(
  argv: readonly string[],
  program: Command,
  error: unknown,
  io: Pick<CliStreams, 'stdout'>,
  printed: boolean,
): Promise<void> {
  if (printed || (error instanceof CommanderError && error.exitCode === 0)) return;
  const target = targetOf(argv, program);
  if (target === undefined) return;
  // Loaded only on this path: a host starts the CLI on every tool call (commands/index.ts).
  const { printFailureJson } = await import('./failure-json.ts');
  printFailureJson(io, codedUsageError(error, target.code), target.fields);
}
