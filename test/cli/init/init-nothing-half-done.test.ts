import { existsSync, mkdirSync, readdirSync, symlinkSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCliInProcess } from '../../helpers/cli.ts';
import { makeTree, tempDir } from '../../helpers/temp-dir.ts';

const SETTINGS = '.claude/settings.json';

/** Every file, folder and link under `root`, relative to it, sorted. */
function tree(root: string): string[] {
  return readdirSync(root, { recursive: true, encoding: 'utf8' })
    .map((entry) => relative(root, join(root, entry)))
    .sort();
}

function init(project: string, more: string[] = []) {
  return runCliInProcess([
    'init',
    '--cwd',
    project,
    '--host',
    'claude-code',
    '--template',
    'block-dangerous',
    '--yes',
    ...more,
  ]);
}

// `init` writes template scripts and the configuration that runs them; a configuration write that
// is refused must leave no script behind (nor a folder made for one).
describe('init writes nothing when the configuration write is refused', () => {
  it('a settings file with a duplicate key: no new file, exit 1, the file named', async () => {
    const project = makeTree({ [SETTINGS]: '{\n  "model": "a",\n  "model": "b"\n}\n' }, 'init-dup');
    const before = tree(project);
    const run = await init(project);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`INIT_TARGET_INVALID: not writing ${join(project, SETTINGS)}`);
    expect(tree(project)).toEqual(before);
  });

  it('a settings file that is a link to nothing: no script is written, exit 1, the file named', async () => {
    const project = makeTree({ 'README.md': 'app\n' }, 'init-link');
    mkdirSync(join(project, '.claude'));
    symlinkSync(join(project, 'nowhere.json'), join(project, SETTINGS));
    const before = tree(project);
    const run = await init(project);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      `INIT_WRITE_FAILED: not writing ${join(project, SETTINGS)}: it is a symbolic link to a file that does not exist (${join(project, 'nowhere.json')}); create that file or remove the link`,
    );
    expect(run.stderr).toContain('nothing was written');
    expect(tree(project)).toEqual(before);
  });

  it('a configuration write that fails while writing takes back the scripts and their folder', async () => {
    const project = makeTree({ [SETTINGS]: '{}\n' }, 'init-fail');
    // The writer's temporary file (config-write.ts, temporaryFor) for this process: a folder in
    // its place makes the write itself fail, after every check has passed.
    mkdirSync(join(project, '.claude', `.settings.json.${process.pid}.tmp`));
    const before = tree(project);
    const run = await init(project);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`INIT_WRITE_FAILED: could not write ${join(project, SETTINGS)}`);
    expect(run.stderr).toContain('the scripts written before it were taken back');
    expect(tree(project)).toEqual(before);
  });
});

const SCRIPT = '.claude/hooks/block-dangerous.mjs';

// Whatever stands where a template file goes and is not a file is refused before anything is
// written, with the code and the path: never a raw EISDIR, never a write through a link to nothing.
describe('init refuses what is in the way of a template file, before writing anything', () => {
  it('a script path that is a link to nothing: refused (even with --force), the link and its target named, the target not made', async () => {
    const project = makeTree({ 'README.md': 'app\n' }, 'init-script-link');
    const outside = join(tempDir('init-script-outside'), 'planted.mjs');
    mkdirSync(join(project, '.claude', 'hooks'), { recursive: true });
    symlinkSync(outside, join(project, SCRIPT));
    const before = tree(project);
    for (const run of [await init(project), await init(project, ['--force'])]) {
      expect(run.code).toBe(1);
      expect(run.stderr).toBe(
        `agent-hooks: INIT_WRITE_FAILED: not writing ${join(project, SCRIPT)}: it is a symbolic link to a file that does not exist (${outside}); create that file or remove the link; nothing was written\n`,
      );
      expect(existsSync(outside)).toBe(false);
      expect(tree(project)).toEqual(before);
    }
  });

  it('a folder where the script goes: a coded error naming it, not EISDIR, and nothing written', async () => {
    const project = makeTree({ [`${SCRIPT}/notes.txt`]: 'mine\n' }, 'init-script-folder');
    const before = tree(project);
    for (const run of [await init(project), await init(project, ['--force'])]) {
      expect(run.code).toBe(1);
      expect(run.stderr).toBe(
        `agent-hooks: INIT_WRITE_FAILED: not writing ${join(project, SCRIPT)}: a template file goes there, but it is a directory; move it out of the way (--force replaces only a file); nothing was written\n`,
      );
      expect(tree(project)).toEqual(before);
    }
  });

  it('a file where the scripts folder goes: a coded error naming that file, and nothing written', async () => {
    const project = makeTree({ '.claude/hooks': 'not a folder\n' }, 'init-script-dir-file');
    const before = tree(project);
    const run = await init(project);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(
      `agent-hooks: INIT_WRITE_FAILED: not writing ${join(project, SCRIPT)}: ${join(project, '.claude/hooks')} is a file, where a folder belongs; move it out of the way; nothing was written\n`,
    );
    expect(tree(project)).toEqual(before);
  });
});
