import { chmodSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCliInProcess } from '../helpers/cli.ts';
import { REPO_ROOT } from '../helpers/paths.ts';
import { tempDir, writeFile } from '../helpers/temp-dir.ts';

const STOP = ['--input', '{}'];
/** root reads files whatever their mode, so a permission test means nothing there. */
const RUNS_AS_ROOT = process.getuid?.() === 0;

// Issue 14, trap 7: exit codes, event names and --version.
describe('unreadable configuration is exit 1 (README "CLI")', () => {
  it('run and list exit 1 when .claude/settings.json is a directory, and say so', async () => {
    const dir = tempDir('exit-codes');
    mkdirSync(join(dir, '.claude', 'settings.json'), { recursive: true });
    const run = await runCliInProcess(['run', 'Stop', '--cwd', dir, '--no-user', ...STOP]);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/CONFIG_FILE_UNREADABLE .*is a directory/);
    const list = await runCliInProcess(['list', '--cwd', dir, '--no-user']);
    expect(list.code).toBe(1);
    expect(list.stdout).toMatch(/CONFIG_FILE_UNREADABLE/);
  });

  it.skipIf(RUNS_AS_ROOT)('run exits 1 when the settings file has no read permission', async () => {
    const dir = tempDir('exit-codes');
    const file = writeFile(dir, '.claude/settings.json', '{"hooks":{}}');
    chmodSync(file, 0o000);
    const run = await runCliInProcess(['run', 'Stop', '--cwd', dir, '--no-user', ...STOP, '--json']);
    expect(run.code).toBe(1);
    expect(JSON.parse(run.stdout).diagnostics[0].code).toBe('CONFIG_FILE_UNREADABLE');
  });

  it('run exits 1 when the settings file is not JSON; 0 when it reads', async () => {
    const dir = tempDir('exit-codes');
    writeFile(dir, '.claude/settings.json', '{"hooks": {');
    expect((await runCliInProcess(['run', 'Stop', '--cwd', dir, '--no-user', ...STOP])).code).toBe(1);
    writeFile(dir, '.claude/settings.json', '{"hooks": {}}');
    expect((await runCliInProcess(['run', 'Stop', '--cwd', dir, '--no-user', ...STOP])).code).toBe(0);
  });
});

describe('event names and --version', () => {
  it('list --event with an unknown event is an error with a did-you-mean', async () => {
    const list = await runCliInProcess(['list', '--no-user', '--event', 'PreToolUs']);
    expect(list.code).toBe(1);
    expect(list.stderr).toMatch(/unknown --event "PreToolUs"; did you mean PreToolUse\?/);
    const folded = await runCliInProcess(['list', '--no-user', '--event', 'posttooluse', '--json']);
    expect(folded.code).toBe(0);
  });

  it('--version prints the package version', async () => {
    const pkg = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string };
    const run = await runCliInProcess(['--version']);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(`${pkg.version}\n`);
  });
});
