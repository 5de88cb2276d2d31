import type { Command } from 'commander';
import type { CliIo } from '../cli-io.ts';
import { registerAuditCommand } from './audit.ts';
import { registerBridgeCommand } from './bridge.ts';
import { registerConvertCommand } from './convert.ts';
import { registerCreateCommand } from './create.ts';
import { registerDoctorCommand } from './doctor.ts';
import { registerInspectCommand } from './inspect.ts';
import { registerListCommand } from './list.ts';
import { registerMcpProxyCommand } from './mcp-proxy.ts';
import { registerRunCommand } from './run.ts';
import { registerServeCommand } from './serve.ts';
import { registerTestCommand } from './test.ts';
import { registerTokenCommand } from './token.ts';
import { registerTrustCommand } from './trust.ts';
import { registerValidateCommand } from './validate.ts';

/** Each CLI command lives in its own file and registers itself on the program. */
export type RegisterCommand = (program: Command, io: CliIo) => void;

export const COMMANDS: RegisterCommand[] = [
  registerRunCommand,
  registerValidateCommand,
  registerListCommand,
  registerTestCommand,
  registerTrustCommand,
  registerConvertCommand,
  registerCreateCommand,
  registerDoctorCommand,
  registerMcpProxyCommand,
  registerBridgeCommand,
  // The fleet server: each loads its packages only when run (src/server/, agent-hooks/server).
  registerServeCommand,
  registerInspectCommand,
  registerAuditCommand,
  registerTokenCommand,
];
