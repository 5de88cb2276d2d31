import { AsyncLocalStorage } from 'node:async_hooks';
import type { HookEngineOptions } from '../index.ts';
import type { AuditStore } from './audit/open-store.ts';
import { databaseSessionState, recordConfigVersion, teamOfToken } from './audit/shared-state.ts';
import type { AuditWriter } from './audit/writer.ts';
import { TokenRegistry } from './auth.ts';
import type { ServerConfig } from './config/server-config.ts';
import type { DispatchScope, ServerContext } from './context.ts';
import { ConcurrencyGate, teamShare } from './limits.ts';
import { LiveFeed } from './live-feed.ts';
import { ServerMetrics } from './metrics.ts';
import { isLoopback } from './paths.ts';
import { type ServerFunctionHook, type TenantEngine, Tenants } from './tenants.ts';
import { conflictCheck, reportedLookup } from './token-lookup.ts';

type Log = (line: string) => void;

/** The `ServerOptions` the context is made from. */
interface ContextOptions {
  anonymous?: boolean;
  ui?: boolean;
  machineConfig?: boolean;
  functionHooks?: ServerFunctionHook[];
  watch?: boolean;
  otel?: boolean;
  engineOptions?: Partial<HookEngineOptions>;
}

export interface ContextParts {
  current: { config: ServerConfig };
  host: string;
  store: AuditStore;
  writer: AuditWriter;
  serverId: string;
  log: Log;
}

/** The routes' shared context, with every configured team's engines already loaded. */
export async function buildContext(options: ContextOptions, parts: ContextParts): Promise<ServerContext> {
  const { current, store, writer, serverId, log } = parts;
  const config = current.config;
  const metrics = new ServerMetrics();
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
  const teamInDatabase = (hash: string) => teamOfToken(store.db, hash);
  const tenants = new Tenants(config, {
    ...(options.functionHooks ? { functionHooks: options.functionHooks } : {}),
    watch: options.watch ?? true,
    // Session state lives in the audit database, so servers sharing it agree on every session.
    engineOptions: { sessionState: databaseSessionState(store.db), ...options.engineOptions },
    onEngine,
    onWarning: log,
    ...(options.machineConfig ? { machineConfig: true } : {}),
  });
  const ctx: ServerContext = {
    config: () => current.config,
    tenants,
    tokens: new TokenRegistry({
      configured: () => tokenMap(current.config),
      lookup: reportedLookup(teamInDatabase, store.location, log),
      checkConfigured: conflictCheck(teamInDatabase, store.location, log),
    }),
    store,
    writer,
    gate: new ConcurrencyGate(config.limits.maxConcurrent, () =>
      teamShare(config.limits.maxConcurrent, config.limits.maxConcurrentPerTeam, current.config.teams.size),
    ),
    metrics,
    live,
    scope,
    serverId,
    inFlight: new Set(),
    ...(options.anonymous ? { anonymousTeam: 'local' } : {}),
    ui: uiMode(options, config, parts.host, log),
    closing: false,
  };
  metrics.sample = () => {
    metrics.inFlight.set({}, ctx.gate.running);
    metrics.auditQueue.set({}, writer.pending);
    metrics.auditWritten.set({}, writer.written);
    metrics.auditFailures.set({}, writer.failedBatches);
  };
  await loadEngines(config, tenants, log);
  return ctx;
}

/** Engines are made before listening, so the first request does not pay for loading hooks. */
async function loadEngines(config: ServerConfig, tenants: Tenants, log: Log): Promise<void> {
  await Promise.all(
    [...config.teams.keys()].flatMap((team) =>
      (['claude-code', 'copilot-cli'] as const).map((profile) =>
        tenants.get(team, profile)?.catch((error) => log(`team "${team}": ${(error as Error).message}`)),
      ),
    ),
  );
}

/** One map per configuration read: a reload makes a new one, which the token registry notices. */
const tokenMaps = new WeakMap<ServerConfig, Map<string, string>>();

function tokenMap(config: ServerConfig): Map<string, string> {
  let map = tokenMaps.get(config);
  if (map) return map;
  map = new Map<string, string>();
  for (const team of config.teams.values()) for (const hash of team.tokenHashes) map.set(hash, team.name);
  tokenMaps.set(config, map);
  return map;
}

function uiMode(
  options: ContextOptions,
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
