// biome-ignore-all lint/suspicious/noTemplateCurlyInString: `${NAME}` here is shell syntax under test.
// Issue 13, items 1, 2 and 5: input a model or a repository controls (a giant file path, a huge
// timeout, a giant matcher) must not turn a deny guard off. Each case runs a real command hook
// that denies, plus the input that used to make it fail open.
import { describe, expect, it } from 'vitest';
import type { DispatchInput } from '../../src/index.ts';
import { MAX_TIMEOUT_SEC } from '../../src/model/handler.ts';
import { FILE_PATH_ENV_MAX_BYTES } from '../../src/runners/command/environment.ts';
import { runCliInProcess } from '../helpers/cli.ts';
import { copilotEngineIn, engineWithClaudeHooks, group } from '../helpers/engine.ts';
import { makeTree } from '../helpers/temp-dir.ts';

const DENY = 'echo nope >&2; exit 2';
/** Linux refuses one environment string over 128 KiB (MAX_ARG_STRLEN) with E2BIG. */
const OVER_ONE_ENV_STRING = 131_072;

function writeInput(filePath: string, extra: Record<string, unknown> = {}): DispatchInput<'PreToolUse'> {
  return {
    session_id: 's',
    transcript_path: '/tmp/t.jsonl',
    cwd: '/tmp',
    hook_event_name: 'PreToolUse',
    tool_name: 'Write',
    tool_input: { file_path: filePath, content: 'x', ...extra },
    tool_use_id: 'toolu_1',
  };
}

describe('item 1: variables derived from input are capped (E2BIG)', () => {
  it('a giant tool_input.file_path still lets a deny guard run and deny', async () => {
    const engine = await engineWithClaudeHooks({ PreToolUse: group(DENY, {}, 'Write') });
    const result = await engine.dispatch('PreToolUse', writeInput('a'.repeat(OVER_ONE_ENV_STRING + 10)));
    expect(result.decision).toBe('deny');
    expect(result.hooks[0]?.outcome).toBe('blocking');
    expect(result.hooks[0]?.warnings.join('\n')).toContain('TOOL_INPUT_FILE_PATH not set');
  });

  it('a path at the cap is still passed; one byte over is not', async () => {
    const engine = await engineWithClaudeHooks({
      PreToolUse: group('printf %s "${TOOL_INPUT_FILE_PATH:-unset}" | wc -c', {}, 'Write'),
    });
    const at = await engine.dispatch('PreToolUse', writeInput('b'.repeat(FILE_PATH_ENV_MAX_BYTES)));
    expect(at.hooks[0]?.stdout.trim()).toBe(String(FILE_PATH_ENV_MAX_BYTES));
    const over = await engine.dispatch('PreToolUse', writeInput('b'.repeat(FILE_PATH_ENV_MAX_BYTES + 1)));
    expect(over.hooks[0]?.stdout.trim()).toBe('5');
  });

  it('an environment the kernel refuses is retried without the input-derived variables', async () => {
    // The host's own environment fills most of ARG_MAX (2 MiB on Linux with an 8 MiB stack), so the
    // 60 KiB CLAUDE_HOOK_INPUT tips it over; the engine must run the hook again without it.
    const filler: Record<string, string> = {};
    for (let i = 0; i < 31; i++) filler[`FILLER_${i}`] = 'f'.repeat(64 * 1024);
    const engine = await engineWithClaudeHooks(
      { PreToolUse: group(`printf %s "\${#FILLER_30}" >&2; exit 2`, {}, 'Write') },
      { env: { PATH: process.env.PATH ?? '/usr/bin:/bin', ...filler } },
    );
    const result = await engine.dispatch('PreToolUse', writeInput('/p', { content: 'c'.repeat(63 * 1024) }));
    expect(result.decision).toBe('deny');
    expect(result.hooks[0]?.warnings.join('\n')).toContain('E2BIG');
    // The second run drops only the input-derived variables: the host's own are still there.
    expect(result.hooks[0]?.stderr).toBe(String(64 * 1024));
  });
});

