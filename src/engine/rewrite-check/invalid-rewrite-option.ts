// The `invalidRewrite` engine option on its own, with no engine imports: engine options, the
// engine and the CLI name it without reaching the code that applies it (no import cycle).
import { HookError } from '../../errors.ts';

/** What a rewrite that fails its tool's schema does to the decision (engine option `invalidRewrite`). */
export const INVALID_REWRITES = ['discard', 'deny'] as const;
export type InvalidRewrite = (typeof INVALID_REWRITES)[number];

/** `invalidRewrite` must be one of its values: a misspelt `'deny'` must not fail open quietly. */
export function checkInvalidRewriteOption(value: unknown): void {
  if (value === undefined || (INVALID_REWRITES as readonly unknown[]).includes(value)) return;
  throw new HookError(
    'ENGINE_INVALID_OPTION',
    `invalidRewrite: expected one of ${INVALID_REWRITES.join(', ')}, got ${JSON.stringify(value)}`,
  );
}
