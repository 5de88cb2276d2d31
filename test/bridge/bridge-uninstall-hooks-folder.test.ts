import { chmodSync, chownSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { builtBinPath, spawnBuiltCli } from '../helpers/cli.ts';
import { tempDir } from '../helpers/temp-dir.ts';

/** Root reads any folder: as root the CLI runs as `nobody` (65534 on Debian), who does not. */
const NOBODY = { uid: 65534, gid: 65534 };
/** A folder its owner may enter and write but not list. */
const ENTER_ONLY = 0o300;

const OTHERS_READ = 0o004;
const OTHERS_SEARCH = 0o001;

/** Whether a user other than the owner can reach and read `file` (every folder above it searchable). */
function othersCanRead(file: string): boolean {
  if ((statSync(file).mode & OTHERS_READ) === 0) return false;
  for (let dir = dirname(file); ; dir = dirname(dir)) {
    if ((statSync(dir).mode & OTHERS_SEARCH) === 0) return false;
    if (dirname(dir) === dir) return true;
  }
}

/** As root the test needs `nobody` to start the built CLI: a checkout under a private folder cannot. */
const CANNOT_RUN_AS_NOBODY =
  process.getuid?.() === 0 && !(othersCanRead(builtBinPath()) && othersCanRead(process.execPath));

function chownTree(dir: string, user: typeof NOBODY): void {
  chownSync(dir, user.uid, user.gid);
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) chownTree(path, user);
    else chownSync(path, user.uid, user.gid);
  }
}

describe.skipIf(CANNOT_RUN_AS_NOBODY)(
  'bridge uninstall --host vscode: a .vscode/hooks it cannot list',
  () => {
    it('is a coded failure naming the folder and the fix, with --json the failure document, nothing changed', async () => {
      const project = tempDir('uninstall-unlisted');
      const install = await spawnBuiltCli(['bridge', 'install', '--host', 'vscode', '--cwd', project]);
      expect(install.code).toBe(0);
      const hooks = join(project, '.vscode/hooks');
      const hookFile = join(hooks, 'agent-hooks.json');
      const settings = join(project, '.vscode/settings.json');
      const before = { hookFile: readFileSync(hookFile, 'utf8'), settings: readFileSync(settings, 'utf8') };
      const asRoot = process.getuid?.() === 0;
      if (asRoot) chownTree(project, NOBODY);
      chmodSync(hooks, ENTER_ONLY);
      const user = asRoot ? { user: NOBODY } : {};
      const args = ['bridge', 'uninstall', '--host', 'vscode', '--cwd', project];
      const message = `${hooks} cannot be read (EACCES), so uninstall cannot tell whether other hook files there still need ".vscode/hooks" in chat.hookFilesLocations: nothing was changed; make it readable for this user`;
      const plain = await spawnBuiltCli(args, user);
      expect(plain).toEqual({
        code: 1,
        stdout: '',
        stderr: `agent-hooks: BRIDGE_INSTALL_FAILED: ${message}\n`,
      });
      const json = await spawnBuiltCli([...args, '--json'], user);
      expect(json.code).toBe(1);
      expect(JSON.parse(json.stdout)).toEqual({
        error: { code: 'BRIDGE_INSTALL_FAILED', message },
        files: [],
        notes: [],
        warnings: [],
      });
      chmodSync(hooks, 0o700);
      expect(readFileSync(hookFile, 'utf8')).toBe(before.hookFile);
      expect(readFileSync(settings, 'utf8')).toBe(before.settings);
    });
  },
);
