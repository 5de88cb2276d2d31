import { capResponse, MODEL_MAX_RESPONSE_BYTES } from './capped-response.ts';

/**
 * A fetch that only reaches URLs under the configured base URL (same origin, same path prefix)
 * and never follows redirects, so a provider package cannot send hook data anywhere else. Each
 * answer's body is capped at `maxBytes` (capped-response.ts).
 */
export function confinedFetch(
  baseURL: string,
  inner: typeof globalThis.fetch,
  maxBytes: number = MODEL_MAX_RESPONSE_BYTES,
): typeof globalThis.fetch {
  const base = new URL(baseURL);
  const prefix = base.pathname.replace(/\/+$/, '');
  return (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    if (url.origin !== base.origin || (url.pathname !== prefix && !url.pathname.startsWith(`${prefix}/`))) {
      return Promise.reject(
        new Error(`refused request to ${url.href}: only ${base.origin}${prefix}/ is configured`),
      );
    }
    return inner(input, { ...init, redirect: 'error' }).then((response) => capResponse(response, maxBytes));
  };
}
