import { AsyncLocalStorage } from 'node:async_hooks';
import { unwatchFile, watchFile } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { hostname } from 'node:os';
import { dirname, join } from 'node:path';
import type { HookEngineOptions } from '../index.ts';
import { openAuditStore } from './audit/open-store.ts';
import { insertDispatches } from './audit/queries.ts';
import { databaseSessionState, recordConfigVersion, teamOfToken } from './audit/shared-state.ts';
import { AuditWriter, type DrainResult } from './audit/writer.ts';
import { generateToken, hashToken, TokenRegistry } from './auth.ts';
import { loadServerConfig, type ServerConfig, singleTeamConfig } from './config/server-config.ts';
import type { DispatchScope, ServerContext } from './context.ts';
import { ConcurrencyGate } from './limits.ts';
import { LiveFeed } from './live-feed.ts';
import { ServerMetrics } from './metrics.ts';
import { loadOptional } from './optional-deps.ts';
import { DEFAULT_HOST, DEFAULT_PORT, defaultDatabase, isLoopback, stateDir } from './paths.ts';
import { startRetention } from './retention.ts';
import { handleHookRequest, isHookRequest } from './routes/hooks.ts';
import { type ServerFunctionHook, type TenantEngine, Tenants } from './tenants.ts';

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
export const DEFAULT_SHUTDOWN_GRACE_MS = 30_000;
/** After the grace period, cancelled hooks get this long to report before the audit is drained. */
const CANCEL_SETTLE_MS = 10_000;
const DRAIN_DEADLINE_MS = 30_000;

