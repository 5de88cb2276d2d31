import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const DEMO = fileURLToPath(new URL('../../examples/demo-project/', import.meta.url));
const TSX = fileURLToPath(new URL('../../node_modules/.bin/tsx', import.meta.url));
const CLI = fileURLToPath(new URL('../../src/cli/main.ts', import.meta.url));

async function cli(args: string[], input?: string) {
  const child = run(TSX, [CLI, ...args], { cwd: ROOT, env: { ...process.env, NO_COLOR: '1' } });
  if (input !== undefined) {
    child.child.stdin?.end(input);
  }
  return child;
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
    const { stdout } = await cli(
      ['run', 'PreToolUse', '--cwd', DEMO, '--no-user', '--input', '-', '--json'],
      input,
    );
    const result = JSON.parse(stdout);
    for (const key of CONTRACT_KEYS) expect(result).toHaveProperty(key);
    expect(result.decision).toBe('deny');
    expect(result.reason).toMatch(/Blocked by the demo guard: 'rm -rf build' is destructive/);
    const hook = result.hooks[0];
    expect(hook).toMatchObject({ type: 'command', outcome: 'blocking', exitCode: 2, signal: null });
    expect(hook.source).toMatchObject({ pointer: '/hooks/PreToolUse/0/hooks/0', scope: 'project' });
    expect(hook.source.file).toMatch(/\.claude\/settings\.json$/);
  }, 30_000);

  it('allows the safe command', async () => {
    const input = JSON.stringify({ tool_name: 'Bash', tool_input: { command: 'git status' } });
    const { stdout } = await cli(
      ['run', 'PreToolUse', '--cwd', DEMO, '--no-user', '--input', '-', '--json'],
      input,
    );
    const result = JSON.parse(stdout);
    expect(result.decision).toBe('allow');
    expect(result.continue).toBe(true);
  }, 30_000);

  it('accepts a Copilot camelCase payload under the copilot-cli profile', async () => {
    const input = JSON.stringify({
      sessionId: 's',
      timestamp: 1,
      cwd: DEMO,
      toolName: 'bash',
      toolArgs: '{"command":"rm -rf x"}',
    });
    const { stdout } = await cli(
      ['run', 'preToolUse', '--profile', 'copilot-cli', '--cwd', DEMO, '--no-user', '--input', '-', '--json'],
      input,
    );
    const result = JSON.parse(stdout);
    expect(result.profile).toBe('copilot-cli');
    expect(result.decision).toBe('deny');
  }, 30_000);

  it('prints a readable account without --json and exits 0 whatever the decision', async () => {
    const input = JSON.stringify({ tool_name: 'Bash', tool_input: { command: 'rm -rf build' } });
    const { stdout } = await cli(['run', 'PreToolUse', '--cwd', DEMO, '--no-user', '--input', '-'], input);
    expect(stdout).toMatch(/decision deny/);
    expect(stdout).toMatch(/to the model PreToolUse:Bash hook error/);
  }, 30_000);

  it('exits 1 with a message for an unknown event', async () => {
    await expect(cli(['run', 'NoSuchEvent', '--cwd', DEMO, '--no-user'])).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/unknown event "NoSuchEvent"/),
    });
  }, 30_000);
});
