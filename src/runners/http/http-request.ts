import { type Dispatcher, Headers } from 'undici';
import { checkUrlAllowlist } from '../../config/policy/url-allowlist.ts';
import type { ErrorCode } from '../../errors.ts';
import type { HttpHandler } from '../../model/handler.ts';
import type { HttpRunNotes, RunnerDiagnostic, RunRequest } from '../types.ts';
import { checkCopilotUrl } from './copilot-rules.ts';
import { effectiveAllowedEnvVars, interpolateHeaders } from './header-env.ts';
import type { HttpAgents } from './http-agents.ts';
import { proxyRouteForUrl, redactProxy } from './proxy-config.ts';

/** A request that passed every check before I/O, with what was observed on the way. */
export interface PreparedRequest {
  url: URL;
  headers: Headers;
  dispatcher: Dispatcher;
  /** A proxy agent made for this request alone, to destroy once it is done. */
  oneOff: boolean;
  diagnostics: RunnerDiagnostic[];
  /** How the request is routed and which allowlist entry let it through, for the hook report. */
  notes: HttpRunNotes;
}

/** A request refused before any I/O: the code and message of its failure. */
export interface RefusedRequest {
  refused: { code: ErrorCode; message: string };
  diagnostics: RunnerDiagnostic[];
}

/**
 * The checks that run before any I/O, in this order (claude-code-hooks.md §4.3): URL syntax,
 * `allowedHttpHookUrls`, Copilot transport rules, header interpolation, then the dispatcher: the
 * SSRF-guarded agent, or a proxy when one applies (which bypasses the guard, and says so).
 */
export function prepareRequest(
  request: RunRequest<HttpHandler>,
  env: NodeJS.ProcessEnv,
  agents: HttpAgents,
): PreparedRequest | RefusedRequest {
  const { handler, policy } = request;
  const diagnostics: RunnerDiagnostic[] = [];
  const refuse = (code: ErrorCode, message: string): RefusedRequest => ({
    refused: { code, message },
    diagnostics,
  });
  const url = URL.canParse(handler.spec.url) ? new URL(handler.spec.url) : undefined;
  if (!url)
    return refuse('RUNNER_HTTP_INVALID_REQUEST', `HTTP hook url is not a valid URL: ${handler.spec.url}`);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return refuse('RUNNER_HTTP_INVALID_REQUEST', `HTTP hook url must be http(s), got ${url.protocol}`);
  }
  const listed = checkUrlAllowlist(handler.spec.url, policy.allowedHttpHookUrls);
  if (!listed.allowed) return refuse('SECURITY_URL_NOT_ALLOWED', listed.message);
  const copilot = checkCopilotUrl(url, handler.dialect, handler.event, handler.spec.allowedEnvVars, env);
  if (!copilot.allowed) return refuse('SECURITY_HTTPS_REQUIRED', copilot.message);

  const headers = buildHeaders(handler, policy.httpHookAllowedEnvVars, env, diagnostics);
  if (typeof headers === 'string') return refuse('RUNNER_HTTP_INVALID_REQUEST', headers);
  const allowlist: HttpRunNotes['allowlist'] =
    listed.pattern === undefined ? { status: 'unset' } : { status: 'matched', pattern: listed.pattern };
  const route = routeRequest(url, env, agents, allowlist, diagnostics);
  if (typeof route === 'string') return refuse('RUNNER_HTTP_INVALID_REQUEST', route);
  return { url, headers, ...route, diagnostics };
}

type Route = Pick<PreparedRequest, 'dispatcher' | 'oneOff' | 'notes'>;

/**
 * The dispatcher for `url`: the SSRF-guarded agent, or a one-off proxy agent when a proxy applies
 * (the guard is then bypassed, and a diagnostic says so). A message when the proxy URL is unusable.
 */
function routeRequest(
  url: URL,
  env: NodeJS.ProcessEnv,
  agents: HttpAgents,
  allowlist: HttpRunNotes['allowlist'],
  diagnostics: RunnerDiagnostic[],
): Route | string {
  const { proxy, exemptBy } = proxyRouteForUrl(url, env);
  if (!proxy) {
    const exempt = exemptBy ? { proxyExemptBy: exemptBy } : {};
    const notes: HttpRunNotes = { url: url.href, proxy: null, ...exempt, ssrfGuard: 'applied', allowlist };
    return { dispatcher: agents.guarded(), oneOff: false, notes };
  }
  let dispatcher: Dispatcher;
  try {
    dispatcher = agents.proxy(proxy.uri);
  } catch (error) {
    return `${proxy.variable} is not a usable proxy URL: ${(error as Error).message}`;
  }
  // Said only once the proxy agent exists: a refused request was sent nowhere.
  const proxyUrl = redactProxy(proxy.uri);
  diagnostics.push({
    code: 'SECURITY_SSRF_GUARD_BYPASSED',
    message: `SSRF guard bypassed: sent through proxy ${proxyUrl} (${proxy.variable})`,
  });
  const via = { url: proxyUrl, variable: proxy.variable };
  const notes: HttpRunNotes = { url: url.href, proxy: via, ssrfGuard: 'bypassed-by-proxy', allowlist };
  return { dispatcher, oneOff: true, notes };
}

/** The request headers with allowed variables resolved; a message when they are not valid HTTP. */
function buildHeaders(
  handler: HttpHandler,
  policyAllowed: readonly string[] | undefined,
  env: NodeJS.ProcessEnv,
  diagnostics: RunnerDiagnostic[],
): Headers | string {
  const allowed = effectiveAllowedEnvVars(handler.spec.allowedEnvVars, policyAllowed);
  const interpolated = interpolateHeaders(handler.spec.headers, allowed, env);
  if (interpolated.withheld.length > 0) {
    diagnostics.push({
      code: 'SECURITY_HEADER_VARS_WITHHELD',
      message: `header variables not in allowedEnvVars were replaced by "": ${interpolated.withheld.join(', ')}`,
    });
  }
  if (interpolated.unset.length > 0) {
    diagnostics.push({
      code: 'RUNNER_HTTP_HEADER_VARS_UNSET',
      message: `allowed header variables unset in the environment: ${interpolated.unset.join(', ')}`,
    });
  }
  try {
    const headers = new Headers(interpolated.headers);
    headers.set('content-type', 'application/json');
    return headers;
  } catch (error) {
    return `HTTP hook headers are invalid: ${(error as Error).message}`;
  }
}
