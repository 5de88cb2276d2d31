// Session hooks added at run time (engine.session().addSessionHook) under the vscode profile. The
// entry is spelled as in a Claude settings file, and VS Code reads such an entry by its own rules
// (other-agents-hooks.md §2.4 steps 3–4: matcher discarded, only command hooks, only its own
// command keys; §2.5 and §7.1: every hook is waited for). So the engine reads a session hook as it
// reads the same entry in `.claude/settings.json`, and says what it dropped in every dispatch
// result the hook runs in (a session hook has no file for `validate` or `list`). Real processes
// from fixture scripts; Claude Code controls show the keys do change the run where the host has them.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createHookEngine, type DispatchResult, type HookEngine } from '../../src/index.ts';
import { until } from '../helpers/poll.ts';
import { tempDir } from '../helpers/temp-dir.ts';

const PRINT_ARGS = fileURLToPath(new URL('../fixtures/command/print-args.sh', import.meta.url));
const ANSWER = fileURLToPath(new URL('../fixtures/copilot/answer.sh', import.meta.url));

type Profile = 'vscode' | 'claude-code';

/** A Read call, which no "Bash" matcher or `if` rule matches. */
const READ_CALL = { tool_name: 'Read', tool_input: { file_path: 'a.txt' }, tool_use_id: 't1' };
/** A finished Bash call: the Claude Code controls' matcher "Bash" matches it. */
const BASH_DONE = {
  tool_name: 'Bash',
  tool_input: { command: 'ls' },
  tool_use_id: 't2',
  tool_response: 'ok',
};

/** answer.sh: copies its stdin to `done`, prints `stderr` there, exits `code`. */
function answer(done: string, stderr = '', code = 0): string {
  return `sh '${ANSWER}' '' '${stderr}' ${code} '${done}'`;
}

async function withEngine<T>(profile: Profile, use: (engine: HookEngine) => Promise<T>): Promise<T> {
  const engine = await createHookEngine({ discover: false, profile, sessionId: 's1' });
  try {
    return await use(engine);
  } finally {
    await engine.close();
  }
}

/** The result's CONFIG_UNSUPPORTED_BY_HOST diagnostics: severity, then message. */
function hostNotes(result: DispatchResult): string[] {
  return result.diagnostics
    .filter((d) => d.code === 'CONFIG_UNSUPPORTED_BY_HOST')
    .map((d) => `${d.severity} ${d.message}`);
}

const ASYNC_NOTE =
  'VS Code does not run hooks in the background: "{key}" is ignored and the hook is waited for';

