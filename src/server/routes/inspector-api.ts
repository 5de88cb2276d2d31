import type { Hono } from 'hono';
import { type SSEStreamingApi, streamSSE } from 'hono/streaming';
import { filtersFrom } from '../audit/filters.ts';
import { getDispatch, searchDispatches } from '../audit/queries.ts';
import type { ServerContext } from '../context.ts';
import { HOST_FORMATS } from '../host-formats/index.ts';
import type { LiveDispatch } from '../live-feed.ts';
import { listTenant } from '../tenants.ts';

/** Events a slow inspector may fall behind by before the oldest are dropped (the audit keeps all). */
const LIVE_CLIENT_BACKLOG = 1_000;
/** A comment line now and then keeps proxies from closing an idle event stream. */
const SSE_KEEPALIVE_MS = 15_000;

export function registerInspectorApi(app: Hono, ctx: ServerContext): void {
  app.get('/api/hooks', async (c) => c.json({ serverId: ctx.serverId, teams: await hooksInForce(ctx) }));

  app.get('/api/audit', async (c) => {
    let filters: ReturnType<typeof filtersFrom>;
    try {
      filters = filtersFrom((name) => c.req.query(name));
    } catch (error) {
      return c.json({ error: (error as Error).message }, 400);
    }
    return c.json({ dispatches: await searchDispatches(ctx.store.db, filters) });
  });

  app.get('/api/dispatches/:id', async (c) => {
    const row = await getDispatch(ctx.store.db, c.req.param('id'));
    return row ? c.json(row) : c.json({ error: 'no such dispatch' }, 404);
  });

  app.get('/api/sessions/:id', async (c) => {
    const limit = Number(c.req.query('limit') ?? 1_000);
    const rows = await searchDispatches(ctx.store.db, { session: c.req.param('id'), ascending: true, limit });
    return c.json({ session: c.req.param('id'), dispatches: rows });
  });

  app.get('/api/events', (c) => streamSSE(c, (stream) => streamLive(ctx, stream)));
}

/** Per team and host: the `list --explain` view and the server's in-process function hooks. */
async function hooksInForce(ctx: ServerContext) {
  const teams = [];
  for (const team of ctx.config().teams.values()) {
    const hosts = [];
    for (const format of HOST_FORMATS.values()) {
      const tenant = await ctx.tenants.get(team.name, format.profile);
      if (!tenant) continue;
      const listing = await listTenant(tenant);
      const inProcess = tenant.engine.config.handlers
        .filter((handler) => handler.source.file === '<server>')
        .map((handler) => ({
          event: handler.event,
          matcher: handler.matcher ?? null,
          source: handler.source,
        }));
      hosts.push({
        host: format.name,
        profile: format.profile,
        version: tenant.version,
        listing,
        functionHooks: inProcess,
      });
    }
    teams.push({ team: team.name, hooksDir: team.hooksDir, recordInput: team.recordInput, hosts });
  }
  return teams;
}

/** Sends live dispatches as server-sent events until the client leaves or the server stops. */
async function streamLive(ctx: ServerContext, stream: SSEStreamingApi): Promise<void> {
  const backlog: LiveDispatch[] = [];
  let wake: (() => void) | undefined;
  let shutdown = false;
  const off = ctx.live.connect(
    (item) => {
      if (backlog.length >= LIVE_CLIENT_BACKLOG) backlog.shift();
      backlog.push(item);
      wake?.();
    },
    () => {
      shutdown = true;
      wake?.();
    },
  );
  stream.onAbort(() => {
    off();
    wake?.();
  });
  await stream.writeSSE({ event: 'hello', data: JSON.stringify({ serverId: ctx.serverId }) });
  while (!stream.aborted && !stream.closed && !shutdown) {
    const item = backlog.shift();
    if (item) {
      await stream.writeSSE({ event: 'dispatch', data: JSON.stringify(item) });
      continue;
    }
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, SSE_KEEPALIVE_MS);
      wake = () => {
        clearTimeout(timer);
        wake = undefined;
        resolve();
      };
    });
    if (backlog.length === 0 && !stream.aborted && !shutdown) await stream.write(': keep-alive\n\n');
  }
  off();
  await stream.close();
}
