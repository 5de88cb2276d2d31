// Claude's command-handler keys that VS Code's command entries lack (other-agents-hooks.md §2.3;
// §2.4 `normalizeHookCommand`): VS Code drops them and runs `command` with `spawn(command, [],
// {shell: true})` (§2.5 `NodeHookExecutor.executeCommand`). Each case runs a real process through
// the engine from a Claude-format file read under the vscode profile, with a Claude Code control
// that shows the key does change the run where the host reads it.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createHookEngine, type DispatchResult, type InlineSource } from '../../src/index.ts';
import { listJson, validateJson } from '../helpers/report-json.ts';
import { makeTree } from '../helpers/temp-dir.ts';

const PRINT_ARGS = fileURLToPath(new URL('../fixtures/command/print-args.sh', import.meta.url));
const ANSWER = fileURLToPath(new URL('../fixtures/copilot/answer.sh', import.meta.url));

const PRE_TOOL_INPUT = { tool_name: 'Bash', tool_input: { command: 'ls' }, tool_use_id: 't1' };

/** `.claude/settings.json` with one PreToolUse handler, as the profile's reader loads it. */
function claudeFile(profile: 'vscode' | 'claude-code', handler: Record<string, unknown>): InlineSource {
  return {
    file: '.claude/settings.json',
    kind: profile === 'vscode' ? 'vscode-hooks' : 'claude-settings',
    scope: 'project',
    config: { hooks: { PreToolUse: [{ hooks: [{ type: 'command', ...handler }] }] } },
  };
}

async function dispatchOnce(
  profile: 'vscode' | 'claude-code',
  handler: Record<string, unknown>,
): Promise<{ result: DispatchResult; configNotes: string[] }> {
  const source = claudeFile(profile, handler);
  const engine = await createHookEngine({ discover: false, profile, sources: [source] });
  try {
    const result = await engine.dispatch('PreToolUse', PRE_TOOL_INPUT);
    const configNotes = engine.config.diagnostics.map((d) => `${d.code} ${d.pointer} ${d.message}`);
    return { result, configNotes };
  } finally {
    await engine.close();
  }
}

describe('vscode: Claude-only handler keys are said and not read (§2.3–§2.5)', () => {
  it('"args": VS Code runs "command" alone through /bin/sh, without the arguments, and so does the engine', async () => {
    const handler = { command: PRINT_ARGS, args: ['one', 'two words'] };
    const vscode = await dispatchOnce('vscode', handler);
    expect(vscode.result.hooks).toHaveLength(1);
    expect(vscode.result.hooks[0]?.stdout).toBe('');
    expect(vscode.configNotes).toEqual([
      'CONFIG_UNSUPPORTED_BY_HOST /hooks/PreToolUse/0/hooks/0/args VS Code has no exec form: "args" is ' +
        'ignored and "command" runs alone through /bin/sh (PowerShell on Windows) with none of these ' +
        'arguments, as the engine runs it under the vscode profile; write the arguments into "command", ' +
        'quoted for the shell',
    ]);
    const claude = await dispatchOnce('claude-code', handler);
    expect(claude.result.hooks[0]?.stdout).toBe('one\ntwo words\n');
    expect(claude.configNotes).toEqual([]);
  });

  it('"shell": "bash" is not read: the command runs through /bin/sh, as in VS Code', async () => {
    const handler = { command: 'echo "$0"', shell: 'bash' };
    const vscode = await dispatchOnce('vscode', handler);
    expect(vscode.result.hooks[0]?.stdout.trim()).toBe('/bin/sh');
    expect(vscode.configNotes.join('\n')).toContain(
      '"shell" is ignored and the command runs through /bin/sh',
    );
    const claude = await dispatchOnce('claude-code', handler);
    expect(claude.result.hooks[0]?.stdout.trim()).toBe('bash');
  });

  it('"if" is not read: the hook runs for a call its rule does not match, as in VS Code', async () => {
    const handler = { command: `sh ${ANSWER} '' '' 0`, if: 'Bash(rm *)' };
    const vscode = await dispatchOnce('vscode', handler);
    expect(vscode.result.hooks).toHaveLength(1);
    expect(vscode.configNotes.join('\n')).toContain(
      'VS Code has no "if" filter (other-agents-hooks.md §7.1): it is ignored and the hook runs every time',
    );
    const claude = await dispatchOnce('claude-code', handler);
    expect(claude.result.hooks).toHaveLength(0);
  });

  it('"onFailure": "block" is not read: exit 1 is a non-blocking warning, as in VS Code', async () => {
    const handler = { command: `sh ${ANSWER} '' 'broken' 1`, onFailure: 'block' };
    const vscode = await dispatchOnce('vscode', handler);
    expect(vscode.result.hooks[0]?.outcome).toBe('non-blocking-error');
    expect(vscode.result.decision).toBeNull();
    expect(vscode.configNotes.join('\n')).toContain('to block, exit 2 from the script');
    const claude = await dispatchOnce('claude-code', handler);
    expect(claude.result.decision).toBe('deny');
  });

  it('validate --profile vscode shows every Claude-only key with its line and column, in both file kinds', async () => {
    const keys = {
      args: ['x'],
      shell: 'bash',
      if: 'Bash(rm *)',
      once: true,
      statusMessage: 's',
      onFailure: 'block',
    };
    const root = makeTree({
      '.claude/settings.json': {
        hooks: { PreToolUse: [{ hooks: [{ type: 'command', command: 'x', ...keys }] }] },
      },
      '.github/hooks/guard.json': { hooks: { PreToolUse: [{ type: 'command', command: 'x', ...keys }] } },
    });
    const { code, diagnostics: found } = await validateJson(root, [
      '.claude/settings.json',
      '.github/hooks/guard.json',
    ]);
    expect(code).toBe(0);
    const names = Object.keys(keys);
    expect(found.map((d) => `${d.severity} ${d.code} ${d.pointer}`)).toEqual([
      ...names.map((key) => `warning CONFIG_UNSUPPORTED_BY_HOST /hooks/PreToolUse/0/hooks/0/${key}`),
      ...names.map((key) => `warning CONFIG_UNSUPPORTED_BY_HOST /hooks/PreToolUse/0/${key}`),
    ]);
    for (const d of found) expect(d.line).toBeGreaterThan(0);
  });

  it('list --profile vscode shows the same warnings', async () => {
    const root = makeTree({
      '.claude/settings.json': {
        hooks: { Stop: [{ hooks: [{ type: 'command', command: 'x', args: ['y'], once: true }] }] },
      },
    });
    const { code, diagnostics } = await listJson(root);
    expect(code).toBe(0);
    const found = diagnostics.map((d) => `${d.code} ${d.pointer}`);
    expect(found).toEqual([
      'CONFIG_UNSUPPORTED_BY_HOST /hooks/Stop/0/hooks/0/args',
      'CONFIG_UNSUPPORTED_BY_HOST /hooks/Stop/0/hooks/0/once',
    ]);
  });
});
