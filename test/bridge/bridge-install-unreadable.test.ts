import { existsSync, mkdirSync, readdirSync, readlinkSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { spawnBuiltCli } from '../helpers/cli.ts';
import { tempDir } from '../helpers/temp-dir.ts';

const HOOK_FILE = '.vscode/hooks/agent-hooks.json';

/** A project whose VS Code hook file is a symbolic link to `target`. */
function linkedHookFile(target: string): { project: string; file: string } {
  const project = tempDir('bridge-unreadable');
  mkdirSync(join(project, '.vscode/hooks'), { recursive: true });
  const file = join(project, HOOK_FILE);
  symlinkSync(target, file);
  return { project, file };
}

/** Runs the built CLI's bridge `verb` for VS Code: it must fail, naming `file` and the fix. */
async function refused(verb: 'install' | 'uninstall', project: string): Promise<string> {
  const run = await spawnBuiltCli(['bridge', verb, '--host', 'vscode', '--cwd', project]);
  expect(run.code).toBe(1);
  expect(run.stdout).toBe('');
  expect(run.stderr).not.toContain('make it readable');
  return run.stderr;
}

describe('bridge install and uninstall: a hook file they cannot read gets the fix for its errno', () => {
  it('a symbolic link loop (ELOOP) is named as one, and the link stays', async () => {
    const { project, file } = linkedHookFile('agent-hooks.json');
    for (const verb of ['install', 'uninstall'] as const)
      expect(await refused(verb, project)).toBe(
        `agent-hooks: BRIDGE_INSTALL_FAILED: ${file} is a symbolic link that leads back to itself (ELOOP: a link loop): nothing was changed; replace the link with the JSON file it should be, or remove it\n`,
      );
    expect(readlinkSync(file)).toBe('agent-hooks.json');
    expect(readdirSync(join(project, '.vscode'))).toEqual(['hooks']);
  });

  it('uninstall through a link to nothing names the link’s target instead of "not there"', async () => {
    const { project, file } = linkedHookFile('gone.json');
    expect(await refused('uninstall', project)).toBe(
      `agent-hooks: BRIDGE_INSTALL_FAILED: ${file} is a symbolic link to a file that does not exist (${join(project, '.vscode/hooks/gone.json')}): nothing was changed; create that file or remove the link\n`,
    );
    expect(readlinkSync(file)).toBe('gone.json');
  });

  it('a file where a folder of the path belongs (ENOTDIR) is named, and stays', async () => {
    const project = tempDir('bridge-enotdir');
    writeFileSync(join(project, '.vscode'), 'not a folder\n');
    const vscode = join(project, '.vscode');
    for (const verb of ['install', 'uninstall'] as const)
      expect(await refused(verb, project)).toBe(
        `agent-hooks: BRIDGE_INSTALL_FAILED: ${join(project, HOOK_FILE)} cannot be reached: ${vscode} on its path is a file, where a folder belongs (ENOTDIR): nothing was changed; move ${vscode} out of the way\n`,
      );
    expect(readdirSync(project)).toEqual(['.vscode']);
  });

  it('add --to a link loop: the shared writer says the same', async () => {
    const project = tempDir('add-eloop');
    mkdirSync(join(project, '.claude'));
    const file = join(project, '.claude/settings.json');
    symlinkSync('settings.json', file);
    const run = await spawnBuiltCli(['add', 'Stop', '--command', 'true', '--to', file, '--cwd', project]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      `not writing ${file}: it is a symbolic link that leads back to itself (ELOOP: a link loop); replace the link with the file it should be, or remove it`,
    );
    expect(existsSync(join(project, '.claude/hooks'))).toBe(false);
  });
});
