import type { CodeInfo } from './code-info.ts';

/** Codes raised by the match layer. Keys are stable: never rename one, only add. */
export const MATCH_CODES = {
  MATCH_INVALID_REGEX: {
    severity: 'error',
    summary: 'A matcher is neither an exact tool list nor a valid regular expression.',
    fix: 'Escape the special characters or write an exact list such as `Edit|Write`.',
  },
} as const satisfies Record<string, CodeInfo>;
