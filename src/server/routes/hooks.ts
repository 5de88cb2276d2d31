import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ServerContext } from '../context.ts';
import { answerHookRequest, type HookAnswer } from '../dispatch-request.ts';

const HOOKS_PREFIX = '/hooks/';

/** Whether a request is for the hook route, which is served without the framework (see below). */
export function isHookRequest(req: IncomingMessage): boolean {
  return req.method === 'POST' && (req.url ?? '').startsWith(HOOKS_PREFIX);
}

/**
 * `POST /hooks/<host>/<event>` (or `/hooks/<host>` with the event in the body), on plain
 * node:http rather than through Hono: this route carries the fleet's traffic, and building a
 * web Request, stream and AbortSignal per call cost about a quarter of its CPU (bench:serve).
 * Everything else (inspector, API, metrics) goes through the Hono app.
 */
export function handleHookRequest(ctx: ServerContext, req: IncomingMessage, res: ServerResponse): void {
  // Split by hand: a WHATWG URL per request costs microseconds this route does not need.
  const target = req.url ?? '/';
  const queryAt = target.indexOf('?');
  const pathname = queryAt < 0 ? target : target.slice(0, queryAt);
  const query = queryAt < 0 ? undefined : new URLSearchParams(target.slice(queryAt + 1));
  const [host = '', event] = pathname.slice(HOOKS_PREFIX.length).split('/');
  const max = ctx.config().limits.maxBodyBytes;
  const tooLarge = () => {
    ctx.metrics.requests.inc({ host, status: '413' });
    send(res, {
      status: 413,
      text: `agent-hooks: the request body is larger than ${max} bytes; no hook ran\n`,
      closeConnection: true,
    });
    req.resume();
  };
  if (Number(req.headers['content-length'] ?? 0) > max) {
    tooLarge();
    return;
  }
  const chunks: Buffer[] = [];
  let size = 0;
  let refused = false;
  req.on('data', (chunk: Buffer) => {
    if (refused) return;
    size += chunk.length;
    if (size > max) {
      refused = true;
      tooLarge();
    } else chunks.push(chunk);
  });
  req.on('end', () => {
    if (refused) return;
    const header = req.headers['x-agent-hooks-machine'];
    answerHookRequest(ctx, {
      host,
      ...(event ? { pathEvent: decodePathSegment(event) } : {}),
      authorization: req.headers.authorization ?? null,
      machine: (typeof header === 'string' && header) || req.socket.remoteAddress || null,
      body: Buffer.concat(chunks, size).toString('utf8'),
      ...(query?.has('timeout') ? { timeout: query.get('timeout')! } : {}),
    }).then(
      (answer) => {
        ctx.metrics.requests.inc({ host, status: String(answer.status) });
        send(res, answer, ctx.closing);
      },
      (error: unknown) => {
        ctx.metrics.requests.inc({ host, status: '500' });
        send(res, { status: 500, text: `agent-hooks: ${(error as Error).message}\n` });
      },
    );
  });
}

function send(res: ServerResponse, answer: HookAnswer, closing = false): void {
  if (res.headersSent) return;
  const json = answer.json !== undefined;
  const body = json ? JSON.stringify(answer.json) : (answer.text ?? '');
  const headers: Record<string, string | number> = {
    'content-type': json ? 'application/json' : 'text/plain; charset=utf-8',
    'content-length': Buffer.byteLength(body),
  };
  if (answer.dispatchId) headers['x-agent-hooks-dispatch'] = answer.dispatchId;
  if (answer.closeConnection || closing) headers.connection = 'close';
  res.writeHead(answer.status, headers).end(body);
}

/**
 * The event name from the path. Malformed percent-encoding stays as sent, so it is answered as
 * an unknown event (400) instead of throwing out of the request handler and ending the process.
 */
function decodePathSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
