import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCliInProcess, spawnBuiltCli } from '../helpers/cli.ts';
import { tempDir } from '../helpers/temp-dir.ts';

const HOOK_FILE = '.vscode/hooks/agent-hooks.json';

/** Nothing written: a refused install leaves the project as it was. */
function untouched(project: string): void {
  expect(existsSync(join(project, HOOK_FILE))).toBe(false);
  expect(existsSync(join(project, '.vscode/settings.json'))).toBe(false);
}

// `bridge` is the host's hook and the parent of install/uninstall: what is given before the
// subcommand's name is read as bridge's own options (src/cli/bridge-option-order.ts).
describe('bridge install/uninstall with options before the subcommand name', () => {
  it('--host and --cwd before install work as after it, and uninstall takes them back', async () => {
    const project = tempDir('bridge-order');
    const before = await runCliInProcess(['bridge', '--host', 'vscode', '--cwd', project, 'install']);
    expect(before.code).toBe(0);
    expect(readFileSync(join(project, HOOK_FILE), 'utf8')).toContain('agent-hooks bridge --host vscode');
    const after = await runCliInProcess(['bridge', 'install', '--host', 'vscode', '--cwd', project]);
    expect(after.stderr).toContain('already bridged, nothing changed');
    const removed = await runCliInProcess(['bridge', '--host', 'vscode', '--cwd', project, 'uninstall']);
    expect(removed.code).toBe(0);
    untouched(project);
  });

  it("an option of install's own before its name names the order that works, in the CLI's form", async () => {
    const project = tempDir('bridge-order');
    const run = await runCliInProcess(['bridge', '--host', 'vscode', '--cwd', project, '--json', 'install']);
    const message = `bridge install: --json is given before 'install', where only the bridge's own options are read; write install's options after its name: agent-hooks bridge install --host vscode --cwd ${project} --json`;
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(`agent-hooks: ${message}\n`);
    // --json was asked for, if in the wrong place: the failure document says the same, coded.
    expect(JSON.parse(run.stdout)).toEqual({
      error: { code: 'CLI_USAGE', message },
      files: [],
      notes: [],
      warnings: [],
    });
    untouched(project);
  });

  it('the built bin: an unknown option first, the rest follows it in the suggested line', async () => {
    const project = tempDir('bridge-order');
    const run = await spawnBuiltCli(['bridge', '--force', '--host', 'vscode', 'uninstall'], { cwd: project });
    expect(run).toMatchObject({ code: 1, stdout: '' });
    expect(run.stderr).toBe(
      "agent-hooks: bridge uninstall: --force is given before 'uninstall', where only the bridge's own options are read; write uninstall's options after its name: agent-hooks bridge uninstall --host vscode --force\n",
    );
  });

  const bridgeOnly: Array<[string, string[]]> = [
    ['--from', ['--from', 'claude-code']],
    ['--event', ['--event', 'preToolUse']],
    ['--include-native', ['--include-native']],
    ['--no-user', ['--no-user']],
    ['--state-dir', ['--state-dir', '/tmp']],
  ];
  for (const [flag, words] of bridgeOnly) {
    it(`${flag}, an option of the hook only, is refused by install instead of dropped`, async () => {
      const project = tempDir('bridge-order');
      // Before the name or after it: commander gives it to the bridge either way.
      const run = await runCliInProcess([
        'bridge',
        ...words,
        'install',
        '--host',
        'vscode',
        '--cwd',
        project,
      ]);
      const after = await runCliInProcess([
        'bridge',
        'install',
        '--host',
        'vscode',
        '--cwd',
        project,
        ...words,
      ]);
      expect(after).toEqual(run);
      expect(run).toMatchObject({ code: 1, stdout: '' });
      const json = await runCliInProcess([
        'bridge',
        'install',
        '--host',
        'vscode',
        '--cwd',
        project,
        ...words,
        '--json',
      ]);
      expect(JSON.parse(json.stdout).error.code).toBe('CLI_USAGE');
      expect(run.stderr).toBe(
        `agent-hooks: bridge install: ${flag} is an option of the bridge a host runs, which bridge install does not take nor write into the command it installs; leave it out (\`agent-hooks bridge install --help\` lists its options)\n`,
      );
      untouched(project);
    });
  }

  it('the hook itself is unchanged: an unknown option is still a BRIDGE_USAGE crash', async () => {
    const run = await runCliInProcess(['bridge', '--host', 'vscode', '--json'], { stdin: '{}' });
    expect(run).toMatchObject({ code: 1, stdout: '' });
    expect(run.stderr).toBe(
      "agent-hooks bridge: BRIDGE_USAGE: unknown option '--json'; no hook ran (`agent-hooks bridge --help` lists the options)\n",
    );
  });
});
