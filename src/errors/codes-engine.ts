import type { CodeInfo } from './code-info.ts';

/** Codes raised by the engine layer. Keys are stable: never rename one, only add. */
export const ENGINE_CODES = {
  ENGINE_UNKNOWN_EVENT: {
    severity: 'error',
    summary: 'An event name was not recognised in any dialect.',
    fix: 'Use a canonical name such as `PreToolUse`, or a dialect spelling such as `preToolUse`.',
  },
} as const satisfies Record<string, CodeInfo>;
