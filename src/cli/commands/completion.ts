import type { Command } from 'commander';
import type { CliIo } from '../cli-io.ts';
import { completionScript, SHELLS, type Shell } from '../completion/scripts.ts';
import { completionSpecs } from '../completion/spec.ts';
import { COMMANDS } from './index.ts';

function parseShell(value: string): Shell {
  if ((SHELLS as readonly string[]).includes(value)) return value as Shell;
  throw new Error(`unknown shell "${value}"; expected one of ${SHELLS.join(', ')}`);
}

/**
 * `agent-hooks completion bash|zsh|fish`. The program loads only the command it runs, so this one
 * registers every other command first: the script is derived from the whole program, never a
 * hand-kept list.
 */
export function registerCompletionCommand(program: Command, io: CliIo): void {
  program
    .command('completion')
    .description('print a shell completion script (commands, options, event names, profiles)')
    .argument('<shell>', `the shell: ${SHELLS.join(' | ')}`)
    .action(async (shell: string) => {
      const chosen = parseShell(shell);
      const loaded = new Set(program.commands.map((command) => command.name()));
      for (const entry of COMMANDS) {
        if (!loaded.has(entry.name)) (await entry.load())(program, io);
      }
      io.stdout(completionScript(chosen, completionSpecs(program)));
    });
}
