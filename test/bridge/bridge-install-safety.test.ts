import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'jsonc-parser';
import { describe, expect, it } from 'vitest';
import type { ProfileName } from '../../src/model/profile-name.ts';
import { runCliInProcess } from '../helpers/cli.ts';
import { makeTree, writeFile } from '../helpers/temp-dir.ts';

/** `bridge install|uninstall --host HOST --cwd dir …more`, in process. */
function bridgeCli(verb: 'install' | 'uninstall', host: ProfileName, dir: string, ...more: string[]) {
  return runCliInProcess(['bridge', verb, '--host', host, '--cwd', dir, ...more]);
}

const read = (dir: string, file: string): string => readFileSync(join(dir, file), 'utf8');
const SETTINGS = '.vscode/settings.json';
const CLAUDE = '.claude/settings.json';

// What `bridge install` does to files it did not create, and what `uninstall` gives back.
describe('bridge install --host vscode: .vscode/settings.json', () => {
  it('refuses settings that are not valid JSON, naming the file, line and column, and writes nothing', async () => {
    const broken = '{"a": 4 "b": {"x": true}}';
    const dir = makeTree({ [SETTINGS]: broken }, 'vscode-settings');
    const run = await bridgeCli('install', 'vscode', dir);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      `not writing ${join(dir, SETTINGS)}: it cannot be merged into because it is not valid JSON`,
    );
    expect(run.stderr).toContain('line 1, column 9');
    expect(read(dir, SETTINGS)).toBe(broken);
    expect(existsSync(join(dir, '.vscode/hooks'))).toBe(false);
  });

  it("keeps the file's tabs and CRLF line breaks, and uninstall gives it back byte for byte", async () => {
    const original = '{\r\n\t"editor.tabSize": 4\r\n}\r\n';
    const dir = makeTree({ [SETTINGS]: original }, 'vscode-settings');
    expect((await bridgeCli('install', 'vscode', dir)).code).toBe(0);
    expect(read(dir, SETTINGS)).toBe(
      '{\r\n\t"editor.tabSize": 4,\r\n\t"chat.hookFilesLocations": {\r\n\t\t".vscode/hooks": true\r\n\t}\r\n}\r\n',
    );
    expect((await bridgeCli('uninstall', 'vscode', dir)).code).toBe(0);
    expect(read(dir, SETTINGS)).toBe(original);
  });

  it('refuses to turn on a location the user set to false, even with --force; uninstall leaves a false as it is', async () => {
    const off = '{\n  "chat.hookFilesLocations": {\n    ".vscode/hooks": false\n  }\n}\n';
    const dir = makeTree({ [SETTINGS]: off }, 'vscode-settings');
    for (const more of [[], ['--force']]) {
      const run = await bridgeCli('install', 'vscode', dir, ...more);
      expect(run.code).toBe(1);
      expect(run.stderr).toContain('sets ".vscode/hooks" to false, so VS Code would not read');
      expect(read(dir, SETTINGS)).toBe(off);
      expect(existsSync(join(dir, '.vscode/hooks'))).toBe(false);
    }
    // Set to false after the install: uninstall takes out the bridge's file and leaves the false.
    const later = makeTree({}, 'vscode-settings');
    await bridgeCli('install', 'vscode', later);
    writeFile(later, SETTINGS, off);
    expect((await bridgeCli('uninstall', 'vscode', later)).code).toBe(0);
    expect(read(later, SETTINGS)).toBe(off);
  });

  it('uninstall says so when settings.json broke since install, and leaves it as it is', async () => {
    const dir = makeTree({}, 'vscode-settings');
    await bridgeCli('install', 'vscode', dir);
    const broken = '{ "chat.hookFilesLocations": { ".vscode/hooks": true } ';
    writeFile(dir, SETTINGS, broken);
    const run = await bridgeCli('uninstall', 'vscode', dir);
    expect(run.code).toBe(0);
    expect(run.stderr).toContain(
      `${join(dir, SETTINGS)}: left ".vscode/hooks" in chat.hookFilesLocations: it is not valid JSON`,
    );
    expect(read(dir, SETTINGS)).toBe(broken);
  });

  it('refuses a chat.hookFilesLocations that is a list, naming the file and the key', async () => {
    const list = '{\n  "chat.hookFilesLocations": [".github/hooks"]\n}\n';
    const dir = makeTree({ [SETTINGS]: list }, 'vscode-settings');
    const run = await bridgeCli('install', 'vscode', dir);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      `not writing ${join(dir, SETTINGS)}: it cannot be merged into because its "chat.hookFilesLocations" is a list, where VS Code takes an object`,
    );
    expect(read(dir, SETTINGS)).toBe(list);
    expect(existsSync(join(dir, '.vscode/hooks'))).toBe(false);
  });
});

