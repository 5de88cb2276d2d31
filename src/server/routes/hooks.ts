import { getConnInfo } from '@hono/node-server/conninfo';
import type { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { ServerContext } from '../context.ts';
import { answerHookRequest } from '../dispatch-request.ts';

/** `POST /hooks/<host>/<event>` (or `/hooks/<host>` with the event in the body). */
export function registerHookRoutes(app: Hono, ctx: ServerContext): void {
  const limit = bodyLimit({
    maxSize: ctx.config().limits.maxBodyBytes,
    onError: (c) => {
      ctx.metrics.requests.inc({ host: c.req.param('host') ?? '', status: '413' });
      return c.text(
        `agent-hooks: the request body is larger than ${ctx.config().limits.maxBodyBytes} bytes; no hook ran\n`,
        413,
      );
    },
  });
  app.post('/hooks/:host/:event?', limit, async (c) => {
    const host = c.req.param('host');
    let machine = c.req.header('x-agent-hooks-machine') ?? null;
    if (!machine) {
      try {
        machine = getConnInfo(c).remote.address ?? null;
      } catch {
        machine = null;
      }
    }
    const answer = await answerHookRequest(ctx, {
      host,
      ...(c.req.param('event') ? { pathEvent: c.req.param('event') } : {}),
      authorization: c.req.header('authorization') ?? null,
      machine,
      body: await c.req.text(),
      ...(c.req.query('timeout') !== undefined ? { timeout: c.req.query('timeout') } : {}),
    });
    ctx.metrics.requests.inc({ host, status: String(answer.status) });
    if (answer.dispatchId) c.header('X-Agent-Hooks-Dispatch', answer.dispatchId);
    if (answer.json) return c.json(answer.json, answer.status as 200);
    return c.text(answer.text ?? '', answer.status as 400);
  });
}
