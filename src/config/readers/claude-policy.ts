import type { PolicySettings } from '../read-types.ts';
import { claudePolicyKeys } from '../schema/claude.ts';
import { describe, type ReadContext } from './context.ts';

/** Hook policy keys (claude-code-hooks.md §6.2); a key of the wrong type is reported and ignored. */
export function readClaudePolicy(ctx: ReadContext, top: Record<string, unknown>): PolicySettings {
  const policy: PolicySettings = {};
  for (const [key, schema] of Object.entries(claudePolicyKeys)) {
    const value = top[key];
    if (value === undefined) continue;
    const result = schema.safeParse(value);
    if (!result.success) {
      ctx.report(
        'CONFIG_INVALID_POLICY',
        `"${key}": ${result.error.issues[0]?.message ?? 'invalid'}`,
        [key],
        {
          expected: schema.unwrap().def.type === 'array' ? 'array of non-empty strings' : 'boolean',
          found: describe(value),
        },
      );
      continue;
    }
    (policy as Record<string, unknown>)[key] = result.data;
  }
  return policy;
}
