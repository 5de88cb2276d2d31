import type { Scope } from '../../model/source.ts';
import type { EffectivePolicy } from './types.ts';
import { checkUrlAllowlist } from './url-allowlist.ts';

/**
 * `allowedHttpHookUrls` at load time, with the same rules as the runner's check at request time
 * (case-insensitive scheme and host, trailing dot, the WHATWG-normalised form with dot segments
 * resolved): the load-time check used to compare the raw text, so a hook the runner would allow
 * was skipped, and the two disagreed (issue 13 "Smaller defects").
 */
export function urlAllowed(url: string, patterns: readonly string[] | undefined): boolean {
  return checkUrlAllowlist(url, patterns).allowed;
}

/**
 * The HTTP limits that bind a handler of `scope`: managed hooks only obey lists set in managed
 * settings; every other hook obeys the union over all files. `undefined` = no limit.
 */
export function httpPolicyFor(
  policy: EffectivePolicy,
  scope: Scope,
): { allowedUrls?: string[]; allowedEnvVars?: string[] } {
  const managed = scope === 'managed';
  const allowedUrls = managed ? policy.managedAllowedHttpHookUrls : policy.allowedHttpHookUrls;
  const allowedEnvVars = managed ? policy.managedHttpHookAllowedEnvVars : policy.httpHookAllowedEnvVars;
  return {
    ...(allowedUrls ? { allowedUrls } : {}),
    ...(allowedEnvVars ? { allowedEnvVars } : {}),
  };
}
