import { unwatchFile, watchFile } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { hostname } from 'node:os';
import { dirname, join } from 'node:path';
import { type HookEngineOptions, isHookError } from '../index.ts';
import { type AuditStore, openAuditStore } from './audit/open-store.ts';
import { insertDispatches } from './audit/queries.ts';
import { SqliteWorkerWriter } from './audit/sqlite-worker.ts';
import { AuditWriter, type DrainResult } from './audit/writer.ts';
import { generateToken, hashToken } from './auth.ts';
import { buildContext } from './build-context.ts';
import { loadServerConfig, type ServerConfig, singleTeamConfig } from './config/server-config.ts';
import type { ServerContext } from './context.ts';
import { loadOptional } from './optional-deps.ts';
import { DEFAULT_HOST, DEFAULT_PORT, defaultDatabase, isLoopback, stateDir } from './paths.ts';
import { startRetention } from './retention.ts';
import { handleHookRequest, isHookRequest } from './routes/hooks.ts';
import { shutdownServer } from './shutdown.ts';
import type { ServerFunctionHook, Tenants } from './tenants.ts';

export interface ServerOptions {
  /** A configuration file, or a configuration already loaded. Without one, see `projectDir`. */
  config?: string | ServerConfig;
  /** Without `config`: serve this project's hooks as the one team `local` (default: the cwd). */
  projectDir?: string;
  /** `postgres://…` or a SQLite file; default: the configuration's, else the state directory's. */
  database?: string;
  host?: string;
  /** 0 picks a free port. */
  port?: number;
  /** Serve the inspector at `/` (default true). */
  ui?: boolean;
  /** No tokens: every request belongs to the one team (`inspect`; loopback only). */
  anonymous?: boolean;
  /** Also read this machine's user and managed hook configuration (`inspect`). */
  machineConfig?: boolean;
  functionHooks?: ServerFunctionHook[];
  /** Reload hooks and the configuration file when they change (default true). */
  watch?: boolean;
  /** Subscribe the OpenTelemetry adapter (`agent-hooks/otel`) to every team's engine. */
  otel?: boolean;
  engineOptions?: Partial<HookEngineOptions>;
  /** How long shutdown waits for running dispatches before cancelling their hooks. */
  shutdownGraceMs?: number;
  log?: (line: string) => void;
}

export interface RunningServer {
  readonly url: string;
  readonly port: number;
  readonly serverId: string;
  /** Without a configuration file and not anonymous: the bearer token generated for this run. */
  readonly token?: string;
  /** Stops accepting requests, finishes running dispatches and writes every audit record. */
  close(): Promise<DrainResult>;
}

/** The running server with its internals, for the CLI, the tests and the benchmark. */
export interface ServerInternals extends RunningServer {
  readonly context: ServerContext;
}

/** Starts `agent-hooks serve` (or `inspect`) in this process. */
export function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  return launchServer(options);
}

const CONFIG_POLL_MS = 1_000;
let instances = 0;

type Log = (line: string) => void;

/** A server that never listened has no records to write; its writer gets this long to stop. */
const UNSTARTED_DRAIN_MS = 1_000;

