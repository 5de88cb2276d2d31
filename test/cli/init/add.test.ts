import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCliInProcess } from '../../helpers/cli.ts';
import { makeTree } from '../../helpers/temp-dir.ts';

const GUARD = '#!/bin/sh\necho "no pushing from hooks tests" >&2\nexit 2\n';
const CALL = JSON.stringify({ tool_name: 'Bash', tool_input: { command: 'git push' } });
/** Tab-indented, with a key of its own: both must survive the merge. */
const TEAM_SETTINGS = '{\n\t"model": "sonnet"\n}\n';

async function decisionIn(project: string, profile: string): Promise<string | null> {
  const run = await runCliInProcess([
    'run',
    'PreToolUse',
    '--cwd',
    project,
    '--profile',
    profile,
    '--no-user',
    '--trust-folder',
    '--json',
    '--input',
    CALL,
  ]);
  return (JSON.parse(run.stdout) as { decision: string | null }).decision;
}

describe('agent-hooks add', () => {
  it('merges a hook into .claude/settings.json, keeping its keys and indentation, and the hook runs', async () => {
    const project = makeTree({ 'guard.sh': GUARD, '.claude/settings.json': TEAM_SETTINGS });
    const args = [
      'add',
      'PreToolUse',
      '--matcher',
      'Bash',
      '--command',
      'sh ./guard.sh',
      '--to',
      '.claude/settings.json',
      '--cwd',
      project,
    ];
    const run = await runCliInProcess(args);
    expect(run.code).toBe(0);
    expect(run.stdout).not.toContain('DOCTOR_');
    expect(run.stdout).toMatch(
      /^\+\s+"\$schema": "https:\/\/json\.schemastore\.org\/claude-code-settings\.json",$/m,
    );
    expect(run.stdout).toMatch(/^\+\s+"matcher": "Bash",$/m);
    const text = readFileSync(join(project, '.claude/settings.json'), 'utf8');
    expect(text).toMatch(/^\t"model": "sonnet",$/m);
    expect(text).toMatch(/^\t\t"PreToolUse": \[$/m);
    expect(await decisionIn(project, 'claude-code')).toBe('deny');
    // The same hook again: nothing changes (the writer does not add an equal entry twice).
    const again = await runCliInProcess(args);
    expect(again.stdout).toContain('the hooks are already there, nothing changes');
    expect(readFileSync(join(project, '.claude/settings.json'), 'utf8')).toBe(text);
  });

  it('warns, as doctor would, when the hook it adds cannot start, and still writes it', async () => {
    const project = makeTree({ '.claude/settings.json': TEAM_SETTINGS });
    const add = (command: string, ...more: string[]) =>
      runCliInProcess([
        'add',
        'PreToolUse',
        '--matcher',
        'Bash',
        '--command',
        command,
        '--cwd',
        project,
        ...more,
      ]);
    const typo = await add('./gaurd.sh');
    expect(typo.code).toBe(0);
    expect(typo.stderr).toContain(
      'warning: DOCTOR_PROGRAM_MISSING: PreToolUse hook runs gaurd.sh, but it does not exist.',
    );
    // On stderr, so `add … | head` or a redirect of the diff cannot hide it.
    expect(typo.stdout).not.toContain('warning:');
    expect(typo.stdout).toContain('./gaurd.sh');
    expect(readFileSync(join(project, '.claude/settings.json'), 'utf8')).toContain('./gaurd.sh');
    // An interpreter's missing script, and --json: the warning is in `warnings`.
    const script = await add('node ./hooks/missing.mjs', '--json', '--dry-run');
    const json = JSON.parse(script.stdout) as { warnings: string[]; written: boolean };
    expect(json.written).toBe(false);
    expect(json.warnings).toEqual([
      expect.stringMatching(/^DOCTOR_PROGRAM_MISSING: .*hooks\/missing\.mjs does not exist/),
    ]);
  });

  it('writes Copilot CLI camelCase keys, its matcher spelling, version and $schema (other-agents-hooks.md §1.1, §1.4)', async () => {
    const project = makeTree({ 'guard.sh': GUARD });
    const run = await runCliInProcess([
      'add',
      'PreToolUse',
      '--matcher',
      'Bash',
      '--command',
      'sh ./guard.sh',
      '--host',
      'copilot-cli',
      '--timeout',
      '5',
      '--cwd',
      project,
    ]);
    expect(run.code).toBe(0);
    const written = JSON.parse(readFileSync(join(project, '.github/hooks/hooks.json'), 'utf8'));
    expect(written).toEqual({
      $schema: 'https://unpkg.com/agent-hooks/schema/copilot-hooks.schema.json',
      version: 1,
      hooks: {
        preToolUse: [{ type: 'command', bash: 'sh ./guard.sh', timeoutSec: 5, matcher: 'bash|powershell' }],
      },
    });
    expect(run.stderr).toMatch(/note: camelCase Copilot events send camelCase input/);
    expect(await decisionIn(project, 'copilot-cli')).toBe('deny');
  });

  it('writes the VS Code format into .github/hooks and says that VS Code ignores the matcher (§2.4)', async () => {
    const project = makeTree({ 'guard.sh': GUARD });
    const run = await runCliInProcess([
      'add',
      'PreToolUse',
      '--matcher',
      'Bash',
      '--command',
      'sh ./guard.sh',
      '--host',
      'vscode',
      '--cwd',
      project,
    ]);
    expect(run.code).toBe(0);
    expect(run.stderr).toMatch(/note: VS Code ignores matchers/);
    const written = JSON.parse(readFileSync(join(project, '.github/hooks/hooks.json'), 'utf8'));
    expect(written.$schema).toBe('https://unpkg.com/agent-hooks/schema/vscode-hooks.schema.json');
    expect(await decisionIn(project, 'vscode')).toBe('deny');
  });

  it('refuses a target with bad JSON and leaves it as it was; --force replaces it', async () => {
    const project = makeTree({ '.claude/settings.json': '{ "hooks": ' });
    const args = ['add', 'Stop', '--command', 'true', '--to', '.claude/settings.json', '--cwd', project];
    const run = await runCliInProcess(args);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(
      /INIT_TARGET_INVALID: not writing .*settings\.json: it cannot be merged into because it is not valid JSON \(\w+ at line 1, column \d+\)/,
    );
    expect(readFileSync(join(project, '.claude/settings.json'), 'utf8')).toBe('{ "hooks": ');
    const forced = await runCliInProcess([...args, '--force']);
    expect(forced.code).toBe(0);
    expect(JSON.parse(readFileSync(join(project, '.claude/settings.json'), 'utf8')).hooks.Stop).toHaveLength(
      1,
    );
  });

  it('refuses an event the host does not have, a matcher on an event without one, and writes nothing', async () => {
    const project = makeTree({});
    const denied = await runCliInProcess([
      'add',
      'PermissionDenied',
      '--command',
      'true',
      '--host',
      'copilot-cli',
      '--cwd',
      project,
    ]);
    expect(denied.code).toBe(1);
    expect(denied.stderr).toMatch(/INIT_RESULT_INVALID: nothing to write into .*hooks\.json/);
    const matcher = await runCliInProcess([
      'add',
      'Stop',
      '--matcher',
      'Bash',
      '--command',
      'true',
      '--host',
      'claude-code',
      '--cwd',
      project,
    ]);
    expect(matcher.code).toBe(1);
    expect(matcher.stderr).toMatch(/Stop takes no matcher/);
    const listing = await runCliInProcess(['list', '--cwd', project, '--no-user', '--json']);
    expect(JSON.parse(listing.stdout).handlers).toEqual([]);
  });

  it('--dry-run prints the diff and writes nothing; --json describes the write', async () => {
    const project = makeTree({});
    const dry = await runCliInProcess([
      'add',
      'SessionStart',
      '--command',
      'echo hi',
      '--host',
      'claude-code',
      '--cwd',
      project,
      '--dry-run',
      '--json',
    ]);
    expect(dry.code).toBe(0);
    const json = JSON.parse(dry.stdout);
    expect(json).toMatchObject({
      host: 'claude-code',
      kind: 'claude-settings',
      mode: 'create',
      written: false,
    });
    expect(json.diff).toContain('+++ ');
    const listing = await runCliInProcess(['list', '--cwd', project, '--no-user', '--json']);
    expect(JSON.parse(listing.stdout).handlers).toEqual([]);
  });
});

it('refuses a Claude settings file with comments, which Claude Code cannot read either', async () => {
  const settings = '{\n  // the team\'s model\n  "model": "sonnet"\n}\n';
  const project = makeTree({ '.claude/settings.json': settings });
  const run = await runCliInProcess([
    'add',
    'Stop',
    '--command',
    'true',
    '--cwd',
    project,
    '--host',
    'claude-code',
  ]);
  expect(run.code).toBe(1);
  expect(run.stderr).toMatch(
    /INIT_TARGET_INVALID: not writing .*: it has errors; fix it, or pass --force to replace the whole file \(everything else in it is lost\)\n {2}CONFIG_INVALID_JSON at .*settings\.json:2:3/,
  );
  expect(readFileSync(join(project, '.claude/settings.json'), 'utf8')).toBe(settings);
});
