// `onFailure: "block"` counts printed JSON that is invalid or fails validation as a failure,
// like a bad exit code (claude-code-hooks.md §4.1; issue 12 point 9), as a new user meets it:
// one command hook in .claude/settings.json, then `agent-hooks run PreToolUse … --json`.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCliInProcess } from '../helpers/cli.ts';
import { makeTree } from '../helpers/temp-dir.ts';

const BASH_CALL = {
  hook_event_name: 'PreToolUse',
  tool_name: 'Bash',
  tool_input: { command: 'ls' },
  tool_use_id: 'toolu_1',
};

/** Runs PreToolUse with one hook printing `stdout` (then exiting `exit`), `onFailure` as given. */
async function runHook(
  stdout: string,
  onFailure: string | undefined,
  exit = 0,
): Promise<Record<string, any>> {
  const hook = {
    type: 'command',
    command: 'sh "$CLAUDE_PROJECT_DIR/hook.sh"',
    ...(onFailure ? { onFailure } : {}),
  };
  const root = makeTree(
    {
      '.claude/settings.json': { hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [hook] }] } },
      'hook.sh': `cat >/dev/null\nprintf '%s' '${stdout}'\nexit ${exit}\n`,
      'in.json': BASH_CALL,
    },
    'on-failure',
  );
  const args = ['run', 'PreToolUse', '--cwd', root, '--input', join(root, 'in.json'), '--no-user', '--json'];
  const { code, stdout: out, stderr } = await runCliInProcess(args);
  expect(code, stderr).toBe(0);
  return JSON.parse(out);
}

const specific = (fields: Record<string, unknown>) =>
  JSON.stringify({ hookSpecificOutput: { hookEventName: 'PreToolUse', ...fields } });

describe.concurrent('onFailure: "block" and the printed JSON (claude-code-hooks.md §4.1)', () => {
  it.each([
    ['invalid JSON', '{"hookSpecificOutput": {', /invalid JSON/],
    ['a field of the wrong value', specific({ permissionDecision: 'maybe' }), /permissionDecision "maybe"/],
    [
      'hookSpecificOutput for another event',
      JSON.stringify({ hookSpecificOutput: { hookEventName: 'PostToolUse' } }),
      /does not match the event PreToolUse/,
    ],
    ['a universal field of the wrong type', JSON.stringify({ continue: 'yes' }), /continue "yes"/],
  ])('%s blocks the call', async (_name, printed, reason) => {
    const r = await runHook(printed, 'block');
    expect(r.decision).toBe('deny');
    expect(r.reason).toMatch(reason);
    expect(r.hooks[0].outcome).toBe('blocking');
  });

  it.each([
    ['invalid JSON', '{"hookSpecificOutput": {'],
    ['a field of the wrong value', specific({ permissionDecision: 'maybe' })],
  ])('%s without onFailure is read as before: the call proceeds', async (_name, printed) => {
    const r = await runHook(printed, undefined);
    expect(r.decision).toBeNull();
    expect(r.hooks[0].outcome).toBe('success');
  });

  it('valid JSON, unknown fields included, is no failure', async () => {
    const r = await runHook(
      JSON.stringify({ note: 'extra', ...JSON.parse(specific({ permissionDecision: 'allow' })) }),
      'block',
    );
    expect(r.decision).toBe('allow');
    expect(r.hooks[0].outcome).toBe('success');
  });

  it('exit 1 is a failure even when stdout holds JSON that would decide', async () => {
    const r = await runHook(specific({ permissionDecision: 'allow' }), 'block', 1);
    expect(r.decision).toBe('deny');
    expect(r.hooks[0].outcome).toBe('blocking');
  });
});