export async function launchServer(options: ServerOptions = {}): Promise<ServerInternals> {
  await loadOptional('hono', () => import('hono'), 'agent-hooks serve');
  const nodeServer = await loadOptional(
    '@hono/node-server',
    () => import('@hono/node-server'),
    'agent-hooks serve',
  );
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const { config, generatedToken } = resolveConfig(options);
  const host = options.host ?? config.listen.host ?? DEFAULT_HOST;
  if (options.anonymous && !isLoopback(host))
    throw new Error(`without tokens the server listens on loopback only, not ${host}`);
  const store = await openAuditStore(options.database ?? config.database ?? defaultDatabase());
  instances += 1;
  // Several servers in one process (tests, embedders) still need their own id in the audit.
  const serverId = `${hostname()}:${process.pid}${instances > 1 ? `#${instances}` : ''}`;
  const { writer, close: closeAudit } = auditWriter(store, serverId, log);
  const current = { config };
  const ctx = await buildContext(options, { current, host, store, writer, serverId, log });
  const { createApp } = await import('./app.ts');
  const appListener = nodeServer.getRequestListener(createApp(ctx).fetch);
  const server = createServer((req, res) => {
    if (isHookRequest(req)) handleHookRequest(ctx, req, res);
    else void appListener(req, res);
  });
  try {
    await listen(server, host, options.port ?? config.listen.port ?? DEFAULT_PORT);
  } catch (error) {
    // Nothing was served: close what was opened (the teams' engines, the audit worker and
    // database), or their handles keep the process alive after the error (`serve` on a port in
    // use printed EADDRINUSE and never exited).
    ctx.closing = true;
    await ctx.tenants.close();
    await writer.drain(Date.now() + UNSTARTED_DRAIN_MS);
    await closeAudit();
    throw error;
  }
  const port = (server.address() as AddressInfo).port;
  const stopRetention = startRetention(store.db, () => current.config.retentionDays, log);
  const stopWatching = (options.watch ?? true) ? watchConfig(current, ctx.tenants, log) : () => undefined;
  let closing: Promise<DrainResult> | undefined;
  const close = () => {
    closing ??= shutdownServer({
      ctx,
      server,
      writer,
      closeAudit,
      stopBackground: () => {
        stopWatching();
        stopRetention();
      },
      graceMs: options.shutdownGraceMs,
      log,
    });
    return closing;
  };
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  return { url, port, serverId, ...(generatedToken ? { token: generatedToken } : {}), context: ctx, close };
}

/** The configuration file or object; without one, this project as the one team `local`. */
function resolveConfig(options: ServerOptions): { config: ServerConfig; generatedToken?: string } {
  if (typeof options.config === 'string') return { config: loadServerConfig(options.config) };
  if (options.config) return { config: options.config };
  const generatedToken = options.anonymous ? undefined : generateToken();
  const config = singleTeamConfig(
    'local',
    options.projectDir ?? process.cwd(),
    generatedToken ? [hashToken(generatedToken)] : [],
  );
  return generatedToken ? { config, generatedToken } : { config };
}

/**
 * The batching audit writer. A SQLite file is written on a worker thread (see
 * SqliteWorkerWriter); PostgreSQL and `:memory:` through the store's own connection.
 */
function auditWriter(
  store: AuditStore,
  serverId: string,
  log: Log,
): { writer: AuditWriter; close: () => Promise<void> } {
  const spillFile = join(
    store.kind === 'sqlite' && store.location !== ':memory:' ? dirname(store.location) : stateDir(),
    `audit-spill-${serverId.replace(/[^A-Za-z0-9.-]/g, '_')}-${Date.now()}.jsonl`,
  );
  const worker =
    store.kind === 'sqlite' && store.location !== ':memory:'
      ? new SqliteWorkerWriter(store.location)
      : undefined;
  const writer = new AuditWriter({
    write: worker ? (rows) => worker.write(rows) : (rows) => insertDispatches(store.db, rows),
    spillFile,
    onSpill: (rows, error) =>
      log(
        `SERVER_AUDIT_SPILLED: ${store.location} refused ${rows} audit records (${(error as Error).message}); they are in ${spillFile}`,
      ),
    onWriteError: (error, rows) =>
      log(
        `SERVER_AUDIT_WRITE_FAILED: ${rows} audit records not yet written to ${store.location}: ${(error as Error).message}; retrying`,
      ),
  });
  return {
    writer,
    close: async () => {
      await worker?.close();
      await store.close();
    },
  };
}

/** Reloads the configuration file when it changes; a bad edit keeps the previous one. Returns a stop. */
function watchConfig(current: { config: ServerConfig }, tenants: Tenants, log: Log): () => void {
  const configFile = current.config.file;
  if (!configFile) return () => undefined;
  watchFile(configFile, { interval: CONFIG_POLL_MS }, () => {
    try {
      const next = loadServerConfig(configFile);
      current.config = next;
      void tenants.apply(next);
      log(`configuration reloaded from ${configFile}`);
    } catch (error) {
      const code = isHookError(error) ? `${error.code}: ` : '';
      log(`${code}${(error as Error).message}\nkeeping the previous configuration`);
    }
  });
  return () => unwatchFile(configFile);
}

function listen(server: Server, host: string, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}
