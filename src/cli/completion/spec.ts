import type { Command, Option } from 'commander';
import { EVENTS } from '../../events/catalogue.ts';
import { PROFILE_NAMES } from '../../model/profile-name.ts';

/** What a shell may complete after one command path (`run`, `bridge install`). */
export interface CommandSpec {
  /** Words from the program name on: `['bridge', 'install']`. */
  path: string[];
  description: string;
  /** Every flag (`--profile`, `-V`), with the words its value can take, or null when it takes a path or free text. */
  options: { flags: string[]; description: string; takesValue: boolean; values: string[] | null }[];
  subcommands: string[];
  /** Words for the command's first positional argument; null when it takes a path or free text. */
  argumentValues: string[] | null;
}

/** Event names a user types: canonical names and Copilot CLI's camelCase keys. */
export function eventWords(): string[] {
  const words = EVENTS.flatMap((row) => [row.name, ...(row.dialects.copilot ? [row.dialects.copilot] : [])]);
  return [...new Set(words)];
}

/**
 * The words a value can take, read off the program itself: commander's `choices`, the host names
 * for `<profile>`/`<host>`, event names for `<event>`, and a `a | b | c` list in the description
 * (how this CLI's options document their values).
 */
function valuesOf(
  name: string,
  description: string,
  choices: readonly string[] | undefined,
): string[] | null {
  if (choices) return [...choices];
  if (/^(profile|host)$/.test(name)) return [...PROFILE_NAMES];
  if (/^event/.test(name)) return eventWords();
  const listed = /:\s*([\w-]+(?:\s*\|\s*[\w-]+)+)/.exec(description)?.[1];
  return listed ? listed.split('|').map((word) => word.trim()) : null;
}

function optionSpec(option: Option): CommandSpec['options'][number] {
  const flags = [option.long, option.short].filter((flag): flag is string => flag !== undefined);
  const takesValue = option.required || option.optional;
  const name = /<([^>]+)>|\[([^\]]+)\]/.exec(option.flags);
  const valueName = (name?.[1] ?? name?.[2] ?? '').replace(/[^\w-].*$/, '');
  return {
    flags,
    description: option.description,
    takesValue,
    values: takesValue ? valuesOf(valueName, option.description, option.argChoices) : null,
  };
}

/** Every command of the program, subcommands included, as the completion scripts need them. */
export function completionSpecs(program: Command): CommandSpec[] {
  const specs: CommandSpec[] = [];
  const visit = (command: Command, path: string[]): void => {
    const argument = command.registeredArguments[0];
    const argName = argument?.name() ?? '';
    specs.push({
      path,
      description: command.description(),
      options: [
        ...command.options.map(optionSpec),
        { flags: ['--help', '-h'], description: 'show help', takesValue: false, values: null },
      ],
      subcommands: command.commands.map((sub) => sub.name()),
      argumentValues: argument ? valuesOf(argName, argument.description, argument.argChoices) : null,
    });
    for (const sub of command.commands) visit(sub, [...path, sub.name()]);
  };
  visit(program, []);
  return specs;
}
