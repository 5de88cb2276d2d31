import { chmodSync, lstatSync, mkdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { applyConfigWrite, planConfigWrite, WriteRefused } from '../../../src/cli/write/config-write.ts';
import { tempDir } from '../../helpers/temp-dir.ts';

const HOOKS = { hooks: { Stop: [{ hooks: [{ type: 'command', command: 'echo done' }] }] } };
const SETTINGS = '{\n  "permissions": { "allow": ["Bash(npm test)"] },\n  "model": "opus"\n}\n';

function fileWith(text: string, name = 'settings.json'): string {
  const file = join(tempDir('config-write'), name);
  writeFileSync(file, text);
  return file;
}

const write = (file: string, force = false) => {
  const planned = planConfigWrite(file, HOOKS, { force });
  applyConfigWrite(planned);
  return planned;
};

describe('planConfigWrite: what --force may replace', () => {
  it('merges into a file it can merge even with --force, keeping every other key', () => {
    const file = fileWith(SETTINGS);
    const planned = write(file, true);
    expect(planned.mode).toBe('merge');
    const after = JSON.parse(readFileSync(file, 'utf8'));
    expect(after.permissions).toEqual({ allow: ['Bash(npm test)'] });
    expect(after.model).toBe('opus');
    expect(after.hooks.Stop).toHaveLength(1);
  });

  it('replaces only a file it cannot merge, and says so', () => {
    const file = fileWith('{ "hooks": ');
    expect(() => write(file)).toThrow(
      /not writing .*settings\.json: it cannot be merged into because it is not valid JSON \(\w+ at line 1, column 12\); fix it, or pass --force/,
    );
    expect(readFileSync(file, 'utf8')).toBe('{ "hooks": ');
    const forced = write(file, true);
    expect(forced.mode).toBe('replace');
    expect(forced.notes).toEqual([
      expect.stringMatching(/^replaced the whole file \(--force\): it cannot be merged/),
    ]);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(HOOKS);
  });

  it('refuses a file a caller finds errors in, listing them; --force replaces it', () => {
    const file = fileWith(SETTINGS);
    const refuse = () => ['CONFIG_X at settings.json:2:3: bad'];
    expect(() => planConfigWrite(file, HOOKS, { force: false, refuse })).toThrow(
      /it has errors; fix it, or pass --force to replace the whole file \(everything else in it is lost\)\n {2}CONFIG_X at settings\.json:2:3: bad$/,
    );
    expect(planConfigWrite(file, HOOKS, { force: true, refuse }).mode).toBe('replace');
  });

  it('refuses a duplicate key, which a reader takes last and an edit would change first', () => {
    const text =
      '{\n  "hooks": {\n    "Stop": [ { "hooks": [ { "type": "command", "command": "./keep-me.sh" } ] } ]\n  },\n  "hooks": {}\n}\n';
    const file = fileWith(text);
    expect(() => write(file)).toThrow(
      /cannot be merged into because the key "hooks" appears twice in one object \(line 5, column 3\)/,
    );
    expect(readFileSync(file, 'utf8')).toBe(text);
    const nested = fileWith('{ "hooks": { "Stop": [], "Stop": [] } }');
    expect(() => write(nested)).toThrow(/the key "Stop" appears twice in one object \(line 1, column 26\)/);
  });

  it('keeps a byte order mark, which readers skip, and every other byte', () => {
    const file = fileWith(`\uFEFF${SETTINGS}`);
    write(file);
    const after = readFileSync(file, 'utf8');
    expect(
      after.startsWith(`\uFEFF{\n  "permissions": { "allow": ["Bash(npm test)"] },\n  "model": "opus"`),
    ).toBe(true);
    expect(JSON.parse(after.slice(1)).hooks.Stop).toHaveLength(1);
  });
});

describe('applyConfigWrite: the file it writes', () => {
  it('writes the file a symbolic link points to and leaves the link a link', () => {
    const dir = tempDir('config-write-link');
    mkdirSync(join(dir, 'dotfiles'));
    writeFileSync(join(dir, 'dotfiles', 'settings.json'), SETTINGS);
    mkdirSync(join(dir, '.claude'));
    const link = join(dir, '.claude', 'settings.json');
    symlinkSync('../dotfiles/settings.json', link);
    write(link);
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(JSON.parse(readFileSync(join(dir, 'dotfiles', 'settings.json'), 'utf8')).hooks.Stop).toHaveLength(
      1,
    );
  });

  it('refuses a symbolic link to a missing file instead of replacing the link', () => {
    const dir = tempDir('config-write-dangling');
    const link = join(dir, 'settings.json');
    symlinkSync('missing/settings.json', link);
    expect(() => write(link)).toThrow(/is a symbolic link to a file that does not exist/);
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
  });

  it('keeps the permissions of the file it merges into, whatever the umask', () => {
    const file = fileWith(SETTINGS);
    chmodSync(file, 0o640);
    write(file);
    expect(statSync(file).mode & 0o777).toBe(0o640);
  });

  it.skipIf(process.getuid?.() === 0)('refuses a file this user may not write, leaving it as it was', () => {
    const file = fileWith(SETTINGS);
    chmodSync(file, 0o444);
    expect(() => write(file)).toThrow(/this user may not write it \(EACCES\); make it writable first/);
    expect(readFileSync(file, 'utf8')).toBe(SETTINGS);
  });

  it('names the file, not a temporary one, when the write fails', () => {
    const dir = tempDir('config-write-fails');
    const planned = planConfigWrite(join(dir, 'not-a-folder', 'settings.json'), HOOKS, { force: false });
    // Between the plan and the write, a file takes the folder's place.
    writeFileSync(join(dir, 'not-a-folder'), '');
    expect(() => applyConfigWrite(planned)).toThrow(WriteRefused);
    expect(() => applyConfigWrite(planned)).toThrow(
      /^could not write .*not-a-folder\/settings\.json: (ENOTDIR|EEXIST); nothing in it was changed$/,
    );
  });
});
