// VS Code: on conflicting updatedInput, the workspace hook wins over the user hook, whatever the
// configured order (seed 000: "workspace hooks take precedence"; issue 12 point 18). Claude Code
// keeps the last in configured order.
import { describe, expect, it } from 'vitest';
import { createHookEngine } from '../../src/index.ts';
import type { ProfileName } from '../../src/model/profile-name.ts';

/** A real hook process answering with an updatedInput that names its own scope. */
function rewrite(scope: string): string {
  const output = {
    hookSpecificOutput: {
      hookEventName: 'PreToolUse',
      permissionDecision: 'allow',
      updatedInput: { command: scope },
    },
  };
  return `cat >/dev/null; echo '${JSON.stringify(output)}'`;
}

async function dispatchWith(profile: ProfileName) {
  const kind = profile === 'vscode' ? 'vscode-hooks' : 'claude-settings';
  const config = (scope: string) =>
    profile === 'vscode'
      ? { hooks: { PreToolUse: [{ type: 'command', command: rewrite(scope) }] } }
      : { hooks: { PreToolUse: [{ hooks: [{ type: 'command', command: rewrite(scope) }] }] } };
  const engine = await createHookEngine({
    discover: false,
    profile,
    sources: [
      { file: 'workspace.json', kind, scope: 'project', config: config('workspace') },
      { file: 'user.json', kind, scope: 'user', config: config('user') },
    ],
  });
  try {
    return await engine.dispatch('PreToolUse', {
      tool_name: 'Bash',
      tool_input: { command: 'ls' },
      tool_use_id: 't',
    });
  } finally {
    await engine.close();
  }
}

describe('updatedInput precedence across scopes', () => {
  it('vscode: the workspace hook wins over the user hook, and the conflict is reported (seed 000)', async () => {
    const result = await dispatchWith('vscode');
    expect(result.hooks.map((h) => h.source.file)).toEqual(['workspace.json', 'user.json']);
    expect(result.updatedInput).toEqual({ command: 'workspace' });
    const conflicts = result.diagnostics.filter((d) => d.code === 'ENGINE_OUTPUT_CONFLICT');
    expect(conflicts.map((d) => d.message).join('\n')).toMatch(
      /\(workspace\) wins over .*\(user; seed 000\)/,
    );
  });

  it('claude-code: the last in configured order wins (claude-code-hooks.md §3.4)', async () => {
    const result = await dispatchWith('claude-code');
    expect(result.updatedInput).toEqual({ command: 'user' });
  });
});