describe('vscode: a session hook follows the rules of a file hook (§2.4–§2.5)', () => {
  it('"async": true runs in the foreground, and the result says so; under Claude Code it goes to the background', async () => {
    const done = join(tempDir('vscode-session'), 'done');
    const entry = { type: 'command', command: answer(done), async: true };
    const vscode = await withEngine('vscode', async (engine) => {
      engine.session('s1').addSessionHook('PostToolUse', 'Bash', entry);
      return engine.dispatch('PostToolUse', BASH_DONE);
    });
    expect(vscode.backgrounded).toBeUndefined();
    expect(vscode.hooks).toHaveLength(1);
    expect(existsSync(done)).toBe(true);
    const note = ASYNC_NOTE.replace('{key}', 'async');
    expect(vscode.hooks[0]?.warnings).toEqual([note]);
    expect(hostNotes(vscode)).toEqual([
      'info PostToolUse hook ' +
        `${vscode.hooks[0]?.label}: VS Code ignores matchers; these hooks run for every tool, not only "Bash"`,
      `warning PostToolUse hook ${vscode.hooks[0]?.label}: ${note}`,
    ]);
    const claude = await withEngine('claude-code', async (engine) => {
      engine.session('s1').addSessionHook('PostToolUse', 'Bash', entry);
      return engine.dispatch('PostToolUse', BASH_DONE);
    });
    expect(claude.backgrounded).toHaveLength(1);
    expect(claude.hooks).toEqual([]);
  });

  it('"asyncRewake": true is waited for, so its exit 2 blocks the call as VS Code reads it; nothing wakes later', async () => {
    const done = join(tempDir('vscode-session'), 'done');
    const wakes: string[] = [];
    const engine = await createHookEngine({
      discover: false,
      profile: 'vscode',
      sessionId: 's1',
      onAsyncWake: (wake) => wakes.push(wake.message),
    });
    try {
      const entry = { type: 'command', command: answer(done, 'tests fail', 2), asyncRewake: true };
      engine.session('s1').addSessionHook('PostToolUse', undefined, entry);
      const result = await engine.dispatch('PostToolUse', BASH_DONE);
      expect(result.backgrounded).toBeUndefined();
      expect(result.decision).toBe('block');
      expect(result.reason).toContain('tests fail');
      expect(hostNotes(result)).toEqual([
        `warning PostToolUse hook ${result.hooks[0]?.label}: ${ASYNC_NOTE.replace('{key}', 'asyncRewake')}`,
      ]);
      expect(wakes).toEqual([]);
    } finally {
      await engine.close();
    }
  });

  it('Claude-only keys ("args", "if") are not read and are said in every result the hook runs in', async () => {
    const entry = { type: 'command', command: PRINT_ARGS, args: ['one'], if: 'Bash(rm *)' };
    const results = await withEngine('vscode', async (engine) => {
      engine.session('s1').addSessionHook('PreToolUse', undefined, entry);
      const first = await engine.dispatch('PreToolUse', READ_CALL);
      return [first, await engine.dispatch('PreToolUse', READ_CALL)];
    });
    for (const result of results) {
      expect(result.hooks.map((hook) => hook.stdout)).toEqual(['']);
      const said = hostNotes(result);
      expect(said).toHaveLength(2);
      expect(said[0]).toContain('VS Code has no exec form: "args" is ignored');
      expect(said[1]).toContain('VS Code has no "if" filter');
      expect(result.diagnostics[0]).toMatchObject({ file: '<addSessionHook>', event: 'PreToolUse' });
    }
    const claude = await withEngine('claude-code', async (engine) => {
      engine.session('s1').addSessionHook('PreToolUse', undefined, entry);
      return engine.dispatch('PreToolUse', READ_CALL);
    });
    expect(claude.hooks).toEqual([]);
    expect(claude.skipped.map((s) => s.why)).toEqual(['"if" rule Bash(rm *) does not match this call']);
  });

  it('an http hook is refused at registration, as VS Code skips it in a file; Claude Code takes it', async () => {
    const entry = { type: 'http', url: 'http://127.0.0.1:9/hook' };
    await withEngine('vscode', async (engine) => {
      const session = engine.session('s1');
      let thrown: unknown;
      try {
        session.addSessionHook('Stop', undefined, entry);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toMatchObject({ code: 'ENGINE_INVALID_SESSION_HOOK' });
      expect((thrown as Error).message).toContain(
        'VS Code runs only "command" hooks; this "http" hook is skipped',
      );
      expect(session.hasHooks()).toBe(false);
    });
    await withEngine('claude-code', async (engine) => {
      engine.session('s1').addSessionHook('Stop', undefined, entry);
      expect(engine.session('s1').hasHooks()).toBe(true);
    });
  });

  it('a background hook of the same entry under Claude Code wakes the host on exit 2 (control)', async () => {
    const done = join(tempDir('claude-session'), 'done');
    const wakes: string[] = [];
    const engine = await createHookEngine({
      discover: false,
      sessionId: 's1',
      onAsyncWake: (wake) => wakes.push(wake.message),
    });
    try {
      const entry = { type: 'command', command: answer(done, 'tests fail', 2), asyncRewake: true };
      engine.session('s1').addSessionHook('PostToolUse', undefined, entry);
      const result = await engine.dispatch('PostToolUse', BASH_DONE);
      expect(result.backgrounded).toHaveLength(1);
      await until(() => wakes.length > 0, 'the asyncRewake wake');
      expect(wakes.join('\n')).toContain('tests fail');
    } finally {
      await engine.close();
    }
  });
});
