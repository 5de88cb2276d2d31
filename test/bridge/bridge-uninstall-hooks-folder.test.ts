import { chmodSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CANNOT_RUN_AS_NOBODY, permissionsApply } from '../helpers/as-nobody.ts';
import { spawnBuiltCli } from '../helpers/cli.ts';
import { tempDir } from '../helpers/temp-dir.ts';

/** A folder its owner may enter and write but not list. */
const ENTER_ONLY = 0o300;

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
      const user = permissionsApply(project);
      chmodSync(hooks, ENTER_ONLY);
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
