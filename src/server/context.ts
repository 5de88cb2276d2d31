import type { AsyncLocalStorage } from 'node:async_hooks';
import type { AuditStore } from './audit/open-store.ts';
import type { AuditWriter } from './audit/writer.ts';
import type { TokenRegistry } from './auth.ts';
import type { ServerConfig } from './config/server-config.ts';
import type { ConcurrencyGate } from './limits.ts';
import type { DispatchScope, LiveFeed } from './live-feed.ts';
import type { ServerMetrics } from './metrics.ts';
import type { Tenants } from './tenants.ts';

/** Everything the routes share, built once by `startServer`. */
export interface ServerContext {
  readonly config: () => ServerConfig;
  readonly tenants: Tenants;
  readonly tokens: TokenRegistry;
  readonly store: AuditStore;
  readonly writer: AuditWriter;
  readonly gate: ConcurrencyGate;
  readonly metrics: ServerMetrics;
  readonly live: LiveFeed;
  readonly scope: AsyncLocalStorage<DispatchScope>;
  /** Host name and pid, written into every audit row. */
  readonly serverId: string;
  /** Dispatches still running (awaited on shutdown, so their audit rows are written). */
  readonly inFlight: Set<Promise<void>>;
  /** `inspect` and token-less local runs: every request belongs to this team without a token. */
  readonly anonymousTeam?: string;
  /** Whether the inspector and its API answer, and whether they need an admin token. */
  readonly ui: 'off' | 'open' | 'admin';
  /** Set on shutdown: new hook requests are refused (503, connection closed) and run nothing. */
  closing: boolean;
}

export type { DispatchScope };
