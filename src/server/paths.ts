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
