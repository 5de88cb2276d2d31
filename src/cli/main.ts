#!/usr/bin/env node
import { Command } from 'commander';
import { COMMANDS } from './commands/index.ts';

const program = new Command('agent-hooks')
  .description('One hook engine for every coding agent: run, validate, list and convert hooks.')
  .showSuggestionAfterError(true)
  .showHelpAfterError('(run with --help for usage)');

for (const register of COMMANDS) register(program);

program.parseAsync(process.argv).catch((error: unknown) => {
  process.stderr.write(`agent-hooks: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
