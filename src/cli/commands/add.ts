import type { Command } from 'commander';
import { EVENT_BY_NAME } from '../../events/catalogue.ts';
import type { EventName } from '../../model/event-name.ts';
import type { CliIo } from '../cli-io.ts';
import { resolveEventArg } from '../event-arg.ts';
import type { Said } from '../failure-json.ts';
import { planInstall } from '../init/install.ts';
import { addWhereOptions, placesOf, resolveDestination, type WhereOptions } from '../init/options.ts';
import { programWarnings } from '../init/program-warnings.ts';
import { installSaid, writeAndReport } from '../init/report.ts';
import { CliUsageError } from '../usage-error.ts';
import { reportingFailure } from '../write/write-json.ts';

interface AddOptions extends WhereOptions {
  command: string;
  matcher?: string;
  timeout?: number;
  copilotKeys: 'camel' | 'compat';
}

/** A new hooks file in a folder the host reads whole (.github/hooks/hooks.json). */
const ADD_FILE_NAME = 'hooks';

function parseSeconds(value: string): number {
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds > 0) return seconds;
  throw new CliUsageError(`--timeout takes a number of seconds above 0, not "${value}"`);
}

function parseKeys(value: string): 'camel' | 'compat' {
  if (value === 'camel' || value === 'compat') return value;
  throw new CliUsageError(`--copilot-keys takes camel or compat, not "${value}"`);
}

/** One command hook in Claude Code's settings shape (the writer converts it for the target). */
export function commandHook(
  event: EventName,
  command: string,
  options: { matcher?: string | undefined; timeout?: number | undefined },
): Record<string, unknown[]> {
  if (command.trim() === '') throw new CliUsageError('--command is empty; give the command the host runs');
  if (options.matcher !== undefined && EVENT_BY_NAME[event].matcher.field === null) {
    throw new CliUsageError(
      `${event} takes no matcher (its hooks run on every ${event}); leave out --matcher`,
    );
  }
  const handler = { type: 'command', command, ...(options.timeout ? { timeout: options.timeout } : {}) };
  const group =
    options.matcher === undefined ? { hooks: [handler] } : { matcher: options.matcher, hooks: [handler] };
  return { [event]: [group] };
}

export function registerAddCommand(program: Command, io: CliIo): void {
  addWhereOptions(
    program
      .command('add')
      .description("add one command hook to the host's hook file: merged, $schema set, diff printed")
      .argument('<event>', 'event name in any dialect (PreToolUse, preToolUse, agentStop, …)')
      .requiredOption('--command <cmd>', 'the command the host runs (e.g. ./guard.sh)')
      .option('--matcher <pattern>', 'tool (or source, type, …) the hook is for, e.g. Bash or Write|Edit')
      .option('--timeout <seconds>', 'how long the host lets the command run', parseSeconds)
      .option(
        '--copilot-keys <keys>',
        'Copilot event keys: camel (camelCase payload, the default) or compat (PascalCase, snake_case payload)',
        parseKeys,
        'camel',
      ),
  ).action(async (event: string, options: AddOptions) => {
    // Under --json a failure is still one document, with the notes and warnings said before it.
    let said: Said = { notes: [], warnings: [] };
    await reportingFailure(
      io,
      options.json,
      () => said,
      () => {
        const eventName = resolveEventArg(event);
        const places = placesOf(options, process.env);
        const { destination, detected } = resolveDestination(options, places, ADD_FILE_NAME);
        const notes = detected ? [detected] : [];
        said = { notes, warnings: [] };
        const hooks = commandHook(eventName, options.command, options);
        const plan = planInstall(destination, hooks, [], {
          force: options.force,
          copilotKeys: options.copilotKeys,
          reportLossy: true,
        });
        plan.config.warnings.push(...programWarnings(plan, places));
        said = installSaid(plan, notes);
        writeAndReport(plan, options, io, notes);
      },
    );
  });
}
