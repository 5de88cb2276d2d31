import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { vscodeUserSettingsFile } from '../../../src/config/discovery/vscode-settings.ts';
import { loadConfig } from '../../../src/config/generation/index.ts';
import { runCliInProcess } from '../../helpers/cli.ts';
import { makeTree, tempDir, writeTree } from '../../helpers/temp-dir.ts';
import { commandOf } from '../generation/settings-fixtures.ts';

/** A VS Code hook file with one PreToolUse command. */
function hookFile(command: string): object {
  return { hooks: { PreToolUse: [{ type: 'command', command }] } };
}

/** A project with hooks in the default `.github/hooks` and in `custom/hooks`, and a home with `~/my-hooks`. */
function tree(): { project: string; home: string; config: string } {
  const project = makeTree(
    {
      '.github/hooks/default.json': hookFile('echo default'),
      'custom/hooks/custom.json': hookFile('echo custom'),
    },
    'vscode-settings',
  );
  const home = makeTree({ 'my-hooks/security.json': hookFile('echo user-security') }, 'vscode-home');
  return { project, home, config: tempDir('vscode-config') };
}

function load(t: { project: string; home: string; config: string }, noUser = false) {
  return loadConfig({
    profile: 'vscode',
    cwd: t.project,
    homeDir: t.home,
    env: { XDG_CONFIG_HOME: t.config },
    platform: 'linux',
    noUser,
  });
}

