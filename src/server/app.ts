import { Hono } from 'hono';
import type { ServerContext } from './context.ts';
import { adminGuard, registerLogin } from './routes/admin.ts';
import { registerInspectorApi } from './routes/inspector-api.ts';
import { registerStatic } from './routes/static.ts';
import { degradedTeams } from './team-health.ts';

/**
 * Every route but the hook route (routes/hooks.ts, plain node:http): metrics and health for
 * operators, the inspector and its API for people.
 */
export function createApp(ctx: ServerContext): Hono {
  const app = new Hono();
  app.get('/metrics', (c) =>
    c.text(ctx.metrics.render(), 200, { 'content-type': 'text/plain; version=0.0.4; charset=utf-8' }),
  );
  // A degraded team keeps the answer 200: every server has the same team folders, so a load
  // balancer taking them out would fail every team; monitoring reads `degraded`.
  app.get('/healthz', (c) => {
    const degraded = degradedTeams(ctx.config());
    return c.json({
      ok: true,
      status: degraded.length > 0 ? 'degraded' : 'ok',
      degraded,
      serverId: ctx.serverId,
      inFlight: ctx.gate.running,
      auditQueue: ctx.writer.pending,
    });
  });
  registerLogin(app, ctx);
  const guard = adminGuard(ctx);
  app.use('/', guard);
  app.use('/api/*', guard);
  // The stylesheet stays open: the login page needs it before anyone has signed in.
  app.use('/inspector/app.js', guard);
  registerInspectorApi(app, ctx);
  registerStatic(app, ctx);
  return app;
}
