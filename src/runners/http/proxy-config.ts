/** The proxy an HTTP hook request goes through, and the variable that configured it. */
export interface ProxyChoice {
  uri: string;
  variable: string;
}

const DEFAULT_PORTS: Record<string, number> = { 'http:': 80, 'https:': 443 };

function firstSet(env: NodeJS.ProcessEnv, names: string[]): { name: string; value: string } | undefined {
  for (const name of names) {
    const value = env[name];
    if (value !== undefined && value !== '') return { name, value };
  }
  return undefined;
}

/** `NO_PROXY` entries: `host`, `.host`, `*.host`, optionally `:port`; `*` disables the proxy. */
function bypassedByNoProxy(url: URL, noProxy: string): boolean {
  if (noProxy.trim() === '*') return true;
  const hostname = url.hostname.toLowerCase();
  const port = Number(url.port) || DEFAULT_PORTS[url.protocol] || 0;
  for (const entry of noProxy.split(/[,\s]+/)) {
    if (!entry) continue;
    const m = /^(.+):(\d+)$/.exec(entry);
    const host = (m ? (m[1] as string) : entry).replace(/^\*?\./, '').toLowerCase();
    if (m && Number(m[2]) !== port) continue;
    if (hostname === host || hostname.endsWith(`.${host}`)) return true;
  }
  return false;
}

/** How one URL is routed: through `proxy`, or directly, `exemptBy` naming the NO_PROXY variable that exempted it. */
export interface ProxyRoute {
  proxy?: ProxyChoice;
  exemptBy?: string;
}

/**
 * The proxy that applies to `url` under the environment's `HTTPS_PROXY` / `HTTP_PROXY` /
 * `NO_PROXY` (lower-case names first; an https URL falls back to the http proxy), with the
 * semantics of undici's `EnvHttpProxyAgent`. When one applies, the SSRF guard is bypassed
 * because the proxy resolves names itself (claude-code-hooks.md §4.3; seed 004: blocking the
 * proxy's own private address would break corporate proxies).
 */
export function proxyRouteForUrl(url: URL, env: NodeJS.ProcessEnv): ProxyRoute {
  const httpProxy = firstSet(env, ['http_proxy', 'HTTP_PROXY']);
  const chosen =
    url.protocol === 'https:' ? (firstSet(env, ['https_proxy', 'HTTPS_PROXY']) ?? httpProxy) : httpProxy;
  if (!chosen) return {};
  const noProxy = firstSet(env, ['no_proxy', 'NO_PROXY']);
  if (noProxy && bypassedByNoProxy(url, noProxy.value)) return { exemptBy: noProxy.name };
  return { proxy: { uri: chosen.value, variable: chosen.name } };
}

/** The proxy that applies to `url`, if any (see {@link proxyRouteForUrl}). */
export function proxyForUrl(url: URL, env: NodeJS.ProcessEnv): ProxyChoice | undefined {
  return proxyRouteForUrl(url, env).proxy;
}

/** The proxy URI without credentials, for messages. */
export function redactProxy(uri: string): string {
  try {
    const url = new URL(uri);
    url.username = '';
    url.password = '';
    return url.href;
  } catch {
    return '(unparsable proxy URL)';
  }
}
