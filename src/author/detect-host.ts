import { HOSTS, type Host } from './types.ts';

/** Environment variable that names the host explicitly (e.g. in a hook's `env` or command line). */
export const HOST_ENV = 'AGENT_HOOKS_HOST';

export type HostSource = 'option' | 'environment override' | 'payload' | 'environment' | 'default';

export interface DetectedHost {
  host: Host;
  /** How it was decided, for messages. */
  source: HostSource;
}

function isHost(value: unknown): value is Host {
  return typeof value === 'string' && (HOSTS as readonly string[]).includes(value);
}

function hasAny(payload: Record<string, unknown>, keys: readonly string[]): boolean {
  return keys.some((key) => Object.hasOwn(payload, key));
}

/** Keys only Copilot CLI's camelCase payloads use (copilot-cli-observed.md "Payloads"). */
const COPILOT_CAMEL_KEYS = ['sessionId', 'toolName', 'toolArgs', 'toolResult', 'hookName'];

/**
 * The host, from the payload's shape (copilot-cli-observed.md, other-agents-hooks.md §1.3, §2.5,
 * claude-code-observed.md):
 * - `hookEventName`, or `sessionId` beside `transcript_path`: VS Code as its docs show it;
 * - camelCase keys or a numeric `timestamp`: Copilot CLI (camelCase event keys);
 * - `hook_event_name` with an ISO `timestamp`: Copilot CLI's PascalCase keys or VS Code's code
 *   (the same shape), told apart by `COPILOT_CLI=1`, which Copilot CLI sets for every hook;
 * - `hook_event_name` and no `timestamp`: Claude Code, which sends none.
 * Undecided (no JSON object) falls back to the environment: `COPILOT_CLI=1`, else Claude Code.
 */
export function hostFromPayload(payload: unknown, env: NodeJS.ProcessEnv): Host | undefined {
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) return undefined;
  const raw = payload as Record<string, unknown>;
  if (Object.hasOwn(raw, 'hookEventName')) return 'vscode';
  if (Object.hasOwn(raw, 'sessionId') && Object.hasOwn(raw, 'transcript_path')) return 'vscode';
  if (hasAny(raw, COPILOT_CAMEL_KEYS) || typeof raw.timestamp === 'number') return 'copilot-cli';
  if (Object.hasOwn(raw, 'hook_event_name')) {
    if (typeof raw.timestamp === 'string') return env.COPILOT_CLI === '1' ? 'copilot-cli' : 'vscode';
    return 'claude-code';
  }
  return undefined;
}

/** Decides the host: explicit option, then `AGENT_HOOKS_HOST`, then the payload, then the environment. */
export function detectHost(payload: unknown, env: NodeJS.ProcessEnv, option?: Host): DetectedHost {
  if (option !== undefined) return { host: option, source: 'option' };
  const named = env[HOST_ENV];
  if (isHost(named)) return { host: named, source: 'environment override' };
  const fromPayload = hostFromPayload(payload, env);
  if (fromPayload) return { host: fromPayload, source: 'payload' };
  if (env.COPILOT_CLI === '1') return { host: 'copilot-cli', source: 'environment' };
  if (env.CLAUDECODE === '1' || env.CLAUDE_PROJECT_DIR !== undefined)
    return { host: 'claude-code', source: 'environment' };
  return { host: 'claude-code', source: 'default' };
}

/** A valid `AGENT_HOOKS_HOST` value, or a message naming the valid ones. */
export function checkHostOverride(env: NodeJS.ProcessEnv): string | undefined {
  const named = env[HOST_ENV];
  if (named === undefined || named === '' || isHost(named)) return undefined;
  return `${HOST_ENV}=${JSON.stringify(named)} is not a host; use one of ${HOSTS.join(', ')}`;
}
