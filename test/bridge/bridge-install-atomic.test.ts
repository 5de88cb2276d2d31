import { chmodSync, lstatSync, mkdirSync, readdirSync, readFileSync, readlinkSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCliInProcess } from '../helpers/cli.ts';
import { makeTree, writeFile } from '../helpers/temp-dir.ts';

// `bridge install|uninstall --host vscode` changes two files, the hook file and settings.json: a
// failure at either leaves the project as it was, byte for byte (docs/bridge.md).

const SETTINGS = '.vscode/settings.json';
const HOOK_FILE = '.vscode/hooks/agent-hooks.json';
const USER_SETTINGS = '{\n  "editor.tabSize": 4\n}\n';
/** A read-only file does not stop root, who may write any file. */
const RUNS_AS_ROOT = process.getuid?.() === 0;

function bridgeCli(verb: 'install' | 'uninstall', dir: string, json = false) {
  return runCliInProcess(['bridge', verb, '--host', 'vscode', '--cwd', dir, ...(json ? ['--json'] : [])]);
}

/** Every file (with its bytes and permissions), folder and link under `root`, by relative path. */
function snapshot(root: string): Record<string, string> {
  const entries: Record<string, string> = {};
  for (const name of readdirSync(root, { recursive: true, encoding: 'utf8' }).sort()) {
    const path = join(root, name);
    const stat = lstatSync(path);
    const mode = (stat.mode & 0o7777).toString(8);
    if (stat.isSymbolicLink()) entries[name] = `link -> ${readlinkSync(path)}`;
    else if (stat.isDirectory()) entries[name] = `folder ${mode}`;
    else entries[name] = `file ${mode} ${readFileSync(path).toString('base64')}`;
  }
  return entries;
}

/**
 * The writer's temporary file for this process (config-write.ts, temporaryFor) beside settings.json:
 * a folder in its place makes the write itself fail after every check passed, as a full disk would.
 */
function blockSettingsWrite(dir: string): void {
  mkdirSync(join(dir, '.vscode', `.settings.json.${process.pid}.tmp`), { recursive: true });
}

interface Failure {
  error: { code: string | null; message: string };
  files: unknown[];
}

/**
 * The command fails, the same way with and without --json: exit 1, the error on stderr starting
 * with BRIDGE_INSTALL_FAILED, under --json one failure document on stdout that lists no file
 * changed; and the project is as it was. Returns the message.
 */
async function refused(verb: 'install' | 'uninstall', dir: string): Promise<string> {
  const before = snapshot(dir);
  const run = await bridgeCli(verb, dir);
  expect(run.code).toBe(1);
  expect(run.stdout).toBe('');
  expect(run.stderr).toMatch(/^agent-hooks: BRIDGE_INSTALL_FAILED: /);
  expect(snapshot(dir)).toEqual(before);
  const json = await bridgeCli(verb, dir, true);
  expect(json.code).toBe(1);
  const failure = JSON.parse(json.stdout) as Failure;
  expect(failure.error.code).toBe('BRIDGE_INSTALL_FAILED');
  expect(`agent-hooks: BRIDGE_INSTALL_FAILED: ${failure.error.message}\n`).toBe(run.stderr);
  expect(failure.files).toEqual([]);
  expect(snapshot(dir)).toEqual(before);
  return failure.error.message;
}

describe('bridge uninstall --host vscode checks settings.json before it deletes the hook file', () => {
  it('a folder where settings.json belongs: refused, naming it and what to do, the hook file kept', async () => {
    const dir = makeTree({}, 'atomic-folder');
    expect((await bridgeCli('install', dir)).code).toBe(0);
    rmSync(join(dir, SETTINGS));
    mkdirSync(join(dir, SETTINGS));
    expect(await refused('uninstall', dir)).toBe(
      `${join(dir, SETTINGS)} is a folder, where a JSON file belongs: nothing was changed; move the folder out of the way (or name another project with --cwd)`,
    );
  });

  it.skipIf(RUNS_AS_ROOT)(
    'a settings.json this user may not write: refused, the hook file kept',
    async () => {
      const dir = makeTree({ [SETTINGS]: USER_SETTINGS }, 'atomic-readonly');
      expect((await bridgeCli('install', dir)).code).toBe(0);
      chmodSync(join(dir, SETTINGS), 0o444);
      expect(await refused('uninstall', dir)).toBe(
        `not writing ${join(dir, SETTINGS)}: this user may not write it (EACCES); make it writable first`,
      );
    },
  );

  it('a settings.json write that fails all the same: the hook file is put back', async () => {
    const dir = makeTree({ [SETTINGS]: USER_SETTINGS }, 'atomic-late-uninstall');
    expect((await bridgeCli('install', dir)).code).toBe(0);
    blockSettingsWrite(dir);
    const message = await refused('uninstall', dir);
    expect(message).toMatch(new RegExp(`^could not write ${join(dir, SETTINGS)}: EISDIR`));
    expect(message).toContain(
      `; ${join(dir, HOOK_FILE)}, deleted before it, was put back, so nothing was changed; run bridge uninstall again once ${join(dir, SETTINGS)} can be written`,
    );
  });

  it('settings.json that is not valid JSON is still only a warning: the hook file goes, the file stays', async () => {
    const dir = makeTree({}, 'atomic-broken');
    expect((await bridgeCli('install', dir)).code).toBe(0);
    const broken = '{ "chat.hookFilesLocations": { ".vscode/hooks": true } ';
    const settings = writeFile(dir, SETTINGS, broken);
    const run = await bridgeCli('uninstall', dir);
    expect(run.code).toBe(0);
    expect(run.stderr).toContain(`${join(dir, SETTINGS)}: left ".vscode/hooks" in chat.hookFilesLocations`);
    expect(snapshot(dir)).toEqual({
      '.vscode': expect.stringMatching(/^folder /),
      '.vscode/settings.json': `file ${(lstatSync(settings).mode & 0o7777).toString(8)} ${Buffer.from(broken).toString('base64')}`,
    });
  });
});

describe('bridge install --host vscode takes back the hook file when settings.json cannot be written', () => {
  it('a hook file install created goes again, with the folder made for it', async () => {
    const dir = makeTree({ [SETTINGS]: USER_SETTINGS }, 'atomic-late-install');
    blockSettingsWrite(dir);
    const message = await refused('install', dir);
    expect(message).toMatch(new RegExp(`^could not write ${join(dir, SETTINGS)}: EISDIR`));
    expect(message).toContain(
      `; ${join(dir, HOOK_FILE)}, written before it, was taken back, so nothing was changed; run bridge install again once ${join(dir, SETTINGS)} can be written`,
    );
  });

  it('a hook file that was there gets its own text back', async () => {
    const mine = {
      hooks: { Stop: [{ type: 'command', command: 'node mine.mjs' }] },
    };
    const dir = makeTree({ [SETTINGS]: USER_SETTINGS, [HOOK_FILE]: mine }, 'atomic-late-merge');
    chmodSync(join(dir, HOOK_FILE), 0o640);
    blockSettingsWrite(dir);
    expect(await refused('install', dir)).toContain(
      `; ${join(dir, HOOK_FILE)}, written before it, was taken back`,
    );
  });
});
