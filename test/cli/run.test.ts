import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCliInProcess } from '../helpers/cli.ts';

const DEMO = fileURLToPath(new URL('../../examples/demo-project/', import.meta.url));

/** The whole program in process; test/cli/bin-smoke.test.ts starts the built bin once. */
async function cli(args: string[], stdin?: string) {
  return runCliInProcess(args, stdin === undefined ? {} : { stdin });
}

const CONTRACT_KEYS = [
  'event',
  'profile',
  'decision',
  'reason',
  'continue',
  'stopReason',
  'updatedInput',
  'additionalContext',
  'systemMessages',
  'hooks',
  'skipped',
  'diagnostics',
];

describe.concurrent('agent-hooks run (DESIGN.md "CLI contract")', () => {
  it('denies the dangerous command in the demo project with the guard reason, as one JSON object', async () => {
    const input = JSON.stringify({
      tool_name: 'Bash',
      tool_input: { command: 'rm -rf build' },
      tool_use_id: 't1',
    });
    const { code, stdout } = await cli(
      ['run', 'PreToolUse', '--cwd', DEMO, '--no-user', '--input', '-', '--json'],
      input,
    );
    expect(code).toBe(0);
    const result = JSON.parse(stdout);
    for (const key of CONTRACT_KEYS) expect(result).toHaveProperty(key);
    expect(result.decision).toBe('deny');
    expect(result.reason).toMatch(/Blocked by the demo guard: 'rm -rf build' is destructive/);
    const hook = result.hooks[0];
    expect(hook).toMatchObject({ type: 'command', outcome: 'blocking', exitCode: 2, signal: null });
    expect(hook.source).toMatchObject({ pointer: '/hooks/PreToolUse/0/hooks/0', scope: 'project' });
    expect(hook.source.file).toMatch(/\.claude\/settings\.json$/);
  });

  it('allows the safe command', async () => {
    const input = JSON.stringify({ tool_name: 'Bash', tool_input: { command: 'git status' } });
    const { stdout } = await cli(
      ['run', 'PreToolUse', '--cwd', DEMO, '--no-user', '--input', '-', '--json'],
      input,
    );
    const result = JSON.parse(stdout);
    expect(result.decision).toBe('allow');
    expect(result.continue).toBe(true);
  });

  // copilot-cli-observed.md "Payloads": the host sends toolArgs as an object; older Copilot docs
  // (other-agents-hooks.md §1.3) describe a JSON string, which is still accepted.
  it.each([
    ['an object, as Copilot CLI sends it', { command: 'rm -rf x' }],
    ['a JSON string, as older docs describe it', '{"command":"rm -rf x"}'],
  ])(
    'accepts a Copilot camelCase payload under the copilot-cli profile, toolArgs %s',
    async (_, toolArgs) => {
      const input = JSON.stringify({ sessionId: 's', timestamp: 1, cwd: DEMO, toolName: 'bash', toolArgs });
      const { stdout } = await cli(
        [
          'run',
          'preToolUse',
          '--profile',
          'copilot-cli',
          '--trust-folder',
          '--cwd',
          DEMO,
          '--no-user',
          '--input',
          '-',
          '--json',
        ],
        input,
      );
      const result = JSON.parse(stdout);
      expect(result.profile).toBe('copilot-cli');
      expect(result.decision).toBe('deny');
      expect(result.hooks[0].stderr).toMatch(/'rm -rf x' is destructive/);
    },
  );

  it('runs the demo README’s Copilot input, shaped as the host sends it (toolArgs an object)', async () => {
    const file = join(DEMO, 'inputs', 'copilot-pre-tool-use.json');
    expect(JSON.parse(readFileSync(file, 'utf8')).toolArgs).toEqual({ command: 'rm -rf build' });
    const args = ['run', 'preToolUse', '--profile', 'copilot-cli', '--trust-folder', '--cwd', DEMO];
    const { stdout } = await cli([...args, '--no-user', '--input', file, '--json']);
    expect(JSON.parse(stdout).decision).toBe('deny');
  });

  it('prints a readable account without --json and exits 0 whatever the decision', async () => {
    const input = JSON.stringify({ tool_name: 'Bash', tool_input: { command: 'rm -rf build' } });
    const { code, stdout } = await cli(
      ['run', 'PreToolUse', '--cwd', DEMO, '--no-user', '--input', '-'],
      input,
    );
    expect(code).toBe(0);
    expect(stdout).toMatch(/decision deny/);
    expect(stdout).toMatch(/to the model PreToolUse:Bash hook error/);
  });

  it('exits 1 with a message for an unknown event', async () => {
    await expect(cli(['run', 'NoSuchEvent', '--cwd', DEMO, '--no-user'])).resolves.toMatchObject({
      code: 1,
      stdout: '',
      stderr: expect.stringMatching(/^agent-hooks: unknown event "NoSuchEvent"/),
    });
  });
});
