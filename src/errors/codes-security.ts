import type { CodeInfo } from './code-info.ts';

/** Codes raised by the security layer. Keys are stable: never rename one, only add. */
export const SECURITY_CODES = {
  SECURITY_UNTRUSTED_PROJECT_HOOK: {
    severity: 'warning',
    summary: 'A project-scoped hook has not been approved with `agent-hooks trust`.',
    fix: 'Review it with `agent-hooks trust --show` and approve it with `agent-hooks trust`.',
  },
} as const satisfies Record<string, CodeInfo>;
