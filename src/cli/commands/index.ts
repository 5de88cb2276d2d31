import type { Command } from 'commander';
import { registerRunCommand } from './run.ts';

/** Each CLI command lives in its own file and registers itself on the program. */
export type RegisterCommand = (program: Command) => void;

export const COMMANDS: RegisterCommand[] = [
  registerRunCommand,
];
