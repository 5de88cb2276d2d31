import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { buildListing, type Listing } from '../config/generation/listing.ts';
import { loadConfig } from '../config/generation/load-config.ts';
import type { LoadOptions } from '../config/generation/types.ts';
import { prefixedState } from '../engine/session/session-state.ts';
import {
  createHookEngine,
  type EventName,
  type HookEngine,
  type HookEngineOptions,
  type NormalizedHandler,
  type ProfileName,
} from '../index.ts';
import { digest } from './audit/record.ts';
import type { ServerConfig, TeamConfig } from './config/server-config.ts';
import { EngineRetirement } from './engine-retirement.ts';
import { hooksMissing } from './team-health.ts';

type FunctionHandler = Extract<NormalizedHandler, { type: 'function' }>;

/** An in-process hook the embedding program gives the server (`startServer({ functionHooks })`). */
export interface ServerFunctionHook {
  event: EventName;
  /** Matcher as in settings files; omitted = every call. */
  matcher?: string;
  /** Gets the canonical (Claude-style) input; returning false or throwing blocks with `errorMessage`. */
  callback: FunctionHandler['spec']['callback'];
  errorMessage?: string;
  timeoutMs?: number;
  /** Run at most once per session (after its first successful run). */
  once?: boolean;
  /** Only for these teams; default every team. */
  teams?: string[];
}

/** One team's engine for one calling host, with the version of the configuration it runs. */
export interface TenantEngine {
  team: TeamConfig;
  profile: ProfileName;
  engine: HookEngine;
  /** Digest of the hook files in force; changes when a reload changes them. */
  version: string;
  /** The discovery the engine was given, to list its hooks as `list --explain` does. */
  loadOptions: LoadOptions;
}

export interface TenantOptions {
  functionHooks?: ServerFunctionHook[];
  /** Reload each team's hooks when their files change (engine.watch, chokidar). */
  watch?: boolean;
  /** Extra engine options for every team (runners, env, state stores). */
  engineOptions?: Partial<HookEngineOptions>;
  /** Called for every engine created and every reload, e.g. to subscribe to its telemetry. */
  onEngine?: (tenant: TenantEngine, reason: 'created' | 'reloaded') => void;
  onWarning?: (message: string) => void;
  /**
   * Read this machine's user and managed configuration too (`inspect`). A fleet server never
   * does: its teams' hooks must not depend on the machine it runs on.
   */
  machineConfig?: boolean;
}

/** A path that holds no managed settings, so the server never reads its own machine's policy. */
const NO_MANAGED = '/nonexistent/agent-hooks-server/managed';

/**
 * The engines of every team: one per team and calling host (each host has its own profile).
 * A team's folder is laid out like a project; the server's `managed` folder applies to all.
 */
export class Tenants {
  readonly #options: TenantOptions;
  readonly #engines = new Map<string, Promise<TenantEngine>>();
  readonly #retirement = new EngineRetirement();
  #config: ServerConfig;
  #closed = false;

  constructor(config: ServerConfig, options: TenantOptions = {}) {
    this.#config = config;
    this.#options = options;
  }

  get config(): ServerConfig {
    return this.#config;
  }

