import { Agent, type Dispatcher, fetch, Headers, Pool, ProxyAgent, type Response } from 'undici';
import type { HttpHandler } from '../../model/handler.ts';
import { type HandlerRunner, type RunnerResult, type RunRequest, runnerResult } from '../types.ts';
import { checkCopilotUrl } from './copilot-rules.ts';
import { type Connector, createGuardedConnector, type HostLookup } from './guarded-connector.ts';
import { effectiveAllowedEnvVars, interpolateHeaders } from './header-env.ts';
import { classifyResponse, failureFromError, type HttpVerdict } from './http-outcome.ts';
import { proxyForUrl, redactProxy } from './proxy-config.ts';
import { HTTP_MAX_BODY_BYTES, readCappedBody } from './read-capped-body.ts';
import { checkUrlAllowlist } from './url-allowlist.ts';

export interface HttpRunnerOptions {
  /** Resolver for hostnames (all addresses). Default: `dns.lookup` with `all: true`. */
  lookup?: HostLookup;
  /** Opens the socket once the guard has vetted the address. Default: undici `buildConnector()`. */
  connector?: Connector;
  /** Environment for header interpolation, proxy variables and Copilot switches; default `request.env`. */
  env?: NodeJS.ProcessEnv;
  /** Response body cap in bytes; default {@link HTTP_MAX_BODY_BYTES}. */
  maxBodyBytes?: number;
}

/** An HTTP runner; `close()` drops its pooled keep-alive connections and aborts requests in flight. */
export type HttpRunner = HandlerRunner<HttpHandler> & { close(): Promise<void> };

/** setTimeout fires at once for delays beyond a signed 32-bit millisecond count. */
const MAX_TIMER_MS = 2 ** 31 - 1;

interface Clock {
  started: number;
}

function result(clock: Clock, fields: Partial<RunnerResult>): RunnerResult {
  return runnerResult({ durationMs: Math.round(performance.now() - clock.started), ...fields });
}

function fromVerdict(clock: Clock, verdict: HttpVerdict, notes: string[]): RunnerResult {
  const extra = notes.length > 0 ? { notes } : {};
  return result(clock, { ...verdict, ...extra });
}

/**
 * Creates the `http` handler runner (claude-code-hooks.md §4.3, §3.3). Checks run before any
 * I/O in this order: URL syntax, `allowedHttpHookUrls`, Copilot transport rules; then the
 * payload is POSTed through an undici `Agent` whose connect step is the SSRF guard (bypassed
 * only when a proxy applies). Redirects are never followed and the body is capped.
 */
