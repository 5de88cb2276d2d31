import { CONFIG_SHAPES } from '../generated/config-shapes.ts';
import type { PolicySettings } from '../read-types.ts';
import { describe, type ReadContext } from './context.ts';

/** The policy keys, in the schema's order (claude-code-hooks.md §6.2). */
const POLICY_KEYS = Object.keys(CONFIG_SHAPES['claude.policy'].fields);

/** Hook policy keys (claude-code-hooks.md §6.2); a key of the wrong type is reported and ignored. */
export function readClaudePolicy(ctx: ReadContext, top: Record<string, unknown>): PolicySettings {
  const policy: PolicySettings = {};
  if (ctx.quickCheck('claude.policy', top)) {
    for (const key of POLICY_KEYS) {
      const value = top[key];
      if (value !== undefined)
        (policy as Record<string, unknown>)[key] = Array.isArray(value) ? [...value] : value;
    }
    return policy;
  }
  for (const [key, schema] of Object.entries(ctx.zodModels().policyKeys)) {
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