// No environment string can hold a NUL byte: one in a model-supplied path made `spawn` throw
// ERR_INVALID_ARG_VALUE, so every command guard of that tool call failed open with no diagnostic.
describe('a NUL byte in a model-supplied path', () => {
  const NUL_PATH = '/tmp/x\u0000.txt';
  /** Denies, and says on stderr what TOOL_INPUT_FILE_PATH held. */
  const SAYS_PATH_AND_DENIES = 'printf %s "${TOOL_INPUT_FILE_PATH-unset}" >&2; exit 2';

  it.each([
    ['tool_input.file_path', { file_path: NUL_PATH }],
    ['tool_input.path', { path: NUL_PATH }],
    ['tool_input.filePath', { filePath: NUL_PATH }],
    ['tool_input.files[0]', { files: [NUL_PATH] }],
    ['tool_input.files[0].path', { files: [{ path: NUL_PATH }] }],
  ])(
    'in %s: the guard runs without TOOL_INPUT_FILE_PATH and denies, with a diagnostic',
    async (_, fields) => {
      const engine = await engineWithClaudeHooks({ PreToolUse: group(SAYS_PATH_AND_DENIES, {}, 'Write') });
      const input = { ...writeInput('/p'), tool_input: { content: 'x', ...fields } };
      const result = await engine.dispatch('PreToolUse', input);
      expect(result.decision).toBe('deny');
      expect(result.hooks[0]?.outcome).toBe('blocking');
      expect(result.hooks[0]?.stderr).toBe('unset');
      expect(result.diagnostics.map((d) => d.code)).toEqual(['RUNNER_INPUT_ENV_INVALID']);
    },
  );

  it('CLAUDE_HOOK_INPUT still carries the input, with the NUL escaped by JSON', async () => {
    const engine = await engineWithClaudeHooks({
      PreToolUse: group('printf %s "$CLAUDE_HOOK_INPUT" >&2; exit 2', {}, 'Write'),
    });
    const result = await engine.dispatch('PreToolUse', writeInput(NUL_PATH));
    expect(result.decision).toBe('deny');
    expect(result.hooks[0]?.stderr).toContain('\\u0000');
    expect(JSON.parse(result.hooks[0]?.stderr ?? '').tool_input.file_path).toBe(NUL_PATH);
  });

  it.each([
    ['an object', { path: NUL_PATH }],
    ['a JSON string', JSON.stringify({ path: NUL_PATH })],
  ])(
    'in Copilot toolArgs as %s: the guard runs without TOOL_INPUT_FILE_PATH and denies',
    async (_, toolArgs) => {
      const deny = `printf '{"permissionDecision":"deny","permissionDecisionReason":"%s"}' "\${TOOL_INPUT_FILE_PATH-unset}"`;
      const project = makeTree({
        '.github/hooks/guard.json': { version: 1, hooks: { preToolUse: [{ type: 'command', bash: deny }] } },
      });
      const engine = await copilotEngineIn(project);
      const result = await engine.dispatch('preToolUse', { toolName: 'edit', toolArgs });
      await engine.close();
      expect(result.decision).toBe('deny');
      expect(result.reason).toBe('unset');
      expect(result.diagnostics.map((d) => d.code)).toEqual(['RUNNER_INPUT_ENV_INVALID']);
    },
  );
});

describe('item 2: timeouts Node timers cannot hold', () => {
  for (const timeout of [2_147_484, 1e10, 1e308]) {
    it(`timeout ${timeout} s does not kill the hook at once`, async () => {
      const engine = await engineWithClaudeHooks({
        PreToolUse: group(`sleep 0.2; ${DENY}`, { timeout }, 'Write'),
      });
      const result = await engine.dispatch('PreToolUse', writeInput('/p'));
      expect(result.decision).toBe('deny');
      expect(result.hooks[0]?.outcome).toBe('blocking');
      const codes = engine.config.diagnostics.map((d) => d.code);
      expect(codes).toContain('CONFIG_TIMEOUT_TOO_LARGE');
    });
  }

  it('validate reports the timeout as an error with the limit', async () => {
    const root = makeTree({
      '.claude/settings.json': {
        hooks: {
          PreToolUse: [{ matcher: 'Write', hooks: [{ type: 'command', command: DENY, timeout: 1e10 }] }],
        },
      },
    });
    const run = await runCliInProcess([
      'validate',
      '--json',
      '--no-user',
      '--cwd',
      root,
      '.claude/settings.json',
    ]);
    expect(run.code).toBe(1);
    const found = JSON.parse(run.stdout).diagnostics.find(
      (d: { code: string }) => d.code === 'CONFIG_TIMEOUT_TOO_LARGE',
    );
    expect(found?.severity).toBe('error');
    expect(found?.suggestion).toBe(String(MAX_TIMEOUT_SEC));
  });

  it('a programmatic handler with an unholdable timeout is clamped with a diagnostic', async () => {
    const engine = await engineWithClaudeHooks({});
    const slowDeny = async (): Promise<boolean> => {
      await new Promise((resolve) => setTimeout(resolve, 50));
      return false;
    };
    engine
      .session('s')
      .addFunctionHook('PreToolUse', 'Write', slowDeny, 'denied by the guard', { timeout: 1e13 });
    const result = await engine.dispatch('PreToolUse', writeInput('/p'));
    expect(result.decision).toBe('deny');
    expect(result.hooks[0]?.warnings.join('\n')).toContain('beyond what timers can hold');
  });
});

describe('item 5: a matcher the regex engine refuses', () => {
  const giant = 'é'.repeat(40_000);

  it("is that group's diagnostic at load; the other groups still deny", async () => {
    const engine = await engineWithClaudeHooks({
      PreToolUse: [...group('true', {}, giant), ...group(DENY, {}, 'Write')],
    });
    const result = await engine.dispatch('PreToolUse', writeInput('/p'));
    expect(result.decision).toBe('deny');
    expect(result.hooks).toHaveLength(1);
  });

  it("a giant `if` rule is that hook's error; the other hooks still deny", async () => {
    const engine = await engineWithClaudeHooks({
      PreToolUse: [...group('true', { if: `Bash(${giant})` }, 'Bash'), ...group(DENY, {}, 'Bash')],
    });
    const input = { ...writeInput('/p'), tool_name: 'Bash', tool_input: { command: 'ls' } };
    const result = await engine.dispatch('PreToolUse', input);
    expect(result.decision).toBe('deny');
  });

  it('validate rejects the matcher', async () => {
    const root = makeTree({
      '.claude/settings.json': {
        hooks: { PreToolUse: [{ matcher: giant, hooks: [{ type: 'command', command: DENY }] }] },
      },
    });
    const run = await runCliInProcess([
      'validate',
      '--json',
      '--no-user',
      '--cwd',
      root,
      '.claude/settings.json',
    ]);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('too large');
  });
});
