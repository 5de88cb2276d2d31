import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { installPlan } from '../../src/bridge/install.ts';
import { guardTree } from '../bridge/guards.ts';
import { runCliInProcess } from '../helpers/cli.ts';
import { makeTree } from '../helpers/temp-dir.ts';

/** A project with a Copilot-format and a VS Code-format guard, and Claude's settings as given. */
function project(claudeSettings: object): string {
  const copilot = guardTree('copilot')['.github/hooks/guard.json'] as object;
  const vscode = guardTree('vscode')['.github/hooks/guard.json'] as object;
  return makeTree(
    {
      '.claude/settings.json': claudeSettings,
      '.github/hooks/copilot-guard.json': copilot,
      '.github/hooks/vscode-guard.json': vscode,
    },
    'list-bridge',
  );
}

// Issue 16 item 2: `list` shows bridged hooks with their origin (docs/bridge.md).
describe('list and the bridge', () => {
  it('lists what the installed Claude Code bridge runs, each hook with its origin host and file', async () => {
    const dir = project(installPlan('claude-code', 'agent-hooks').config);
    const run = await runCliInProcess([
      'list',
      '--profile',
      'claude-code',
      '--cwd',
      dir,
      '--no-user',
      '--json',
    ]);
    expect(run.code).toBe(0);
    const { bridges } = JSON.parse(run.stdout);
    expect(bridges).toHaveLength(1);
    expect(bridges[0].host).toBe('claude-code');
    const origins = bridges[0].handlers.map(
      (h: { origin: string; dialect: string; source: { file: string } }) => [
        h.origin,
        h.dialect,
        h.source.file,
      ],
    );
    // Copilot claims files with `version`; VS Code those without (other-agents-hooks.md §2.4 step 1).
    expect(origins).toEqual([
      ['copilot-cli', 'copilot', join(dir, '.github/hooks/copilot-guard.json')],
      ['vscode', 'vscode', join(dir, '.github/hooks/vscode-guard.json')],
    ]);
    // Claude Code runs its own settings file itself: the bridge leaves it alone.
    expect(bridges[0].nativeFiles).toEqual([join(dir, '.claude/settings.json')]);
  });

  it('shows --bridge HOST before any install, in the human listing', async () => {
    const dir = project(guardTree('claude')['.claude/settings.json'] as object);
    const run = await runCliInProcess([
      'list',
      '--profile',
      'vscode',
      '--bridge',
      'vscode',
      '--cwd',
      dir,
      '--no-user',
    ]);
    expect(run.code).toBe(0);
    // VS Code leaves Claude's files to the bridge while chat.useClaudeHooks is off (§2.2).
    expect(run.stdout).toMatch(/Bridged \(1\) run by agent-hooks bridge --host vscode/);
    expect(run.stdout).toMatch(/PreToolUse \[Bash\] command: sh .*guard\.sh claude/);
    expect(run.stdout).toMatch(/origin claude-code · claude \(PreToolUse\) · \.claude\/settings\.json/);
    expect(run.stdout).toMatch(/not bridged: \.github\/hooks\/copilot-guard\.json \(vscode runs it itself\)/);
  });

  it('has no bridges without an installed bridge or --bridge', async () => {
    const dir = project(guardTree('claude')['.claude/settings.json'] as object);
    const run = await runCliInProcess([
      'list',
      '--profile',
      'claude-code',
      '--cwd',
      dir,
      '--no-user',
      '--json',
    ]);
    expect(JSON.parse(run.stdout).bridges).toBeUndefined();
  });
});
