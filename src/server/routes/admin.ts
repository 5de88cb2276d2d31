import type { Context, Hono, MiddlewareHandler } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { bearerToken, hashToken } from '../auth.ts';
import type { ServerContext } from '../context.ts';

const ADMIN_COOKIE = 'agent_hooks_admin';
/** The admin cookie lasts a working day; the token itself does not expire. */
const ADMIN_COOKIE_MAX_AGE_S = 12 * 3600;

function isAdmin(ctx: ServerContext, token: string | null | undefined): boolean {
  if (!token) return false;
  return ctx.config().adminTokenHashes.includes(hashToken(token));
}

/**
 * Guards the inspector and its API: off (404), open (loopback without admin tokens), or an
 * admin token as a bearer header or as the cookie the login form sets.
 */
export function adminGuard(ctx: ServerContext): MiddlewareHandler {
  return async (c, next) => {
    if (ctx.ui === 'off') return c.notFound();
    if (ctx.ui === 'open') return next();
    const token = bearerToken(c.req.header('authorization')) ?? getCookie(c, ADMIN_COOKIE);
    if (isAdmin(ctx, token)) return next();
    if (c.req.path.startsWith('/api/')) return c.json({ error: 'an admin token is required' }, 401);
    return loginPage(c, false);
  };
}

function loginPage(c: Context, failed: boolean) {
  return c.html(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>agent-hooks inspector: sign in</title>
<meta name="viewport" content="width=device-width, initial-scale=1"><link rel="stylesheet" href="/inspector/style.css"></head>
<body><main class="login"><h1>agent-hooks inspector</h1>
<form method="post" action="/login"><label for="token">Admin token</label>
<input id="token" name="token" type="password" autocomplete="current-password" required>
<button type="submit">Sign in</button>${failed ? '<p role="alert">That token is not an admin token.</p>' : ''}</form></main></body></html>`,
    401,
  );
}

export function registerLogin(app: Hono, ctx: ServerContext): void {
  app.post('/login', async (c) => {
    if (ctx.ui !== 'admin') return c.redirect('/', 303);
    const form = await c.req.parseBody();
    const token = typeof form.token === 'string' ? form.token : '';
    if (!isAdmin(ctx, token)) return loginPage(c, true);
    setCookie(c, ADMIN_COOKIE, token, {
      httpOnly: true,
      sameSite: 'Strict',
      path: '/',
      maxAge: ADMIN_COOKIE_MAX_AGE_S,
      secure: new URL(c.req.url).protocol === 'https:',
    });
    return c.redirect('/', 303);
  });
}
