import type { Scope } from '../../model/source.ts';
import type { EffectivePolicy } from './types.ts';

function patternToRegExp(pattern: string): RegExp {
  const escaped = pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*');
  return new RegExp(`^${escaped}$`);
}

/** `allowedHttpHookUrls` patterns use `*` as the only wildcard (claude-code-hooks.md §6.2). */
export function urlAllowed(url: string, patterns: readonly string[] | undefined): boolean {
  if (patterns === undefined) return true;
  return patterns.some((p) => patternToRegExp(p).test(url));
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
