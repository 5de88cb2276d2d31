import { chmodSync, mkdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CANNOT_RUN_AS_NOBODY, permissionsApply } from '../../helpers/as-nobody.ts';
import { spawnBuiltCli } from '../../helpers/cli.ts';
import { makeTree } from '../../helpers/temp-dir.ts';
import { DRY_RUN_LINE, dryThenReal, refusedAlike } from './dry-run-runs.ts';

// `bridge install --dry-run` and `bridge uninstall --dry-run`: the real run's diffs and notes,
// nothing on disk changed, and every refusal of the real run (docs/bridge.md "Install").

const SETTINGS = '.vscode/settings.json';
const HOOK_FILE = '.vscode/hooks/agent-hooks.json';
const USER_SETTINGS = '{\n  "editor.tabSize": 4\n}\n';

const bridge = (verb: 'install' | 'uninstall', project: string, ...more: string[]) => [
  'bridge',
  verb,
  '--host',
  'vscode',
  '--cwd',
  project,
  ...more,
];

describe('bridge install --dry-run', () => {
  it('prints the diffs of both files the real install writes, then the dry-run line, and writes nothing', async () => {
    const project = makeTree({ [SETTINGS]: USER_SETTINGS }, 'bridge-dry');
    const { dry, real } = await dryThenReal(project, bridge('install', project));
    expect(real.code).toBe(0);
    expect(dry).toEqual({ code: 0, stdout: `${real.stdout}${DRY_RUN_LINE}`, stderr: real.stderr });
    expect(dry.stdout).toContain(`+++ ${join(project, HOOK_FILE)}`);
    expect(dry.stdout).toContain(`+++ ${join(project, SETTINGS)}`);
  });

  it('with --json: the real run\'s document, but "written": false', async () => {
    const project = makeTree({ [SETTINGS]: USER_SETTINGS }, 'bridge-dry-json');
    const { dry, real } = await dryThenReal(project, bridge('install', project, '--json'));
    const [dryJson, realJson] = [JSON.parse(dry.stdout), JSON.parse(real.stdout)];
    expect(realJson.written).toBe(true);
    expect(dryJson).toEqual({ ...realJson, written: false });
    expect(dryJson).toMatchObject({
      mode: 'create',
      files: [{ file: join(project, SETTINGS), status: 'merge' }],
    });
  });

  it('refuses a settings.json that is a link to nothing, as the real install does', async () => {
    const project = makeTree({}, 'bridge-dry-link');
    mkdirSync(join(project, '.vscode'));
    symlinkSync(join(project, 'nowhere.json'), join(project, SETTINGS));
    const run = await refusedAlike(project, bridge('install', project));
    expect(run.stderr).toContain('is a symbolic link to a file that does not exist');
  });

  it('refuses a Claude settings file the host cannot read (comments), as the real install does', async () => {
    const project = makeTree(
      { '.claude/settings.json': '{\n  // mine\n  "model": "sonnet"\n}\n' },
      'bridge-dry-jsonc',
    );
    const args = ['bridge', 'install', '--host', 'claude-code', '--cwd', project];
    const run = await refusedAlike(project, args);
    expect(run.stderr).toContain('CONFIG_INVALID_JSON');
  });

  it.skipIf(CANNOT_RUN_AS_NOBODY)(
    'refuses a settings.json this user may not write, and a folder they may not create the hook file in',
    async () => {
      const project = makeTree({ [SETTINGS]: USER_SETTINGS }, 'bridge-dry-perm');
      const user = permissionsApply(project);
      chmodSync(join(project, SETTINGS), 0o444);
      const file = await refusedAlike(project, bridge('install', project), user);
      expect(file.stderr).toContain(
        `not writing ${join(project, SETTINGS)}: this user may not write it (EACCES)`,
      );
      chmodSync(join(project, SETTINGS), 0o644);
      const vscode = join(project, '.vscode');
      chmodSync(vscode, 0o555);
      const folder = await refusedAlike(project, bridge('install', project), user);
      expect(folder.stderr).toContain(
        `not writing ${join(project, HOOK_FILE)}: this user may not create files in ${vscode} (EACCES)`,
      );
      chmodSync(vscode, 0o755);
    },
  );
});

describe('bridge uninstall --dry-run', () => {
  it('prints the deletions the real uninstall makes, and deletes nothing', async () => {
    const project = makeTree({}, 'bridge-dry-uninstall');
    expect((await spawnBuiltCli(bridge('install', project))).code).toBe(0);
    const { dry, real } = await dryThenReal(project, bridge('uninstall', project));
    expect(real.code).toBe(0);
    expect(dry).toEqual({ code: 0, stdout: `${real.stdout}${DRY_RUN_LINE}`, stderr: real.stderr });
    expect(dry.stdout).toContain(`--- ${join(project, HOOK_FILE)}\n+++ /dev/null`);
  });

  it('an edit of a hook file that stays: the real run\'s --json document, but "written": false', async () => {
    const project = makeTree({ '.claude/settings.json': '{\n  "model": "sonnet"\n}\n' }, 'bridge-dry-edit');
    const args = ['bridge', 'uninstall', '--host', 'claude-code', '--cwd', project, '--json'];
    expect((await spawnBuiltCli(['bridge', 'install', ...args.slice(2, 6)])).code).toBe(0);
    const { dry, real } = await dryThenReal(project, args);
    const [dryJson, realJson] = [JSON.parse(dry.stdout), JSON.parse(real.stdout)];
    expect(realJson).toMatchObject({ mode: 'merge', written: true });
    expect(dryJson).toEqual({ ...realJson, written: false });
  });

  it.skipIf(CANNOT_RUN_AS_NOBODY)(
    'refuses a hook file in a folder this user may not change, as the real uninstall does',
    async () => {
      const project = makeTree({}, 'bridge-dry-uninstall-perm');
      expect((await spawnBuiltCli(bridge('install', project))).code).toBe(0);
      const user = permissionsApply(project);
      chmodSync(join(project, '.vscode/hooks'), 0o555);
      const run = await refusedAlike(project, bridge('uninstall', project), user);
      expect(run.stderr).toContain(
        `not deleting ${join(project, HOOK_FILE)}: this user may not change its folder`,
      );
      chmodSync(join(project, '.vscode/hooks'), 0o755);
    },
  );
});
