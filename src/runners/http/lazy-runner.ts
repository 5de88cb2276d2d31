// The public `createHttpRunner`: undici loads on the first request, not when the root entry is
// imported (DESIGN.md "Fast when idle"), so embedders that never run an HTTP hook never pay for it.
import type { HttpHandler } from '../../model/handler.ts';
import type { RunRequest } from '../types.ts';
import type { HttpRunner, HttpRunnerOptions } from './run-http-handler.ts';

/** Creates an `http` handler runner (SSRF guard, header allowlist, body cap); see docs/http-hooks.md. */
export function createHttpRunner(options: HttpRunnerOptions = {}): HttpRunner {
  let loaded: Promise<HttpRunner> | undefined;
  const load = () => {
    loaded ??= import('./run-http-handler.ts').then((module) => module.createHttpRunner(options));
    return loaded;
  };
  const run = async (request: RunRequest<HttpHandler>) => (await load())(request);
  const close = async () => {
    if (loaded) await (await loaded).close();
  };
  return Object.assign(run, { close });
}
