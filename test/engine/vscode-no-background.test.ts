// VS Code runs no hook in the background: its hook service waits for every hook
// (other-agents-hooks.md §2.5 `ChatHookService.executeHook`; §7.1 "Async / background": ❌). Each
// case runs a real hook process through the engine from a VS Code-format source, and a Claude
// Code control shows the same hook does go to the background where the host supports it.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createHookEngine, type DispatchResult, type InlineSource } from '../../src/index.ts';
import { validateJson } from '../helpers/report-json.ts';
import { makeTree, tempDir } from '../helpers/temp-dir.ts';

const POST_TOOL_INPUT = {
  tool_name: 'run_in_terminal',
  tool_input: { command: 'ls' },
  tool_use_id: 't1',
  tool_response: 'ok',
};

const LATE_CONTEXT = { hookSpecificOutput: { hookEventName: 'PostToolUse', additionalContext: 'late' } };

/** Prints Claude's `{"async":true}` marker line, then its answer, then leaves `done` behind. */
function markerThenAnswer(done: string): string {
  return `printf '%s\\n' '{"async":true}' '${JSON.stringify(LATE_CONTEXT)}'; echo ok > '${done}'`;
}

function vscodeSource(entry: Record<string, unknown>): InlineSource {
  return {
    file: '.github/hooks/guard.json',
    kind: 'vscode-hooks',
    scope: 'project',
    config: { hooks: { PostToolUse: [{ type: 'command', ...entry }] } },
  };
}

async function dispatchOnce(
  profile: 'vscode' | 'claude-code',
  source: InlineSource,
): Promise<{ result: DispatchResult; configCodes: string[] }> {
  const engine = await createHookEngine({ discover: false, profile, sources: [source] });
  try {
    const result = await engine.dispatch('PostToolUse', POST_TOOL_INPUT);
    return { result, configCodes: engine.config.diagnostics.map((d) => `${d.code} ${d.message}`) };
  } finally {
    await engine.close();
  }
}

/** The hook's warnings and its ENGINE_OUTPUT_IGNORED diagnostics. */
function ignoredNotes(result: DispatchResult): { warnings: string; diagnostics: string } {
  return {
    warnings: result.hooks.flatMap((hook) => hook.warnings).join('\n'),
    diagnostics: result.diagnostics
      .filter((d) => d.code === 'ENGINE_OUTPUT_IGNORED')
      .map((d) => d.message)
      .join('\n'),
  };
}

describe('vscode: no hook runs in the background (§2.5, §7.1)', () => {
  it('a first line {"async":true} does not background a VS Code hook: it runs to its end, and that is said', async () => {
    const done = path.join(tempDir('vscode-async'), 'done');
    const { result } = await dispatchOnce('vscode', vscodeSource({ command: markerThenAnswer(done) }));
    expect(result.backgrounded).toBeUndefined();
    expect(result.hooks).toHaveLength(1);
    expect(existsSync(done)).toBe(true);
    // VS Code parses the whole stdout once: two JSON lines are plain text there, not an answer.
    expect(result.hooks[0]?.stdout).toContain('"additionalContext":"late"');
    expect(result.additionalContext).toEqual([]);
    const { warnings, diagnostics } = ignoredNotes(result);
    expect(warnings).toContain(
      'ignored the first line {"async": true}: VS Code does not run hooks in the background',
    );
    expect(diagnostics).toMatch(/^PostToolUse hook .*start it in the background from the script/m);
  });

  it('the same hook in a Claude settings file under claude-code does go to the background (control)', async () => {
    const done = path.join(tempDir('vscode-async'), 'done');
    const claude: InlineSource = {
      file: '.claude/settings.json',
      kind: 'claude-settings',
      scope: 'project',
      config: { hooks: { PostToolUse: [{ hooks: [{ type: 'command', command: markerThenAnswer(done) }] }] } },
    };
    const { result } = await dispatchOnce('claude-code', claude);
    expect(result.backgrounded).toHaveLength(1);
    expect(result.hooks).toHaveLength(0);
  });

  it('"async" and "asyncTimeout" in a VS Code hook\'s output are ignored with a warning; the rest is read', async () => {
    const output = { async: true, asyncTimeout: 5000, ...LATE_CONTEXT };
    const command = `printf '%s\\n' '${JSON.stringify(output)}'`;
    const { result } = await dispatchOnce('vscode', vscodeSource({ command }));
    expect(result.backgrounded).toBeUndefined();
    expect(result.additionalContext).toEqual(['late']);
    const { warnings, diagnostics } = ignoredNotes(result);
    const ignored = 'ignored "async" and "asyncTimeout": VS Code does not run hooks in the background';
    expect(warnings).toContain(ignored);
    expect(diagnostics).toContain(ignored);
  });

  it('"async": true in a VS Code hook file is a CONFIG_UNSUPPORTED_BY_HOST warning; the hook is waited for', async () => {
    const done = path.join(tempDir('vscode-async'), 'done');
    const source = vscodeSource({ command: `echo ok > '${done}'`, async: true });
    const { result, configCodes } = await dispatchOnce('vscode', source);
    expect(result.backgrounded).toBeUndefined();
    expect(result.hooks).toHaveLength(1);
    expect(existsSync(done)).toBe(true);
    expect(configCodes).toEqual([
      'CONFIG_UNSUPPORTED_BY_HOST VS Code does not run hooks in the background: "async" is ignored and the hook is waited for',
    ]);
  });

  it('validate --profile vscode shows async and asyncRewake, in VS Code and Claude-format files', async () => {
    const root = makeTree({
      '.github/hooks/guard.json': {
        hooks: { PostToolUse: [{ type: 'command', command: 'x', async: true }] },
      },
      '.claude/settings.json': {
        hooks: {
          PostToolUse: [
            {
              hooks: [
                { type: 'command', command: 'x', async: true },
                { type: 'command', command: 'y', asyncRewake: true },
              ],
            },
          ],
        },
      },
    });
    const { code, diagnostics } = await validateJson(root, [
      '.github/hooks/guard.json',
      '.claude/settings.json',
    ]);
    expect(code).toBe(0);
    const found = diagnostics.map((d) => `${d.code} ${d.pointer}`);
    expect(found).toEqual([
      'CONFIG_UNSUPPORTED_BY_HOST /hooks/PostToolUse/0/async',
      'CONFIG_UNSUPPORTED_BY_HOST /hooks/PostToolUse/0/hooks/0/async',
      'CONFIG_UNSUPPORTED_BY_HOST /hooks/PostToolUse/0/hooks/1/asyncRewake',
    ]);
  });
});
