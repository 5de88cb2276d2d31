// Issue 13 "Smaller defects": a systemMessage of 500,000 characters and an exit-2 reason of 10 MiB
// reached the result and messages.toModel whole. Every text bound for the model or the user is now
// capped like additionalContext (claude-code-hooks.md §3.2: preview plus the spilled file), and the
// full text is in the spill. The hook report keeps what the hook printed (bounded by maxOutputBytes).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { engineWithClaudeHooks, group } from '../helpers/engine.ts';
import { tempDir } from '../helpers/temp-dir.ts';

/** The Claude Code cap on one hook text, in characters. */
const CAP_CHARS = 10_000;
const HUGE_SYSTEM_MESSAGE = `cat >/dev/null; node -e 'process.stdout.write(JSON.stringify({systemMessage: "s".repeat(500000)}))'`;
const HUGE_EXIT_2 = `cat >/dev/null; node -e 'process.stderr.write("e".repeat(10 * 1024 * 1024))'; exit 2`;
const HUGE_DENY_REASON = `cat >/dev/null; node -e 'process.stdout.write(JSON.stringify({hookSpecificOutput: {hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: "r".repeat(300000)}}))'`;
const BASH = { tool_name: 'Bash', tool_input: { command: 'ls' }, tool_use_id: 'toolu_1' };
const POST = { ...BASH, tool_response: { stdout: '' } };

function longest(texts: string[]): number {
  return Math.max(0, ...texts.map((text) => text.length));
}

function spillOf(text: string | null | undefined): string {
  const path = /the full text is in (.+)\]$/.exec(text ?? '')?.[1];
  if (!path) throw new Error(`no spill path in: ${(text ?? '').slice(-200)}`);
  return readFileSync(path, 'utf8');
}

describe.concurrent('issue 13: texts for the model and the user are capped', () => {
  it('a 500,000-character systemMessage is cut to a preview; the full text is spilled', async () => {
    const engine = await engineWithClaudeHooks(
      { PreToolUse: group(HUGE_SYSTEM_MESSAGE, {}, 'Bash') },
      {
        spillDir: tempDir('cap-system'),
      },
    );
    const result = await engine.dispatch('PreToolUse', BASH);
    expect(result.hooks[0]?.outcome).toBe('success');
    expect(longest(result.systemMessages)).toBeLessThan(CAP_CHARS);
    expect(longest(result.messages.toUser)).toBeLessThan(CAP_CHARS);
    expect(spillOf(result.systemMessages[0])).toBe('s'.repeat(500_000));
    await engine.close();
  });

  it('a 10 MiB exit-2 stderr still blocks, with a capped reason for the model', async () => {
    const engine = await engineWithClaudeHooks(
      { PostToolUse: group(HUGE_EXIT_2, {}, 'Bash') },
      {
        spillDir: tempDir('cap-exit2'),
      },
    );
    const result = await engine.dispatch('PostToolUse', POST);
    expect(result.decision).toBe('block');
    expect(result.reason?.length).toBeLessThan(CAP_CHARS);
    expect(longest(result.messages.toModel)).toBeLessThan(CAP_CHARS);
    expect(spillOf(result.reason)).toHaveLength(10 * 1024 * 1024);
    await engine.close();
  });

  it('a 300,000-character deny reason still denies, capped', async () => {
    const engine = await engineWithClaudeHooks(
      { PreToolUse: group(HUGE_DENY_REASON, {}, 'Bash') },
      {
        spillDir: tempDir('cap-deny'),
      },
    );
    const result = await engine.dispatch('PreToolUse', BASH);
    expect(result.decision).toBe('deny');
    expect(result.reason?.length).toBeLessThan(CAP_CHARS);
    expect(longest(result.messages.toModel)).toBeLessThan(CAP_CHARS);
    await engine.close();
  });
});
