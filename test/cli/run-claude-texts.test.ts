// Claude Code's texts, byte for byte, as a new user meets them: one command hook in
// .claude/settings.json, then `agent-hooks run <Event> --input in.json --no-user --json`
// (claude-code-observed.md "Decisions"; issue 12, Claude Code profile).
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCliInProcess } from '../helpers/cli.ts';
import { makeTree } from '../helpers/temp-dir.ts';

const BASH_CALL = { tool_name: 'Bash', tool_input: { command: 'ls' }, tool_use_id: 'toolu_1' };

/** Runs `event` in a fresh project whose settings hold `hooks`; returns the `run --json` object. */
async function runClaude(
  event: string,
  hooks: Record<string, unknown>,
  input: Record<string, unknown>,
  files: Record<string, string> = {},
  env: string[] = [],
): Promise<Record<string, any>> {
  const root = makeTree({ '.claude/settings.json': { hooks }, 'in.json': input, ...files }, 'claude-texts');
  const args = ['run', event, '--cwd', root, '--input', join(root, 'in.json'), '--no-user', '--json', ...env];
  const { code, stdout, stderr } = await runCliInProcess(args);
  expect(code, stderr).toBe(0);
  return JSON.parse(stdout);
}

function one(command: string, extra: Record<string, unknown> = {}): unknown[] {
  return [{ hooks: [{ type: 'command', command, ...extra }] }];
}

const NOPE = 'echo nope >&2; exit 2';

describe.concurrent('Claude Code texts (claude-code-observed.md "Decisions")', () => {
  it('PreToolUse exit 2: the model reads stderr verbatim; only `reason` is trimmed', async () => {
    const r = await runClaude('PreToolUse', { PreToolUse: one(NOPE) }, BASH_CALL);
    expect(r.decision).toBe('deny');
    expect(r.reason).toBe('nope');
    expect(r.messages.toModel).toEqual([`PreToolUse:Bash hook error: [${NOPE}]: nope\n`]);
    expect(r.messages.placements).toEqual(['replaces-tool-result']);
  });

  it('PostToolUse exit 2: a system message after the tool result, stderr verbatim', async () => {
    const input = { ...BASH_CALL, tool_response: { stdout: 'x', stderr: '' } };
    const r = await runClaude('PostToolUse', { PostToolUse: one(NOPE) }, input);
    expect(r.messages.toModel).toEqual([
      `PostToolUse:Bash hook blocking error from command: "${NOPE}": [${NOPE}]: nope\n`,
    ]);
    expect(r.messages.placements).toEqual(['system-after-tool-result']);
  });

  it('PostToolUseFailure exit 2: stderr reaches the model (claude-code-hooks.md §2.11, §3.3)', async () => {
    const input = { ...BASH_CALL, error: 'Exit code 3', is_interrupt: false };
    const r = await runClaude('PostToolUseFailure', { PostToolUseFailure: one(NOPE) }, input);
    expect(r.messages.toModel).toEqual([
      `PostToolUseFailure:Bash hook blocking error from command: "${NOPE}": [${NOPE}]: nope\n`,
    ]);
    expect(r.messages.placements).toEqual(['system-after-tool-result']);
    expect(r.hooks[0].effect).toMatch(/fed back to the model/);
  });

  it('Stop exit 2: one user message with stderr verbatim', async () => {
    const r = await runClaude('Stop', { Stop: one(NOPE) }, {});
    expect(r.decision).toBe('block');
    expect(r.messages.toModel).toEqual([`Stop hook feedback:\n[${NOPE}]: nope\n`]);
    expect(r.messages.placements).toEqual(['user-message']);
    expect(r.messages.toUser).toEqual([]);
  });

  it('Stop JSON block: the feedback user message and the blocking error as a system message', async () => {
    const files = { 'stop.sh': `cat >/dev/null\necho '{"decision":"block","reason":"run the tests"}'\n` };
    const command = 'sh "$CLAUDE_PROJECT_DIR/stop.sh"';
    const r = await runClaude('Stop', { Stop: one(command) }, {}, files);
    expect(r.messages.toModel).toEqual([
      'Stop hook feedback:\nrun the tests',
      `Stop hook blocking error from command: "${command}": run the tests`,
    ]);
    expect(r.messages.placements).toEqual(['user-message', 'system-message']);
    expect(r.messages.toUser).toEqual([]);
  });

  it('UserPromptSubmit exit 2: the host layout with stderr verbatim; the prompt is not kept', async () => {
    const r = await runClaude('UserPromptSubmit', { UserPromptSubmit: one(NOPE) }, { prompt: 'hi there' });
    expect(r.decision).toBe('block');
    expect(r.messages.toUser).toEqual([
      `UserPromptSubmit operation blocked by hook:\n[${NOPE}]: nope\n\n\nOriginal prompt: hi there`,
    ]);
    expect(r.messages.toModel).toEqual([]);
    expect(r.promptKept).toBe(false);
  });

  it('SessionStart: additional context is labelled without the source, plain stdout with it', async () => {
    const files = {
      'ctx.sh': `cat >/dev/null\necho '{"hookSpecificOutput":{"hookEventName":"SessionStart","additionalContext":"ctx"}}'\n`,
    };
    const hooks = {
      SessionStart: [
        {
          hooks: [
            { type: 'command', command: 'echo plain words' },
            { type: 'command', command: 'sh "$CLAUDE_PROJECT_DIR/ctx.sh"' },
          ],
        },
      ],
    };
    const r = await runClaude('SessionStart', hooks, { source: 'startup' }, files);
    expect(r.messages.toModel).toEqual([
      'SessionStart:startup hook success: plain words',
      'SessionStart hook additional context: ctx',
    ]);
    expect(r.messages.placements).toEqual(['leading-system-context', 'leading-system-context']);
  });
});
