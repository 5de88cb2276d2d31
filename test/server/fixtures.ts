// Helpers for the server tests: a configuration folder with teams laid out like projects, and
// requests the way Claude Code and Copilot CLI send them to an `http` hook.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { hashToken } from '../../src/server/auth.ts';
import { launchServer, type ServerInternals, type ServerOptions } from '../../src/server/start-server.ts';
import { Relay } from '../helpers/pg-relay.ts';
import { type PgCluster, startPostgres } from '../helpers/postgres.ts';

export const TOKEN = 'ah_test-token-payments';
export const OTHER_TOKEN = 'ah_test-token-web';

/** The guard every test team uses: deny `rm -rf`, sleep on `sleep`, block Stop once. */
export const CLAUDE_SETTINGS = {
  hooks: {
    PreToolUse: [
      {
        matcher: 'Bash',
        hooks: [
          {
            type: 'command',
            command:
              'input=$(cat); case "$input" in *"rm -rf"*) echo "Blocked by the team guard: rm -rf" >&2; exit 2;; *"sleep-please"*) sleep 5;; esac; exit 0',
          },
        ],
      },
    ],
    Stop: [{ hooks: [{ type: 'command', command: 'echo "run the tests first" >&2; exit 2' }] }],
  },
};

export interface ConfigDir {
  dir: string;
  configFile: string;
  database: string;
}

/**
 * The server for `config` in this process: on a free port, its configuration not watched and its
 * log discarded unless `options` say otherwise.
 */
export function serveConfigDir(config: ConfigDir, options: ServerOptions = {}): Promise<ServerInternals> {
  return launchServer({
    config: config.configFile,
    database: config.database,
    port: 0,
    watch: false,
    log: () => undefined,
    ...options,
  });
}

/** A server configuration with teams `payments` and `web`, both running CLAUDE_SETTINGS. */
export function makeConfigDir(extra: Record<string, unknown> = {}): ConfigDir {
  const dir = mkdtempSync(join(tmpdir(), 'agent-hooks-server-'));
  for (const team of ['payments', 'web']) {
    mkdirSync(join(dir, 'teams', team, '.claude'), { recursive: true });
    writeFileSync(
      join(dir, 'teams', team, '.claude', 'settings.json'),
      JSON.stringify(CLAUDE_SETTINGS, null, 2),
    );
  }
  const configFile = join(dir, 'agent-hooks.server.json');
  writeFileSync(
    configFile,
    JSON.stringify(
      {
        teams: {
          payments: { tokens: [hashToken(TOKEN)], recordInput: true },
          web: { tokens: [hashToken(OTHER_TOKEN)] },
        },
        ...extra,
      },
      null,
      2,
    ),
  );
  return { dir, configFile, database: join(dir, 'audit.sqlite') };
}

export function claudePreToolUse(command: string, session = 'session-1'): Record<string, unknown> {
  return {
    session_id: session,
    transcript_path: '/tmp/transcript.jsonl',
    cwd: '/work/project',
    permission_mode: 'default',
    hook_event_name: 'PreToolUse',
    tool_name: 'Bash',
    tool_input: { command },
    tool_use_id: 'toolu_1',
  };
}

export function copilotPreToolUse(command: string, session = 'copilot-1'): Record<string, unknown> {
  return {
    sessionId: session,
    timestamp: Date.now(),
    cwd: '/work/project',
    toolName: 'bash',
    toolArgs: { command },
  };
}

/** POSTs like a host's `http` hook: JSON body, the configured Authorization header. */
export async function post(
  url: string,
  body: unknown,
  token: string | null = TOKEN,
  headers: Record<string, string> = {},
): Promise<{ status: number; text: string; json: any; dispatch: string | null }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  let json: any = null;
  try {
    json = JSON.parse(text);
  } catch {}
  return { status: response.status, text, json, dispatch: response.headers.get('x-agent-hooks-dispatch') };
}

/** A test PostgreSQL behind a relay the test can stall, and a server in this process on it. */
export interface RelayedServer {
  cluster: PgCluster;
  relay: Relay;
  config: ConfigDir;
  server: ServerInternals;
  /** The server's log lines so far. */
  lines: string[];
}

/** Starts PostgreSQL, the relay in front of it and a server whose database goes through it. */
export async function serveThroughRelay(options: ServerOptions = {}): Promise<RelayedServer> {
  const cluster = await startPostgres();
  const relay = new Relay(Number(new URL(cluster.url).port));
  const port = await relay.listen();
  const config = makeConfigDir();
  const lines: string[] = [];
  const server = await serveConfigDir(config, {
    database: `postgres://postgres@127.0.0.1:${port}/postgres`,
    log: (line) => lines.push(line),
    ...options,
  });
  return { cluster, relay, config, server, lines };
}
