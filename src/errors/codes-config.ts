import type { CodeInfo } from './code-info.ts';

/** Codes raised by the config layer. Keys are stable: never rename one, only add. */
export const CONFIG_CODES = {
  CONFIG_INVALID_JSON: {
    severity: 'error',
    summary: 'A configuration file is not valid JSON (or YAML for frontmatter).',
    fix: 'Fix the syntax at the reported line and column; `agent-hooks validate FILE` re-checks it.',
  },
} as const satisfies Record<string, CodeInfo>;