describe('bridge install: a hook file the host cannot read', () => {
  it('refuses a Claude settings file with comments or a trailing comma (Claude Code reads strict JSON), unless --force', async () => {
    for (const text of ['{\n  // mine\n  "model": "opus"\n}\n', '{\n  "model": "opus",\n}\n']) {
      const dir = makeTree({ [CLAUDE]: text }, 'claude-jsonc');
      const run = await bridgeCli('install', 'claude-code', dir);
      expect(run.code).toBe(1);
      expect(run.stderr).toContain(`not writing ${join(dir, CLAUDE)}: it has errors`);
      expect(run.stderr).toContain(`CONFIG_INVALID_JSON at ${join(dir, CLAUDE)}:`);
      expect(read(dir, CLAUDE)).toBe(text);
      const forced = await bridgeCli('install', 'claude-code', dir, '--force');
      expect(forced.code).toBe(0);
      expect(forced.stderr).toContain('replaced the whole file (--force)');
      expect((await runCliInProcess(['validate', join(dir, CLAUDE)])).code).toBe(0);
    }
  });

  it('a folder where the hook file belongs is an error naming it and what to do', async () => {
    const dir = makeTree({}, 'claude-folder');
    mkdirSync(join(dir, CLAUDE), { recursive: true });
    for (const verb of ['install', 'uninstall'] as const) {
      const run = await bridgeCli(verb, 'claude-code', dir);
      expect(run.code).toBe(1);
      expect(run.stderr).toBe(
        `agent-hooks: BRIDGE_INSTALL_FAILED: ${join(dir, CLAUDE)} is a folder, where a JSON file belongs: nothing was changed; move the folder out of the way (or name another project with --cwd)\n`,
      );
    }
  });
});

describe('bridge uninstall gives back what was there', () => {
  it('takes out the hooks key install added, and keeps the file', async () => {
    const dir = makeTree({ [CLAUDE]: '{"model":"opus"}' }, 'roundtrip');
    await bridgeCli('install', 'claude-code', dir);
    expect((await bridgeCli('uninstall', 'claude-code', dir)).code).toBe(0);
    expect(parse(read(dir, CLAUDE))).toEqual({
      model: 'opus',
      $schema: 'https://json.schemastore.org/claude-code-settings.json',
    });
  });

  it('keeps a file that was {} before install and its folder, and says it holds only the $schema now', async () => {
    const dir = makeTree({ [CLAUDE]: '{}' }, 'roundtrip');
    await bridgeCli('install', 'claude-code', dir);
    const run = await bridgeCli('uninstall', 'claude-code', dir);
    expect(run.code).toBe(0);
    expect(parse(read(dir, CLAUDE))).toEqual({
      $schema: 'https://json.schemastore.org/claude-code-settings.json',
    });
    expect(run.stderr).toContain(`${join(dir, CLAUDE)}: kept, though it now holds only "$schema"`);
  });

  it('says which bridge entries it left and why, when the user edited them', async () => {
    const dir = makeTree({}, 'left');
    await bridgeCli('install', 'claude-code', dir, '--command', 'ah');
    const settings = parse(read(dir, CLAUDE)) as { hooks: Record<string, { hooks: object[] }[]> };
    const [preToolUse, stop] = [settings.hooks.PreToolUse?.[0], settings.hooks.Stop?.[0]];
    preToolUse?.hooks.push({ type: 'command', command: 'mine' });
    stop?.hooks.splice(0, 1, { type: 'command', command: 'ah bridge --host claude-code', timeout: 120 });
    writeFile(dir, CLAUDE, `${JSON.stringify(settings, null, 2)}\n`);
    const run = await bridgeCli('uninstall', 'claude-code', dir, '--command', 'ah');
    expect(run.code).toBe(0);
    expect(run.stderr).toContain(
      `${join(dir, CLAUDE)}: left the bridge entry "ah bridge --host claude-code" in PreToolUse: its group holds other handlers too`,
    );
    expect(run.stderr).toContain(
      'left the bridge entry "ah bridge --host claude-code" in Stop: it differs from the entry install writes: a key was added or changed',
    );
    expect(Object.keys((parse(read(dir, CLAUDE)) as typeof settings).hooks)).toEqual(['PreToolUse', 'Stop']);
  });

  it('needs only the name of the --tool-schemas file, which may be gone by then', async () => {
    const dir = makeTree({ 'schemas.json': {} }, 'schemas-gone');
    const schemas = join(dir, 'schemas.json');
    expect((await bridgeCli('install', 'claude-code', dir, '--tool-schemas', schemas)).code).toBe(0);
    rmSync(schemas);
    const run = await bridgeCli('uninstall', 'claude-code', dir, '--tool-schemas', schemas);
    expect(run.code).toBe(0);
    expect(existsSync(join(dir, CLAUDE))).toBe(false);
  });
});

describe('bridge install: timeouts on the entries of hosts that default to 30 s', () => {
  it('writes 600 s on the Copilot CLI and VS Code entries, and uninstall also takes out entries written without one', async () => {
    const dir = makeTree({}, 'timeouts');
    await bridgeCli('install', 'copilot-cli', dir);
    await bridgeCli('install', 'vscode', dir);
    const copilot = parse(read(dir, '.github/hooks/agent-hooks.json')) as { hooks: Record<string, object[]> };
    const vscode = parse(read(dir, '.vscode/hooks/agent-hooks.json')) as { hooks: Record<string, object[]> };
    for (const entries of Object.values(copilot.hooks)) expect(entries[0]).toHaveProperty('timeoutSec', 600);
    for (const entries of Object.values(vscode.hooks)) expect(entries[0]).toHaveProperty('timeout', 600);
    // A file as an earlier install wrote it, without timeouts.
    const earlier = makeTree(
      {
        '.github/hooks/agent-hooks.json': {
          version: 1,
          hooks: {
            preToolUse: [
              { type: 'command', bash: 'agent-hooks bridge --host copilot-cli --event preToolUse' },
            ],
          },
        },
      },
      'timeouts',
    );
    const again = await bridgeCli('install', 'copilot-cli', earlier);
    expect(again.stderr).toContain('an earlier install wrote it, without the timeout install writes now');
    const run = await bridgeCli('uninstall', 'copilot-cli', earlier);
    expect(run.code).toBe(0);
    expect(run.stderr).not.toContain('left the bridge entry');
  });
});
