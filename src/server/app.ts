import { Hono } from 'hono';
import type { ServerContext } from './context.ts';
import { adminGuard, registerLogin } from './routes/admin.ts';
import { registerInspectorApi } from './routes/inspector-api.ts';
import { registerStatic } from './routes/static.ts';

/**
 * Every route but the hook route (routes/hooks.ts, plain node:http): metrics and health for
 * operators, the inspector and its API for people.
 */
export function createApp(ctx: ServerContext): Hono {
  const app = new Hono();
  app.get('/metrics', (c) =>
    c.text(ctx.metrics.render(), 200, { 'content-type': 'text/plain; version=0.0.4; charset=utf-8' }),
  );
  app.get('/healthz', (c) =>
    c.json({ ok: true, serverId: ctx.serverId, inFlight: ctx.gate.running, auditQueue: ctx.writer.pending }),
  );
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
