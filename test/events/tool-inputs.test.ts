import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { TOOL_NAMES } from '../../src/events/field-builders.ts';
import { TOOL_INPUT_SCHEMAS, toolInputSchema } from '../../src/events/wire/tool-inputs.ts';

const RECORDED = JSON.parse(
  readFileSync(new URL('../fixtures/compat/claude-code-2.1.328/hook-inputs.json', import.meta.url), 'utf8'),
) as { events: Record<string, Record<string, unknown>[]> };

describe('tool input schemas', () => {
  it('declare every known tool name of the catalogue', () => {
    expect(Object.keys(TOOL_INPUT_SCHEMAS).sort()).toEqual([...TOOL_NAMES].sort());
  });

  it('accept every tool_input Claude Code 2.1.328 sent (recorded payloads)', () => {
    let checked = 0;
    for (const payloads of Object.values(RECORDED.events)) {
      for (const payload of payloads) {
        const calls = Array.isArray(payload.tool_calls)
          ? (payload.tool_calls as Record<string, unknown>[])
          : [payload];
        for (const call of calls) {
          const schema = typeof call.tool_name === 'string' ? toolInputSchema(call.tool_name) : undefined;
          if (!schema) continue;
          expect(schema.safeParse(call.tool_input).error).toBeUndefined();
          checked++;
        }
      }
    }
    // Bash, Write, Read and Edit calls on Pre/PostToolUse, PostToolUseFailure, PermissionRequest and PostToolBatch.
    expect(checked).toBeGreaterThanOrEqual(10);
  });

  it('keep unknown fields (a newer host may add some) and reject a missing required one', () => {
    const bash = toolInputSchema('Bash');
    expect(bash?.parse({ command: 'ls', sandbox: true })).toEqual({ command: 'ls', sandbox: true });
    expect(bash?.safeParse({ description: 'no command' }).success).toBe(false);
    expect(toolInputSchema('mcp__demo__echo')).toBeUndefined();
    expect(toolInputSchema('toString')).toBeUndefined();
  });
});
