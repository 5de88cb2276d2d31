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

  it('accepts a Copilot camelCase payload under the copilot-cli profile', async () => {
    const input = JSON.stringify({
      sessionId: 's',
      timestamp: 1,
      cwd: DEMO,
      toolName: 'bash',
      toolArgs: '{"command":"rm -rf x"}',
    });
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
