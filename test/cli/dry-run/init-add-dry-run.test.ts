import { chmodSync, mkdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CANNOT_RUN_AS_NOBODY, permissionsApply } from '../../helpers/as-nobody.ts';
import { makeTree } from '../../helpers/temp-dir.ts';
import { DRY_RUN_LINE, dryThenReal, refusedAlike } from './dry-run-runs.ts';

// `init --dry-run` and `add --dry-run` make every check of the write they skip (docs/init.md): a
// dry run that passes predicts a real run that passes.

const SETTINGS = '.claude/settings.json';

const init = (project: string) => [
  'init',
  '--cwd',
  project,
  '--host',
  'claude-code',
  '--template',
  'block-dangerous',
  '--yes',
];
const add = (project: string) => [
  'add',
  'Stop',
  '--command',
  'true',
  '--host',
  'claude-code',
  '--cwd',
  project,
];

describe('init and add --dry-run', () => {
  it('init: the real run\'s report, "Dry run: nothing written." for "Written.", and nothing on disk', async () => {
    const project = makeTree({ 'README.md': 'app\n' }, 'init-dry');
    const { dry, real } = await dryThenReal(project, init(project));
    expect(real.code).toBe(0);
    expect(real.stdout.endsWith('Written.\n')).toBe(true);
    expect(dry).toEqual({ ...real, stdout: real.stdout.replace(/Written\.\n$/, DRY_RUN_LINE) });
  });

  it('a settings file that is a link to nothing: the dry run refuses it as the real run does', async () => {
    const project = makeTree({ 'README.md': 'app\n' }, 'init-dry-link');
    mkdirSync(join(project, '.claude'));
    symlinkSync(join(project, 'nowhere.json'), join(project, SETTINGS));
    for (const args of [init(project), add(project)]) {
      const run = await refusedAlike(project, args);
      expect(run.stderr).toContain(
        `INIT_WRITE_FAILED: not writing ${join(project, SETTINGS)}: it is a symbolic link`,
      );
    }
  });

  it.skipIf(CANNOT_RUN_AS_NOBODY)(
    'a settings file this user may not write, a project they may not create files in: refused alike',
    async () => {
      const project = makeTree({ [SETTINGS]: '{}\n' }, 'init-dry-perm');
      const user = permissionsApply(project);
      chmodSync(join(project, SETTINGS), 0o444);
      const file = await refusedAlike(project, add(project), user);
      expect(file.stderr).toContain('this user may not write it (EACCES)');
      chmodSync(join(project, SETTINGS), 0o644);
      chmodSync(join(project, '.claude'), 0o555);
      // The template's script goes in .claude/hooks: checked before anything is written.
      const folder = await refusedAlike(project, init(project), user);
      expect(folder.stderr).toContain(
        `this user may not create files in ${join(project, '.claude')} (EACCES)`,
      );
      chmodSync(join(project, '.claude'), 0o755);
    },
  );
});
