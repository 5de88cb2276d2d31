import { chmodSync, mkdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CANNOT_RUN_AS_NOBODY, permissionsApply } from '../../helpers/as-nobody.ts';
import { spawnBuiltCli } from '../../helpers/cli.ts';
import { makeTree } from '../../helpers/temp-dir.ts';
import { DRY_RUN_LINE, dryThenReal, refusedAlike } from './dry-run-runs.ts';

// `convert --out --dry-run` and `schema --out|--vscode --dry-run` (docs/convert.md, docs/editor.md).

const COPILOT = `{ "version": 1, "hooks": { "preToolUse": [{ "type": "command", "bash": "./guard.sh", "timeoutSec": 20 }] } }\n`;
const SETTINGS = '{\n  "model": "opus"\n}\n';

const convert = (project: string, ...more: string[]) => [
  'convert',
  join(project, 'hooks.json'),
  '--to',
  'claude',
  '--out',
  join(project, '.claude/settings.json'),
  '--accept-lossy',
  ...more,
];

describe('convert --out --dry-run', () => {
  it('the real run\'s diff, the dry-run line, nothing written; --json says "written": false', async () => {
    const project = makeTree({ 'hooks.json': COPILOT, '.claude/settings.json': SETTINGS }, 'convert-dry');
    const human = await dryThenReal(project, convert(project));
    expect(human.real.code).toBe(0);
    expect(human.dry).toEqual({ ...human.real, stdout: `${human.real.stdout}${DRY_RUN_LINE}` });
    const fresh = makeTree({ 'hooks.json': COPILOT, '.claude/settings.json': SETTINGS }, 'convert-dry-json');
    const { dry, real } = await dryThenReal(fresh, convert(fresh, '--json'));
    const [dryJson, realJson] = [JSON.parse(dry.stdout), JSON.parse(real.stdout)];
    expect(realJson).toMatchObject({ written: true, mode: 'merge' });
    expect(dryJson).toEqual({ ...realJson, written: false });
  });

  it('refuses an --out that is a link to nothing, or a file its host cannot read, as the real run does', async () => {
    const project = makeTree({ 'hooks.json': COPILOT }, 'convert-dry-link');
    mkdirSync(join(project, '.claude'));
    symlinkSync(join(project, 'nowhere.json'), join(project, '.claude/settings.json'));
    expect((await refusedAlike(project, convert(project))).stderr).toContain(
      'a symbolic link to a file that does not exist',
    );
    const commented = makeTree(
      { 'hooks.json': COPILOT, '.claude/settings.json': '{ // mine\n}\n' },
      'convert-dry-jsonc',
    );
    expect((await refusedAlike(commented, convert(commented))).stderr).toContain('it has errors');
  });

  it('--dry-run without --out is a usage error: convert writes nothing then anyway', async () => {
    const project = makeTree({ 'hooks.json': COPILOT }, 'convert-dry-idle');
    const run = await spawnBuiltCli(['convert', join(project, 'hooks.json'), '--to', 'claude', '--dry-run']);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('convert --dry-run: convert writes files only with --out');
  });
});

describe('schema --dry-run', () => {
  it('--out: lists what it would write, writes nothing; --json says "written": false', async () => {
    const project = makeTree({}, 'schema-dry');
    const args = ['schema', '--cwd', project, '--out', 'schemas'];
    const { dry, real } = await dryThenReal(project, args);
    expect(real.code).toBe(0);
    expect(dry.stdout).toBe(`${real.stdout}${DRY_RUN_LINE}`);
    expect(dry.stderr).toBe(real.stderr.replace(/^wrote /, 'would write '));
    const fresh = makeTree({}, 'schema-dry-json');
    const json = await dryThenReal(fresh, ['schema', '--cwd', fresh, '--out', 'schemas', '--json']);
    const [dryJson, realJson] = [JSON.parse(json.dry.stdout), JSON.parse(json.real.stdout)];
    expect(realJson.written).toBe(true);
    expect(dryJson).toEqual({
      ...realJson,
      written: false,
      notes: [realJson.notes[0].replace(/^wrote/, 'would write')],
    });
  });

  it('--vscode: the settings diff, nothing written; --json as bridge install\'s, "written": false', async () => {
    const project = makeTree({ '.vscode/settings.json': SETTINGS }, 'schema-dry-vscode');
    const { dry, real } = await dryThenReal(project, ['schema', '--cwd', project, '--vscode', '--json']);
    const [dryJson, realJson] = [JSON.parse(dry.stdout), JSON.parse(real.stdout)];
    expect(realJson).toMatchObject({ mode: 'merge', written: true });
    expect(dryJson).toEqual({ ...realJson, written: false });
  });

  it.skipIf(CANNOT_RUN_AS_NOBODY)(
    '--out into a folder this user may not write: refused as the real run, nothing written',
    async () => {
      const project = makeTree({ 'schemas/README.md': 'mine\n' }, 'schema-dry-perm');
      const user = permissionsApply(project);
      chmodSync(join(project, 'schemas'), 0o555);
      const run = await refusedAlike(project, ['schema', '--cwd', project, '--out', 'schemas'], user);
      expect(run.stderr).toContain(`this user may not create files in ${join(project, 'schemas')} (EACCES)`);
      chmodSync(join(project, 'schemas'), 0o755);
    },
  );
});
