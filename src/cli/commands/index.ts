import type { Command } from 'commander';
import { registerConvertCommand } from './convert.ts';
import { registerCreateCommand } from './create.ts';
import { registerListCommand } from './list.ts';
import { registerMcpProxyCommand } from './mcp-proxy.ts';
import { registerRunCommand } from './run.ts';
import { registerTrustCommand } from './trust.ts';
import { registerValidateCommand } from './validate.ts';

/** Each CLI command lives in its own file and registers itself on the program. */
export type RegisterCommand = (program: Command) => void;

export const COMMANDS: RegisterCommand[] = [
  registerRunCommand,
  registerValidateCommand,
  registerListCommand,
  registerTrustCommand,
  registerConvertCommand,
  registerCreateCommand,
  registerMcpProxyCommand,
];
