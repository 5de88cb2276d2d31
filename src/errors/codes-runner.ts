import type { CodeInfo } from './code-info.ts';

/** Codes raised by the runner layer. Keys are stable: never rename one, only add. */
export const RUNNER_CODES = {
  RUNNER_SPAWN_FAILED: {
    severity: 'error',
    summary: 'A command hook could not be started (missing program, not executable, missing cwd).',
    fix: 'Check that the script exists, is executable (`chmod +x`), and that its `cwd` exists.',
  },
} as const satisfies Record<string, CodeInfo>;
