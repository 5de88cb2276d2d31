import { existsSync, readFileSync } from 'node:fs';
import type { Hono } from 'hono';
import type { ServerContext } from '../context.ts';

/**
 * The inspector is plain files in the package's `inspector/` folder (no build step), beside the
 * nearest package.json above this code: `src/server/routes/` under tsx, `dist/server/routes/`, or
 * the bundled bin's chunk in `dist/bin/` (scripts/bundle-cli.mjs), each a different depth.
 */
function assetsDir(): URL {
  for (let dir = new URL('./', import.meta.url); dir.pathname !== '/'; dir = new URL('../', dir)) {
    if (existsSync(new URL('package.json', dir))) return new URL('inspector/', dir);
  }
  throw new Error(`no package.json above ${import.meta.url}: the inspector's files are missing`);
}
const ASSETS: Record<string, string> = {
  'index.html': 'text/html; charset=utf-8',
  'app.js': 'text/javascript; charset=utf-8',
  'style.css': 'text/css; charset=utf-8',
};
/** Only our own files and our own origin: the page shows hook output, which may hold markup. */
const CONTENT_SECURITY_POLICY =
  "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

export function registerStatic(app: Hono, _ctx: ServerContext): void {
  const files = new Map<string, string>();
  const assets = assetsDir();
  for (const name of Object.keys(ASSETS)) files.set(name, readFileSync(new URL(name, assets), 'utf8'));
  const send = (name: string) => {
    const body = files.get(name)!;
    return new Response(body, {
      headers: {
        'content-type': ASSETS[name]!,
        'content-security-policy': CONTENT_SECURITY_POLICY,
        'x-content-type-options': 'nosniff',
        'cache-control': 'no-cache',
      },
    });
  };
  app.get('/', () => send('index.html'));
  app.get('/inspector/:file', (c) => {
    const name = c.req.param('file');
    return files.has(name) ? send(name) : c.notFound();
  });
}
