// Commander lets the last of an option given twice win without a word, so a slip such as
// `run --profile claude-code --profile vscode` ran the other host's semantics, and
// `bridge --host claude-code install --host vscode` configured the other host. Every option that
// takes one value is refused when given twice with different values (README "CLI"); the same
// value twice is harmless. An option meant to repeat is declared with `collect` (or variadic).
import { isDeepStrictEqual } from 'node:util';
import type { Command, Option } from 'commander';

/** The parser of a repeatable option: each value is added to the list (`--settings A --settings B`). */
export function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

/** Commander's code for the error, which `--json` reports as CLI_USAGE (usage-json.ts). */
const REPEATED_CODE = 'agent-hooks.optionRepeated';

interface Given {
  /** The words as typed: the value, or the flag itself for an option without one. */
  shown: string;
  value: unknown;
}

function repeatable(option: Option): boolean {
  return option.variadic || option.parseArg === collect;
}

/** `command` and every command under it. */
function everyCommand(command: Command): Command[] {
  return [command, ...command.commands.flatMap(everyCommand)];
}

function conflictMessage(option: Option, first: Given, second: Given): string {
  const name = option.long ?? option.flags;
  if (!(option.required || option.optional))
    return `${first.shown} and ${second.shown} are both given: they contradict each other; give one`;
  return `${name} is given twice, as ${first.shown} and ${second.shown}: it takes one value, and the last would silently win; give it once`;
}

/**
 * Watches every single-value option of `program` and its commands as commander reads them, and
 * refuses the command line, before the command's action, when one is given twice with different
 * values. Options are compared by the value they set, across a command and the commands above it:
 * `bridge install --host` and `bridge --host` set one value. The error is the action command's
 * own usage error (`bridge`'s is the host's crashed hook, bridge-usage.ts), exit 1.
 */
export function refuseRepeatedOptions(program: Command): void {
  const given = new Map<string, Given>();
  let conflict: string | undefined;
  for (const command of everyCommand(program))
    for (const option of command.options) {
      if (repeatable(option)) continue;
      const key = option.attributeName();
      // Registered after commander's own listener (added with the option): the value is set.
      command.on(`option:${option.name()}`, (raw?: string | null) => {
        const now = { shown: raw ?? option.long ?? option.flags, value: command.getOptionValue(key) };
        const before = given.get(key);
        if (before && !isDeepStrictEqual(before.value, now.value))
          conflict ??= conflictMessage(option, before, now);
        given.set(key, now);
      });
    }
  program.hook('preAction', (_program, action) => {
    // Worded as commander's own usage errors, which start `error: `.
    if (conflict !== undefined) action.error(`error: ${conflict}`, { code: REPEATED_CODE });
  });
}
