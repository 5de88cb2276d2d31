import { homedir } from 'node:os';
import { join } from 'node:path';

export const DEFAULT_PORT = 8700;
export const DEFAULT_HOST = '127.0.0.1';

/** `$XDG_STATE_HOME/agent-hooks` (default `~/.local/state/agent-hooks`): the audit database and spill files. */
export function stateDir(env: NodeJS.ProcessEnv = process.env): string {
  return join(env.XDG_STATE_HOME || join(homedir(), '.local', 'state'), 'agent-hooks');
}

/** Where `serve`, `inspect` and `audit` keep the audit when no `--database` is given. */
export function defaultDatabase(env: NodeJS.ProcessEnv = process.env): string {
  return join(stateDir(env), 'audit.sqlite');
}

export function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || host === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/** The configuration file `serve`, `audit` and `token` read from the working directory by default. */
export const CONFIG_FILE_NAME = 'agent-hooks.server.json';

/**
 * The database a command means: `--database`, else the configuration file's (`--config`, or
 * `agent-hooks.server.json` in `cwd` when it exists), else the default SQLite file.
 */
export async function resolveDatabase(options: {
  database?: string;
  config?: string;
  cwd?: string;
}): Promise<string> {
  if (options.database) return options.database;
  const { existsSync } = await import('node:fs');
  const { resolve } = await import('node:path');
  const file = options.config ?? resolve(options.cwd ?? process.cwd(), CONFIG_FILE_NAME);
  if (options.config || existsSync(file)) {
    const { loadServerConfig } = await import('./config/server-config.ts');
    const config = loadServerConfig(file);
    if (config.database) return config.database;
  }
  return defaultDatabase();
}
