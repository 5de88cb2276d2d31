// One problem, one diagnostic, with its own code (issue 11): a hook that prints 40 MiB is
// truncated at the 10 MiB cap and reported once as RUNNER_OUTPUT_TRUNCATED.
import { afterEach, describe, expect, it } from 'vitest';
import type { HookEngine } from '../../../src/index.ts';
import { DEFAULT_MAX_OUTPUT_BYTES } from '../../../src/runners/command/index.ts';
import { engineWithClaudeHooks, group } from '../../helpers/engine.ts';

const FORTY_MIB = 40 * 1024 * 1024;

const engines: HookEngine[] = [];
afterEach(async () => {
  await Promise.all(engines.splice(0).map((engine) => engine.close()));
});

describe('oversized hook output', () => {
  it('gives exactly one diagnostic, RUNNER_OUTPUT_TRUNCATED, and one report warning', async () => {
    const engine = await engineWithClaudeHooks({
      PostToolUse: group(`head -c ${FORTY_MIB} /dev/zero | tr '\\0' a`),
    });
    engines.push(engine);
    const result = await engine.dispatch('PostToolUse', {
      tool_name: 'Bash',
      tool_input: { command: 'ls' },
      tool_response: {},
      tool_use_id: 'toolu_1',
    });
    const [hook] = result.hooks;
    expect(hook?.outcome).toBe('success');
    expect(hook?.stdout.length).toBe(DEFAULT_MAX_OUTPUT_BYTES);
    expect(result.diagnostics).toHaveLength(1);
    expect(result.diagnostics[0]).toMatchObject({
      code: 'RUNNER_OUTPUT_TRUNCATED',
      severity: 'warning',
      event: 'PostToolUse',
      file: 'inline-settings.json',
    });
    expect(result.diagnostics[0]?.message).toContain('stdout truncated at the output cap');
    expect(hook?.warnings).toEqual(['stdout truncated at the output cap']);
  });
});
