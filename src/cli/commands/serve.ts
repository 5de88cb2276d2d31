import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Command } from 'commander';
import { loadOptional } from '../../server/optional-deps.ts';
import type { CliIo } from '../cli-io.ts';
import { parseGraceSeconds, parsePort } from '../port-option.ts';

export interface ServeOptions {
  config?: string;
  database?: string;
  host?: string;
  port?: number;
  ui: boolean;
  watch: boolean;
  otel?: boolean;
  /** `--shutdown-grace`, already in ms. */
  shutdownGrace?: number;
  cwd: string;
  json?: boolean;
}

/** The `http` hook entry a Claude Code settings file needs to call this server. */
function claudeHookLine(url: string): string {
  return JSON.stringify({
    type: 'http',
    url: `${url}/hooks/claude-code/PreToolUse`,
    headers: { Authorization: 'Bearer $AGENT_HOOKS_TOKEN' },
    allowedEnvVars: ['AGENT_HOOKS_TOKEN'],
  });
}

/** Runs the server until SIGTERM or SIGINT; the exit status is 1 when audit records had to be spilled. */
export async function runServe(options: ServeOptions, out: (text: string) => void): Promise<void> {
  const { launchServer } = await loadOptional(
    'kysely',
    () => import('../../server/start-server.ts'),
    'agent-hooks serve',
  );
  const { CONFIG_FILE_NAME } = await import('../../server/paths.ts');
  const cwd = resolve(options.cwd);
  const localConfig = resolve(cwd, CONFIG_FILE_NAME);
  const config = options.config ?? (existsSync(localConfig) ? localConfig : undefined);
  const server = await launchServer({
    ...(config ? { config } : { projectDir: cwd }),
    ...(options.database ? { database: options.database } : {}),
    ...(options.host ? { host: options.host } : {}),
    ...(options.port !== undefined ? { port: options.port } : {}),
    ui: options.ui,
    watch: options.watch,
    ...(options.otel ? { otel: true } : {}),
    ...(options.shutdownGrace !== undefined ? { shutdownGraceMs: options.shutdownGrace } : {}),
  });
  const ctx = server.context;
  const teams = [...ctx.config().teams.keys()];
  if (options.json) {
    out(
      `${JSON.stringify({ url: server.url, port: server.port, serverId: server.serverId, database: ctx.store.location, teams, ui: ctx.ui, ...(server.token ? { token: server.token } : {}) })}\n`,
    );
  } else {
    out(
      `agent-hooks serve: listening on ${server.url}${ctx.ui === 'off' ? '' : ` (inspector at ${server.url}/)`}\n`,
    );
    out(`audit: ${ctx.store.kind} ${ctx.store.location}\nteams: ${teams.join(', ') || '(none)'}\n`);
    if (server.token) {
      out(`\nNo ${CONFIG_FILE_NAME} here, so team "local" serves the hooks of ${cwd}.\n`);
      out(`Token for this run (not stored): export AGENT_HOOKS_TOKEN=${server.token}\n`);
      out(`Claude Code hook entry: ${claudeHookLine(server.url)}\n`);
    }
  }
  await untilSignalled(async (signal) => {
    process.stderr.write(
      `agent-hooks serve: ${signal}: finishing running dispatches and writing the audit…\n`,
    );
    try {
      const drained = await server.close();
      const spilled = drained.spilled ? `, ${drained.spilled} spilled to ${drained.spillFile}` : '';
      process.stderr.write(
        `agent-hooks serve: stopped (${ctx.writer.written} audit records written${spilled})\n`,
      );
      process.exitCode = drained.spilled > 0 ? 1 : 0;
    } catch (error) {
      process.stderr.write(`agent-hooks serve: shutdown failed: ${String(error)}\n`);
      process.exitCode = 1;
    }
    // Everything is written or spilled; a database connection stalled inside a query would
    // otherwise keep the process alive until the supervisor's SIGKILL.
    process.exit();
  });
}

/**
 * Runs `stop` on the first SIGTERM or SIGINT and resolves when it is done. The listeners stay
 * (`on`, not `once`): a second signal while the audit drains must not end the process, and a
 * loader that re-raises signals nobody listens to (tsx) must still see a listener.
 */
export function untilSignalled(stop: (signal: NodeJS.Signals) => Promise<void>): Promise<void> {
  return new Promise<void>((done) => {
    let stopping = false;
    const onSignal = (signal: NodeJS.Signals) => {
      if (stopping) {
        process.stderr.write(
          `agent-hooks: ${signal} again: still finishing; SIGKILL stops at once (audit records may be lost)\n`,
        );
        return;
      }
      stopping = true;
      void stop(signal).then(done);
    };
    process.on('SIGTERM', onSignal);
    process.on('SIGINT', onSignal);
  });
}

export function registerServeCommand(program: Command, io: CliIo): void {
  program
    .command('serve')
    .description(
      'run the hook server that Claude Code and Copilot CLI call as their http hook (docs/server.md)',
    )
    .option('--config <file>', 'server configuration (default: agent-hooks.server.json in --cwd, if present)')
    .option(
      '--database <url>',
      "postgres://… URL or SQLite file (default: the configuration's, else ~/.local/state/agent-hooks/audit.sqlite)",
    )
    .option('--host <address>', 'address to listen on (default 127.0.0.1)')
    .option('--port <port>', 'port to listen on, 0 for any free port (default 8700)', parsePort)
    .option('--no-ui', 'do not serve the inspector at /')
    .option('--no-watch', 'do not reload hooks and the configuration when they change')
    .option('--otel', 'report spans through the OpenTelemetry API (agent-hooks/otel)')
    .option(
      '--shutdown-grace <seconds>',
      "seconds between SIGTERM and the supervisor's SIGKILL; shutdown ends before (default 30)",
      parseGraceSeconds,
    )
    .option(
      '--cwd <dir>',
      'without a configuration file: the project whose hooks team "local" runs',
      process.cwd(),
    )
    .option('--json', 'print one JSON object with the address, database and teams once listening', false)
    .action(async (options: ServeOptions) => {
      await runServe(options, io.stdout);
    });
}