  /** The engine for `team` under `profile`, created on first use. */
  get(teamName: string, profile: ProfileName): Promise<TenantEngine> | undefined {
    if (this.#closed) return undefined;
    const team = this.#config.teams.get(teamName);
    if (!team) return undefined;
    const key = `${teamName}\u0000${profile}`;
    let tenant = this.#engines.get(key);
    if (!tenant) {
      tenant = this.#create(team, profile);
      this.#engines.set(key, tenant);
      // A failed creation is not cached: the next request tries again.
      tenant.catch(() => this.#engines.delete(key));
    }
    return tenant;
  }

  /**
   * Runs one dispatch on `tenant`'s engine. A reload that replaces the engine meanwhile closes it
   * only after this (and every other dispatch on it) settles, so the hooks decide.
   */
  dispatch<T>(tenant: TenantEngine, run: (engine: HookEngine) => Promise<T>): Promise<T> {
    return this.#retirement.use(tenant.engine, () => run(tenant.engine));
  }

  /** Every engine created so far. */
  async all(): Promise<TenantEngine[]> {
    const settled = await Promise.allSettled(this.#engines.values());
    return settled.flatMap((entry) => (entry.status === 'fulfilled' ? [entry.value] : []));
  }

  /**
   * A new server configuration: engines of removed or changed teams are replaced (made anew on
   * the next request) and closed once the dispatches running on them have settled.
   */
  async apply(config: ServerConfig): Promise<void> {
    const previous = this.#config;
    this.#config = config;
    const closing: Promise<void>[] = [];
    for (const [key, tenant] of this.#engines) {
      const name = key.split('\u0000')[0]!;
      const before = previous.teams.get(name);
      const after = config.teams.get(name);
      if (after && before && after.hooksDir === before.hooksDir && previous.managedDir === config.managedDir)
        continue;
      this.#engines.delete(key);
      closing.push(tenant.then((t) => this.#retirement.retire(t.engine)).catch(() => undefined));
    }
    await Promise.all(closing);
  }

  async close(): Promise<void> {
    this.#closed = true;
    const tenants = await this.all();
    this.#engines.clear();
    await Promise.all([...tenants.map((tenant) => tenant.engine.close()), this.#retirement.closeAll()]);
  }

  async #create(team: TeamConfig, profile: ProfileName): Promise<TenantEngine> {
    const missing = hooksMissing(team);
    if (missing) this.#options.onWarning?.(missing);
    const managed = this.#config.managedDir;
    const isolated = this.#options.machineConfig
      ? {}
      : {
          noUser: true,
          managedDir: managed ?? NO_MANAGED,
          copilotPolicyDir: managed ? join(managed, 'policy.d') : NO_MANAGED,
        };
    const shared = this.#options.engineOptions?.sessionState;
    const engine = await createHookEngine({
      // A tenant's engine is replaced on reload while its hosts' sessions go on: SessionEnd deletes spills.
      keepSpillsOnClose: true,
      ...this.#options.engineOptions,
      // One session may call several teams (managed and project settings each name one): each
      // team keeps its own Stop-block count and `once` claims, as each is its own hook here.
      ...(shared ? { sessionState: prefixedState(shared, `team:${team.name}`) } : {}),
      ...isolated,
      cwd: team.hooksDir,
      projectDir: team.hooksDir,
      profile,
      // The team's folder is the operator's own configuration, not a checked-out repository.
      copilotTrustFolder: true,
      handlers: functionHandlers(this.#options.functionHooks ?? [], team.name),
    });
    const noUser = this.#options.engineOptions?.noUser;
    const loadOptions: LoadOptions = {
      profile,
      cwd: team.hooksDir,
      projectDir: team.hooksDir,
      copilotTrustFolder: true,
      ...(noUser !== undefined ? { noUser } : {}),
      ...isolated,
    };
    const tenant: TenantEngine = {
      team,
      profile,
      engine,
      loadOptions,
      version: await configVersion(loadOptions),
    };
    this.#options.onEngine?.(tenant, 'created');
    if (this.#options.watch) await this.#watch(tenant);
    return tenant;
  }

  async #watch(tenant: TenantEngine): Promise<void> {
    try {
      await tenant.engine.watch({
        onReload: () => {
          void configVersion(tenant.loadOptions).then((version) => {
            tenant.version = version;
            this.#options.onEngine?.(tenant, 'reloaded');
          });
        },
        onError: (error) =>
          this.#options.onWarning?.(`team "${tenant.team.name}": reload failed: ${String(error)}`),
      });
    } catch (error) {
      this.#options.onWarning?.(
        `team "${tenant.team.name}": hooks are not reloaded on change: ${(error as Error).message}`,
      );
    }
  }
}

/** The server's function hooks as engine handlers; `dialect: claude` so they get canonical input. */
function functionHandlers(hooks: ServerFunctionHook[], team: string): NormalizedHandler[] {
  return hooks.flatMap((hook, index): FunctionHandler[] => {
    if (hook.teams && !hook.teams.includes(team)) return [];
    return [
      {
        type: 'function',
        event: hook.event,
        eventKey: hook.event,
        dialect: 'claude',
        source: { file: '<server>', pointer: `/functionHooks/${index}`, scope: 'session' },
        ...(hook.matcher ? { matcher: hook.matcher } : {}),
        ...(hook.timeoutMs !== undefined ? { timeoutMs: hook.timeoutMs } : {}),
        ...(hook.once ? { once: true } : {}),
        spec: {
          id: `server-function-${index}`,
          callback: hook.callback,
          ...(hook.errorMessage ? { errorMessage: hook.errorMessage } : {}),
        },
      },
    ];
  });
}

/** The hooks a tenant runs, as `agent-hooks list --explain` shows them (read anew from its files). */
export async function listTenant(tenant: TenantEngine): Promise<Listing> {
  return buildListing(await loadConfig(tenant.loadOptions), { explain: true });
}

/**
 * Digest of the hook files the configuration reads (path relative to the team folder, and
 * content), so servers on different machines with the same files report the same version.
 */
export async function configVersion(loadOptions: LoadOptions): Promise<string> {
  const generation = await loadConfig(loadOptions);
  const base = loadOptions.projectDir ?? loadOptions.cwd;
  const files = generation.locations
    .filter((location) => location.status === 'found')
    .map((location) => location.path)
    .sort();
  const parts = files.map((file) => {
    let content = '';
    try {
      content = readFileSync(file, 'utf8');
    } catch {
      content = '<unreadable>';
    }
    return `${relative(base, file)}\u0000${content}`;
  });
  return digest(parts.join('\u0001')).slice(0, 16);
}
