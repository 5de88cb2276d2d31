import { resolve } from 'node:path';
import type { Command } from 'commander';
import { loadOptional } from '../../server/optional-deps.ts';
import type { CliIo } from '../cli-io.ts';
import { parsePort } from '../port-option.ts';
import { untilSignalled } from './serve.ts';

export interface InspectOptions {
  cwd: string;
  port?: number;
  database?: string;
  user: boolean;
  json?: boolean;
}

/**
 * The inspector for one project on this machine: its hooks as `list --explain` shows them (with
 * the machine's user and managed configuration), and the dispatches hosts send to it, on
 * 127.0.0.1 without tokens.
 */
export async function runInspect(options: InspectOptions, out: (text: string) => void): Promise<void> {
  const { launchServer } = await loadOptional(
    'kysely',
    () => import('../../server/start-server.ts'),
    'agent-hooks inspect',
  );
  const cwd = resolve(options.cwd);
  const server = await launchServer({
    projectDir: cwd,
    anonymous: true,
    machineConfig: true,
    host: '127.0.0.1',
    port: options.port ?? 0,
    ...(options.database ? { database: options.database } : {}),
    ...(options.user ? {} : { engineOptions: { noUser: true } }),
  });
  if (options.json) out(`${JSON.stringify({ url: server.url, port: server.port, project: cwd })}\n`);
  else {
    out(`agent-hooks inspect: ${cwd}\ninspector: ${server.url}/\n`);
    out(
      `hosts can call ${server.url}/hooks/claude-code/<Event> or /hooks/copilot-cli/<event> (no token needed on loopback)\n`,
    );
  }
  await untilSignalled(async () => {
    await server.close();
  });
}

export function registerInspectCommand(program: Command, io: CliIo): void {
  program
    .command('inspect')
    .description('open the live inspector for one project on 127.0.0.1: its hooks, dispatches and audit')
    .option('--cwd <dir>', 'project directory', process.cwd())
    .option('--port <port>', 'port (default: any free port)', parsePort)
    .option('--database <file>', 'audit database (default ~/.local/state/agent-hooks/audit.sqlite)')
    .option('--no-user', 'ignore user-level configuration in the home directory')
    .option('--json', 'print one JSON object with the address once listening', false)
    .action(async (options: InspectOptions) => {
      await runInspect(options, io.stdout);
    });
}
