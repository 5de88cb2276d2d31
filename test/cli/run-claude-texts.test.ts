// Claude Code's texts, byte for byte, as a new user meets them: one command hook in
// .claude/settings.json, then `agent-hooks run <Event> --input in.json --no-user --json`
// (claude-code-observed.md "Decisions"; issue 12, Claude Code profile).
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCliInProcess } from '../helpers/cli.ts';
import { engineWithClaudeHooks, group } from '../helpers/engine.ts';
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

  it('a timeout: the host notice, noVerdict timeout, and the tool runs (issue 12 point 8)', async () => {
    const r = await runClaude(
      'PreToolUse',
      { PreToolUse: one('exec sleep 30', { timeout: 0.2 }) },
      BASH_CALL,
    );
    expect(r.decision).toBeNull();
    expect(r.hooks[0].outcome).toBe('timeout');
    expect(r.hooks[0].noVerdict).toBe('timeout');
    expect(r.messages.toUser).toEqual(["A hook didn't answer in time, so it didn't check this action."]);
  });

  it('exit 127 from inside a script and a missing script: noVerdict exit-127 with the host notice', async () => {
    const files = { 'hook.sh': 'cat >/dev/null\necho "hook.sh: jqq: not found" >&2\nexit 127\n' };
    const inside = await runClaude(
      'PreToolUse',
      { PreToolUse: one('sh "$CLAUDE_PROJECT_DIR/hook.sh"') },
      BASH_CALL,
      files,
    );
    const missing = await runClaude(
      'PreToolUse',
      { PreToolUse: one('/nonexistent/agent-hooks/hook.sh') },
      BASH_CALL,
    );
    for (const r of [inside, missing]) {
      expect(r.decision).toBeNull();
      expect(r.hooks[0].noVerdict).toBe('exit-127');
      expect(r.messages.toUser).toEqual(["A hook gave no usable answer, so it didn't check this action."]);
    }
  });
});

describe('CLAUDE_CODE_STOP_HOOK_BLOCK_CAP (claude-code-hooks.md §2.18)', () => {
  it('sets the consecutive Stop-block cap as in the host, with the full cap message', async () => {
    const engine = await engineWithClaudeHooks(
      { Stop: group('cat >/dev/null; echo again >&2; exit 2') },
      { env: { ...process.env, CLAUDE_CODE_STOP_HOOK_BLOCK_CAP: '2' } },
    );
    const results = [];
    for (let i = 0; i < 3; i += 1) results.push(await engine.dispatch('Stop', {}));
    await engine.close();
    expect(results.map((r) => r.decision)).toEqual(['block', 'block', null]);
    expect(results[2]!.terminalReason).toBe('stop_hook_cap');
    expect(results[2]!.messages.toUser).toEqual([
      'A hook blocked the turn from ending 3 consecutive times—overriding and ending turn',
    ]);
  });
});
