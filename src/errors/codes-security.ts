import type { CodeInfo } from './code-info.ts';

/** Codes raised by the security layer. Keys are stable: never rename one, only add. */
export const SECURITY_CODES = {
  SECURITY_UNTRUSTED_PROJECT_HOOK: {
    severity: 'warning',
    summary: 'A project-scoped hook has not been approved with `agent-hooks trust`.',
    fix: 'Review it with `agent-hooks trust --show` and approve it with `agent-hooks trust`.',
  },
  SECURITY_TRUST_CHANGED: {
    severity: 'warning',
    summary: 'A project hook definition or a script it runs changed since the project was approved.',
    fix: 'Review the listed changes with `agent-hooks trust --show` and approve them again with `agent-hooks trust`.',
  },
  SECURITY_TRUST_STORE_UNREADABLE: {
    severity: 'error',
    summary: 'The trust store file exists but cannot be read or is not valid JSON.',
    fix: 'Fix or delete the file named in the message (default `~/.config/agent-hooks/trust.json`), then approve projects again.',
  },
  SECURITY_SSRF_BLOCKED: {
    severity: 'error',
    summary:
      'An HTTP hook URL names or resolves to a private, link-local or other non-global address (SSRF guard).',
    fix: 'Point the hook at a public host or at loopback (127.0.0.1, ::1); the message names the address and its range.',
  },
  SECURITY_URL_NOT_ALLOWED: {
    severity: 'error',
    summary:
      'An HTTP hook URL matches none of the `allowedHttpHookUrls` patterns (an empty list blocks every HTTP hook).',
    fix: 'Add a matching pattern (`*` is the wildcard) to `allowedHttpHookUrls`, or change the hook URL.',
  },
  SECURITY_HTTPS_REQUIRED: {
    severity: 'error',
    summary: 'A Copilot HTTP hook uses plain http:// where Copilot CLI requires https://.',
    fix: 'Use https://; for a local server set COPILOT_HOOK_ALLOW_LOCALHOST=1 (not for preToolUse, permissionRequest or hooks with allowedEnvVars).',
  },
  SECURITY_SSRF_GUARD_BYPASSED: {
    severity: 'warning',
    summary:
      'An HTTP hook was sent through the proxy named by HTTP_PROXY / HTTPS_PROXY, so the SSRF guard did not vet its address (claude-code-hooks.md §4.3).',
    fix: 'Nothing to fix if the proxy is trusted; otherwise exempt the host with NO_PROXY so the guard applies.',
  },
  SECURITY_HEADER_VARS_WITHHELD: {
    severity: 'warning',
    summary:
      'An HTTP hook header names environment variables that are not in its `allowedEnvVars` (or the policy list); each was replaced by an empty string.',
    fix: 'Add the variable to the hook `allowedEnvVars` (and to `httpHookAllowedEnvVars` when the policy sets it), or remove it from the header.',
  },
} as const satisfies Record<string, CodeInfo>;