// Issue 16 item 2 / other-agents-hooks.md §2.2: the vscode profile reads chat.hookFilesLocations
// from VS Code's settings files: defaults, then user settings.json, then .vscode/settings.json.
describe('vscode profile: chat.hookFilesLocations from the settings files', () => {
  it('reads the workspace .vscode/settings.json (JSONC): a folder added, a default turned off', async () => {
    const t = tree();
    writeTree(t.project, {
      '.vscode/settings.json':
        '{\n  // team hooks\n  "chat.hookFilesLocations": { "custom/hooks": true, ".github/hooks": false, },\n}\n',
    });
    const gen = await load(t);
    expect(gen.handlers.map(commandOf)).toEqual(['echo custom']);
    expect(gen.locations.find((l) => l.pattern === '.github/hooks/*.json')).toMatchObject({
      status: 'disabled',
      reason: 'chat.hookFilesLocations[".github/hooks"] is false',
    });
    expect(gen.diagnostics).toEqual([]);
  });

  it('merges the user settings.json under the workspace one, key by key; --no-user leaves the user file out', async () => {
    const t = tree();
    writeTree(t.config, {
      'Code/User/settings.json': {
        'chat.hookFilesLocations': { '~/my-hooks/security.json': true, '.github/hooks': false },
      },
    });
    writeTree(t.project, {
      '.vscode/settings.json': { 'chat.hookFilesLocations': { '.github/hooks': true } },
    });
    expect((await load(t)).handlers.map(commandOf)).toEqual(['echo default', 'echo user-security']);
    expect((await load(t, true)).handlers.map(commandOf)).toEqual(['echo default']);
  });

  it('reads chat.useCustomAgentHooks and chat.useClaudeHooks, the workspace over the user', async () => {
    const t = tree();
    writeTree(t.config, { 'Code/User/settings.json': { 'chat.useClaudeHooks': true } });
    writeTree(t.project, {
      '.claude/settings.json': {
        hooks: { PreToolUse: [{ hooks: [{ type: 'command', command: 'echo claude' }] }] },
      },
      '.vscode/settings.json': { 'chat.useCustomAgentHooks': true },
    });
    const on = await load(t);
    expect(on.handlers.map(commandOf)).toContain('echo claude');
    expect(on.locations.find((l) => l.pattern === '.github/agents/*.agent.md')?.status).not.toBe('disabled');
    writeTree(t.project, { '.vscode/settings.json': { 'chat.useClaudeHooks': false } });
    expect((await load(t)).handlers.map(commandOf)).not.toContain('echo claude');
  });

  it('bad values are coded diagnostics at their place, and are ignored (the defaults stay)', async () => {
    const t = tree();
    const file = join(t.project, '.vscode/settings.json');
    writeTree(t.project, {
      '.vscode/settings.json':
        '{\n  "chat.useClaudeHooks": "yes",\n  "chat.hookFilesLocations": { "custom/hooks": "true" }\n}\n',
    });
    const gen = await load(t);
    expect(gen.handlers.map(commandOf)).toEqual(['echo default']);
    expect(gen.diagnostics.map((d) => [d.code, d.severity, d.file, d.line, d.column, d.message])).toEqual([
      [
        'CONFIG_VSCODE_SETTING_INVALID',
        'warning',
        file,
        2,
        26,
        'chat.useClaudeHooks is the string "yes", expected true or false; ignored',
      ],
      [
        'CONFIG_VSCODE_SETTING_INVALID',
        'warning',
        file,
        3,
        48,
        'chat.hookFilesLocations["custom/hooks"] is the string "true", expected true or false; ignored',
      ],
    ]);
    writeTree(t.project, { '.vscode/settings.json': { 'chat.hookFilesLocations': ['custom/hooks'] } });
    const array = await load(t);
    expect(array.handlers.map(commandOf)).toEqual(['echo default']);
    expect(array.diagnostics.map((d) => d.message)).toEqual([
      'chat.hookFilesLocations is an array, expected an object of paths to true or false; ignored',
    ]);
  });

  it('a settings file that does not parse is CONFIG_INVALID_JSON with its place; what parses is still used', async () => {
    const t = tree();
    writeTree(t.project, {
      '.vscode/settings.json': '{\n  "chat.hookFilesLocations": { "custom/hooks": true }\n  "oops"\n',
    });
    const gen = await load(t);
    expect(gen.handlers.map(commandOf)).toEqual(['echo default', 'echo custom']);
    expect(gen.diagnostics).toMatchObject([
      {
        code: 'CONFIG_INVALID_JSON',
        severity: 'error',
        file: join(t.project, '.vscode/settings.json'),
        line: 3,
      },
    ]);
  });

  it('settings given by the caller (the vscodeSettings option) are used instead of the files', async () => {
    const t = tree();
    writeTree(t.project, {
      '.vscode/settings.json': { 'chat.hookFilesLocations': { '.github/hooks': false } },
    });
    const gen = await loadConfig({ profile: 'vscode', cwd: t.project, noUser: true, vscodeSettings: {} });
    expect(gen.handlers.map(commandOf)).toEqual(['echo default']);
  });

  it("finds VS Code's user settings.json where VS Code keeps it on each platform", () => {
    const home = '/home/u';
    expect(vscodeUserSettingsFile({ homeDir: home, env: {}, platform: 'linux' })).toBe(
      '/home/u/.config/Code/User/settings.json',
    );
    expect(vscodeUserSettingsFile({ homeDir: home, env: { XDG_CONFIG_HOME: '/x' }, platform: 'linux' })).toBe(
      '/x/Code/User/settings.json',
    );
    expect(vscodeUserSettingsFile({ homeDir: home, env: {}, platform: 'darwin' })).toBe(
      '/home/u/Library/Application Support/Code/User/settings.json',
    );
    expect(vscodeUserSettingsFile({ homeDir: home, env: { APPDATA: '/r' }, platform: 'win32' })).toBe(
      '/r/Code/User/settings.json',
    );
    expect(vscodeUserSettingsFile({ homeDir: home, env: { VSCODE_APPDATA: '/v' }, platform: 'linux' })).toBe(
      '/v/Code/User/settings.json',
    );
  });

  it('the CLI: after bridge install --host vscode, list --profile vscode finds the bridge file it names', async () => {
    const t = tree();
    const install = await runCliInProcess(['bridge', 'install', '--host', 'vscode', '--cwd', t.project]);
    expect(install.code, install.stderr).toBe(0);
    const run = await runCliInProcess([
      'list',
      '--profile',
      'vscode',
      '--cwd',
      t.project,
      '--no-user',
      '--json',
    ]);
    expect(run.code, run.stderr).toBe(0);
    const listing = JSON.parse(run.stdout) as { locations: { path: string; status: string }[] };
    expect(listing.locations).toContainEqual(
      expect.objectContaining({ path: join(t.project, '.vscode/hooks/agent-hooks.json'), status: 'found' }),
    );
  });
});
