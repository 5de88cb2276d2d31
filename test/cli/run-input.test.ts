import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCliInProcess, spawnBuiltCli } from '../helpers/cli.ts';
import { engineWithClaudeHooks, group, HOOK_SCRIPT } from '../helpers/engine.ts';

const DEMO = fileURLToPath(new URL('../../examples/demo-project/', import.meta.url));
const DANGEROUS = JSON.stringify({ tool_name: 'Bash', tool_input: { command: 'rm -rf /' } });

// Issue 14, trap 1: a piped payload was ignored and the guard allowed `rm -rf /`.
describe('run reads its input from a pipe, a file or a literal', () => {
  it('reads piped standard input without --input (a real process, a real pipe)', async () => {
    const run = await spawnBuiltCli(['run', 'PreToolUse', '--cwd', DEMO, '--no-user', '--json'], {
      stdin: DANGEROUS,
    });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout).decision).toBe('deny');
  });

  it('takes a JSON object literal as --input', async () => {
    const run = await runCliInProcess([
      'run',
      'PreToolUse',
      '--cwd',
      DEMO,
      '--no-user',
      '--json',
      '--input',
      DANGEROUS,
    ]);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout).decision).toBe('deny');
  });

  it('refuses a tool event without tool_name as a usage error (exit 1), running nothing', async () => {
    const run = await runCliInProcess(['run', 'PreToolUse', '--cwd', DEMO, '--no-user', '--json'], {
      stdin: '',
    });
    expect(run.code).toBe(1);
    // Under --json the failure document, and nothing ran (test/cli/json-failure.test.ts).
    expect(JSON.parse(run.stdout)).toMatchObject({ error: { code: 'CLI_INPUT_INVALID' } });
    expect(run.stderr).toMatch(
      /PreToolUse is a tool event: its input needs "tool_name" \(read from standard input\)/,
    );
  });

  it('names a missing --input file and bad JSON with where it came from', async () => {
    const missing = await runCliInProcess(['run', 'Stop', '--no-user', '--input', '/nonexistent/in.json']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/--input \/nonexistent\/in\.json cannot be read \(ENOENT\)/);
    const bad = await runCliInProcess(['run', 'Stop', '--no-user', '--input', '{"a":']);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/--input \(a JSON literal\) is not valid JSON/);
  });
});

describe('a matcher never matches a field the input lacks', () => {
  it('skips a Bash guard when the call has no tool_name, and says why; a match-all group still runs', async () => {
    const engine = await engineWithClaudeHooks(
      {
        PreToolUse: [
          ...group(`${HOOK_SCRIPT} exit2-stderr`, {}, 'Bash'),
          ...group(`${HOOK_SCRIPT} exit0-silent`, {}, '*'),
        ],
      },
      { explain: true },
    );
    try {
      // No tool_name on purpose: dispatched untyped, as a host payload read at run time would be.
      const result = await engine.dispatch('PreToolUse' as string, { tool_input: { command: 'rm -rf /' } });
      expect(result.hooks.map((hook) => hook.source.pointer)).toEqual(['/hooks/PreToolUse/1/hooks/0']);
      expect(result.skipped.map((skip) => skip.why)).toEqual([
        expect.stringMatching(/does not match an input without the matched field/),
      ]);
    } finally {
      await engine.close();
    }
  });
});

// Issue 14, trap 7: event names in any letter case, and a did-you-mean for a typo.
describe('run resolves event names case-insensitively', () => {
  it('runs `pretooluse` as PreToolUse', async () => {
    const run = await runCliInProcess([
      'run',
      'pretooluse',
      '--cwd',
      DEMO,
      '--no-user',
      '--json',
      '--input',
      DANGEROUS,
    ]);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ event: 'PreToolUse', decision: 'deny' });
  });

  it('refuses `PreToolUs` with a did-you-mean, exit 1', async () => {
    const run = await runCliInProcess(['run', 'PreToolUs', '--no-user', '--input', DANGEROUS]);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/unknown event "PreToolUs"; did you mean PreToolUse\?/);
  });
});