export function createHttpRunner(options: HttpRunnerOptions = {}): HttpRunner {
  const maxBodyBytes = options.maxBodyBytes ?? HTTP_MAX_BODY_BYTES;
  let guarded: Agent | undefined;
  const guardedAgent = (): Agent => {
    guarded ??= new Agent({
      connect: createGuardedConnector({ lookup: options.lookup, connector: options.connector }),
    });
    return guarded;
  };
  const proxyAgent = (uri: string): ProxyAgent => {
    const connect = options.connector;
    // The proxy's own address is not vetted (it resolves names for us), but an injected
    // connector still opens the socket, so tests observe every connection.
    return new ProxyAgent(
      connect ? { uri, clientFactory: (origin, opts) => new Pool(origin, { ...opts, connect }) } : { uri },
    );
  };

  const run = async (request: RunRequest<HttpHandler>): Promise<RunnerResult> => {
    const clock: Clock = { started: performance.now() };
    const { handler, policy } = request;
    const env = options.env ?? request.env ?? process.env;
    const notes: string[] = [];
    if (request.signal.aborted) return result(clock, { cancelled: true });

    let url: URL;
    try {
      url = new URL(handler.spec.url);
    } catch {
      return failure(
        clock,
        'RUNNER_HTTP_INVALID_REQUEST',
        `HTTP hook url is not a valid URL: ${handler.spec.url}`,
      );
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      return failure(
        clock,
        'RUNNER_HTTP_INVALID_REQUEST',
        `HTTP hook url must be http(s), got ${url.protocol}`,
      );
    }
    const listed = checkUrlAllowlist(handler.spec.url, policy.allowedHttpHookUrls);
    if (!listed.allowed) return failure(clock, 'SECURITY_URL_NOT_ALLOWED', listed.message);
    const copilot = checkCopilotUrl(url, handler.dialect, handler.event, handler.spec.allowedEnvVars, env);
    if (!copilot.allowed) return failure(clock, 'SECURITY_HTTPS_REQUIRED', copilot.message);

    const allowedVars = effectiveAllowedEnvVars(handler.spec.allowedEnvVars, policy.httpHookAllowedEnvVars);
    const interpolated = interpolateHeaders(handler.spec.headers, allowedVars, env);
    if (interpolated.withheld.length > 0) {
      notes.push(
        `header variables not in allowedEnvVars were replaced by "": ${interpolated.withheld.join(', ')}`,
      );
    }
    if (interpolated.unset.length > 0) {
      notes.push(`allowed header variables unset in the environment: ${interpolated.unset.join(', ')}`);
    }
    let headers: Headers;
    try {
      headers = new Headers(interpolated.headers);
      headers.set('content-type', 'application/json');
    } catch (error) {
      return failure(
        clock,
        'RUNNER_HTTP_INVALID_REQUEST',
        `HTTP hook headers are invalid: ${(error as Error).message}`,
      );
    }

    const proxy = proxyForUrl(url, env);
    let dispatcher: Dispatcher = guardedAgent();
    if (proxy) {
      notes.push(`SSRF guard bypassed: sent through proxy ${redactProxy(proxy.uri)} (${proxy.variable})`);
      try {
        dispatcher = proxyAgent(proxy.uri);
      } catch (error) {
        const message = `${proxy.variable} is not a usable proxy URL: ${(error as Error).message}`;
        return failure(clock, 'RUNNER_HTTP_INVALID_REQUEST', message, notes);
      }
    }

    const timeout = new AbortController();
    const abort = new AbortController();
    const onCancel = () => abort.abort(request.signal.reason);
    request.signal.addEventListener('abort', onCancel, { once: true });
    const timer = setTimeout(
      () => {
        timeout.abort();
        abort.abort(new DOMException('HTTP hook timed out', 'TimeoutError'));
      },
      Math.min(request.timeoutMs, MAX_TIMER_MS),
    );
    try {
      const response: Response = await fetch(url, {
        method: 'POST',
        headers,
        body: request.payloadJson,
        redirect: 'manual',
        signal: abort.signal,
        dispatcher,
      });
      const body = await readCappedBody(response, maxBodyBytes);
      return fromVerdict(clock, classifyResponse(response, body, maxBodyBytes), notes);
    } catch (error) {
      const extra = notes.length > 0 ? { notes } : {};
      if (timeout.signal.aborted) {
        return result(clock, {
          timedOut: true,
          stderr: `HTTP hook timed out after ${request.timeoutMs} ms`,
          ...extra,
        });
      }
      if (request.signal.aborted) return result(clock, { cancelled: true, ...extra });
      return fromVerdict(clock, failureFromError(error, url), notes);
    } finally {
      clearTimeout(timer);
      request.signal.removeEventListener('abort', onCancel);
      if (dispatcher !== guarded) void dispatcher.destroy().catch(() => undefined);
    }
  };

  return Object.assign(run, {
    // destroy, not close: close() would wait for a connect attempt still resolving a name.
    close: async () => {
      const agent = guarded;
      guarded = undefined;
      await agent?.destroy();
    },
  });
}

function failure(clock: Clock, code: string, message: string, notes: string[] = []): RunnerResult {
  return result(clock, { failure: { code, message }, ...(notes.length > 0 ? { notes } : {}) });
}

/** The process-wide runner with real DNS and sockets. */
export const runHttpHandler: HttpRunner = createHttpRunner();
