import type { Dialect } from '../../model/dialect.ts';
import type { EventName } from '../../model/event-name.ts';
import { parseIpLiteral } from './ip-literal.ts';

export type CopilotUrlVerdict = { allowed: true } | { allowed: false; message: string };

/** Events whose HTTP hooks Copilot CLI only calls over https (other-agents-hooks.md §1.1). */
const HTTPS_ONLY_EVENTS: ReadonlySet<EventName> = new Set(['PreToolUse', 'PermissionRequest']);
export const COPILOT_ALLOW_LOCALHOST_ENV = 'COPILOT_HOOK_ALLOW_LOCALHOST';

function isCopilotDialect(dialect: Dialect): boolean {
  return dialect === 'copilot' || dialect === 'copilot-compat';
}

/** `localhost`, `127.*` and `[::1]` (plus IPv4-mapped loopback), as Copilot's exception reads. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (host === 'localhost') return true;
  const ip = parseIpLiteral(host);
  if (!ip) return false;
  if (ip.family === 4) return ip.value >>> 24 === 127;
  const h = ip.hextets;
  if (h.slice(0, 7).every((x) => x === 0) && h[7] === 1) return true;
  const mapped = h.slice(0, 5).every((x) => x === 0) && h[5] === 0xffff;
  return mapped && (h[6] ?? 0) >>> 8 === 127;
}

/**
 * Copilot CLI's transport rules for `http` entries (other-agents-hooks.md §1.1): `https://` is
 * required; plain `http://` to a loopback host is tolerated only with
 * `COPILOT_HOOK_ALLOW_LOCALHOST=1`, and never for `preToolUse` / `permissionRequest` or for an
 * entry with `allowedEnvVars` (secrets always travel encrypted). Other dialects pass unchanged.
 */
export function checkCopilotUrl(
  url: URL,
  dialect: Dialect,
  event: EventName,
  allowedEnvVars: readonly string[] | undefined,
  env: NodeJS.ProcessEnv,
): CopilotUrlVerdict {
  if (!isCopilotDialect(dialect) || url.protocol === 'https:') return { allowed: true };
  const why = `Copilot HTTP hooks must use https:// (${url.protocol}//${url.host})`;
  if (HTTPS_ONLY_EVENTS.has(event)) {
    return { allowed: false, message: `${why}: ${event} hooks are always https-only` };
  }
  if ((allowedEnvVars?.length ?? 0) > 0) {
    return { allowed: false, message: `${why}: a hook with allowedEnvVars is https-only` };
  }
  if (!isLoopbackHost(url.hostname)) {
    return { allowed: false, message: `${why}: plain http is allowed only for localhost` };
  }
  if (env[COPILOT_ALLOW_LOCALHOST_ENV] !== '1') {
    return { allowed: false, message: `${why}: set ${COPILOT_ALLOW_LOCALHOST_ENV}=1 to allow localhost` };
  }
  return { allowed: true };
}