export async function launchServer(options: ServerOptions = {}): Promise<ServerInternals> {
  await loadOptional('hono', () => import('hono'), 'agent-hooks serve');
  const nodeServer = await loadOptional(
    '@hono/node-server',
    () => import('@hono/node-server'),
    'agent-hooks serve',
  );
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  let generatedToken: string | undefined;
  let config: ServerConfig;
  if (typeof options.config === 'string') config = loadServerConfig(options.config);
  else if (options.config) config = options.config;
  else {
    if (!options.anonymous) generatedToken = generateToken();
    config = singleTeamConfig(
      'local',
      options.projectDir ?? process.cwd(),
      generatedToken ? [hashToken(generatedToken)] : [],
    );
  }
  const host = options.host ?? config.listen.host ?? DEFAULT_HOST;
  if (options.anonymous && !isLoopback(host))
    throw new Error(`without tokens the server listens on loopback only, not ${host}`);
  const store = await openAuditStore(options.database ?? config.database ?? defaultDatabase());
  instances += 1;
  // Several servers in one process (tests, embedders) still need their own id in the audit.
  const serverId = `${hostname()}:${process.pid}${instances > 1 ? `#${instances}` : ''}`;
  const metrics = new ServerMetrics();
  const spillFile = join(
    store.kind === 'sqlite' && store.location !== ':memory:' ? dirname(store.location) : stateDir(),
    `audit-spill-${serverId.replace(/[^A-Za-z0-9.-]/g, '_')}-${Date.now()}.jsonl`,
  );
  const writer = new AuditWriter({
    write: (rows) => insertDispatches(store.db, rows),
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
  const scope = new AsyncLocalStorage<DispatchScope>();
  const live = new LiveFeed(scope);
  const otel = (options.otel ?? config.otel) ? await otelSubscriber() : undefined;
  const onEngine = (tenant: TenantEngine, reason: 'created' | 'reloaded') => {
    live.attach(tenant);
    if (otel && reason === 'created') tenant.engine.telemetry.subscribe(otel);
    if (reason === 'reloaded') metrics.reloads.inc({ team: tenant.team.name });
    recordConfigVersion(store.db, { team: tenant.team.name, version: tenant.version, serverId }).catch(
      (error) =>
        log(`team "${tenant.team.name}": configuration version not recorded: ${(error as Error).message}`),
    );
  };
  const tenants = new Tenants(config, {
    ...(options.functionHooks ? { functionHooks: options.functionHooks } : {}),
    watch: options.watch ?? true,
    // Session state lives in the audit database, so servers sharing it agree on every session.
    engineOptions: { sessionState: databaseSessionState(store.db), ...options.engineOptions },
    onEngine,
    onWarning: log,
    ...(options.machineConfig ? { machineConfig: true } : {}),
  });
  const current = { config };
  const tokens = new TokenRegistry({
    configured: () => tokenMap(current.config),
    lookup: (hash) => teamOfToken(store.db, hash),
  });
  const ctx: ServerContext = {
    config: () => current.config,
    tenants,
    tokens,
    store,
    writer,
    gate: new ConcurrencyGate(config.limits.maxConcurrent),
    metrics,
    live,
    scope,
    serverId,
    inFlight: new Set(),
    ...(options.anonymous ? { anonymousTeam: 'local' } : {}),
    ui: uiMode(options, config, host, log),
    closing: false,
  };
  metrics.sample = () => {
    metrics.inFlight.set({}, ctx.gate.running);
    metrics.auditQueue.set({}, writer.pending);
    metrics.auditWritten.set({}, writer.written);
    metrics.auditFailures.set({}, writer.failedBatches);
  };
  // Engines are made before listening, so the first request does not pay for loading hooks.
  await Promise.all(
    [...config.teams.keys()].flatMap((team) =>
      ['claude-code', 'copilot-cli'].map((p) =>
        tenants
          .get(team, p as 'claude-code')
          ?.catch((error) => log(`team "${team}": ${(error as Error).message}`)),
      ),
    ),
  );
  const { createApp } = await import('./app.ts');
  const app = createApp(ctx);
  const appListener = nodeServer.getRequestListener(app.fetch);
  const server = createServer((req, res) => {
    if (isHookRequest(req)) handleHookRequest(ctx, req, res);
    else void appListener(req, res);
  });
  await listen(server, host, options.port ?? config.listen.port ?? DEFAULT_PORT);
  const port = (server.address() as AddressInfo).port;
  const stopRetention = startRetention(store.db, () => current.config.retentionDays, log);
  const configFile = config.file;
  if (configFile && (options.watch ?? true)) {
    watchFile(configFile, { interval: CONFIG_POLL_MS }, () => {
      try {
        const next = loadServerConfig(configFile);
        current.config = next;
        void tenants.apply(next);
        log(`configuration reloaded from ${configFile}`);
      } catch (error) {
        log(`${(error as Error).message}\nkeeping the previous configuration`);
      }
    });
  }
  let closing: Promise<DrainResult> | undefined;
  const close = () => {
    closing ??= shutdown();
    return closing;
  };
  const shutdown = async (): Promise<DrainResult> => {
    ctx.closing = true;
    if (configFile) unwatchFile(configFile);
    stopRetention();
    const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    live.closeAll();
    const grace = options.shutdownGraceMs ?? DEFAULT_SHUTDOWN_GRACE_MS;
    if (!(await settleAll(ctx.inFlight, grace))) {
      log(`shutdown: dispatches still running after ${grace} ms; cancelling their hooks`);
    }
    await tenants.close();
    await settleAll(ctx.inFlight, CANCEL_SETTLE_MS);
    const drained = await writer.drain(Date.now() + DRAIN_DEADLINE_MS);
    if (drained.spilled > 0)
      log(
        `SERVER_AUDIT_SPILLED: ${drained.spilled} audit records could not be written to ${store.location}; they are in ${drained.spillFile} (import them with agent-hooks audit --import)`,
      );
    server.closeAllConnections();
    await stopped;
    await store.close();
    return drained;
  };
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  return { url, port, serverId, ...(generatedToken ? { token: generatedToken } : {}), context: ctx, close };
}

function tokenMap(config: ServerConfig): Map<string, string> {
  const map = new Map<string, string>();
  for (const team of config.teams.values()) for (const hash of team.tokenHashes) map.set(hash, team.name);
  return map;
}

function uiMode(
  options: ServerOptions,
  config: ServerConfig,
  host: string,
  log: (line: string) => void,
): ServerContext['ui'] {
  if (options.ui === false) return 'off';
  if (config.adminTokenHashes.length > 0) return 'admin';
  if (isLoopback(host)) return 'open';
  log(
    `SERVER_UI_LOCKED: the inspector is off: ${host} is not a loopback address and the configuration has no adminTokens`,
  );
  return 'off';
}

async function otelSubscriber() {
  const { createOtelSubscriber } = await import('../otel.ts');
  return createOtelSubscriber();
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

/** Waits until `pending` is empty (entries may be added meanwhile); false after `ms`. */
async function settleAll(pending: Set<Promise<void>>, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (pending.size > 0) {
    const left = deadline - Date.now();
    if (left <= 0 || !(await settleWithin([...pending], left))) return pending.size === 0;
  }
  return true;
}

/** Whether every promise settled within `ms`. */
async function settleWithin(promises: Promise<unknown>[], ms: number): Promise<boolean> {
  if (promises.length === 0) return true;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  const all = Promise.allSettled(promises).then(() => true as const);
  const settled = await Promise.race([all, timeout]);
  clearTimeout(timer);
  return settled;
}
