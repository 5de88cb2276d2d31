import { mkdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCliInProcess } from '../../helpers/cli.ts';
import { makeTree, tempDir } from '../../helpers/temp-dir.ts';

/** The keys of a failed writing command's --json document (src/cli/write/write-json.ts). */
const FAILURE_KEYS = ['error', 'files', 'notes', 'warnings'];

interface Failure {
  error: { code: string | null; message: string };
  files: { file: string; status: string; diff?: string }[];
  notes: string[];
  warnings: string[];
}

/**
 * Runs a command that fails: exit 1, one JSON document on stdout, and on stderr the same human
 * `agent-hooks: …` line the command prints without --json.
 */
async function failure(args: string[]): Promise<Failure> {
  const run = await runCliInProcess([...args, '--json']);
  expect(run.code).toBe(1);
  const parsed = JSON.parse(run.stdout) as Failure;
  expect(Object.keys(parsed).sort()).toEqual(FAILURE_KEYS);
  // A usage error's line is as it always was, without its code (src/cli/usage-error.ts).
  const code =
    parsed.error.code === null || parsed.error.code === 'CLI_USAGE' ? '' : `${parsed.error.code}: `;
  expect(run.stderr).toBe(`agent-hooks: ${code}${parsed.error.message}\n`);
  return parsed;
}

/** A project whose settings file is a symbolic link to nothing: every write to it is refused. */
function dangling(project: string, settings: string): string {
  const target = join(project, 'elsewhere.json');
  mkdirSync(join(project, settings, '..'), { recursive: true });
  symlinkSync(target, join(project, settings));
  return target;
}

describe('--json of a writing command that fails: the error and what was said before it', () => {
  it('add: the detected host and the warnings about the command are kept with the error', async () => {
    const project = makeTree({ 'README.md': 'app\n' }, 'json-fail-add');
    const settings = join(project, '.claude/settings.json');
    const target = dangling(project, '.claude/settings.json');
    const add = await failure(['add', 'Stop', '--command', 'node ./missing.mjs', '--cwd', project]);
    expect(add.error).toEqual({
      code: 'INIT_WRITE_FAILED',
      message: `not writing ${settings}: it is a symbolic link to a file that does not exist (${target}); create that file or remove the link; nothing was written`,
    });
    expect(add.notes).toEqual([expect.stringMatching(/^host claude-code: /)]);
    expect(add.warnings).toEqual([
      expect.stringMatching(/^DOCTOR_PROGRAM_MISSING: .*missing\.mjs does not exist/),
    ]);
    expect(add.files).toEqual([]);
  });

  it('init: a refusal while planning keeps the detected host note', async () => {
    const project = makeTree({ '.claude/settings.json': '{ "hooks": [] }\n' }, 'json-fail-init');
    const init = await failure(['init', '--template', 'block-dangerous', '--yes', '--cwd', project]);
    expect(init.error.code).toBe('INIT_TARGET_INVALID');
    expect(init.error.message).toContain(`not writing ${join(project, '.claude/settings.json')}`);
    expect(init.notes).toEqual([expect.stringMatching(/^host claude-code: /)]);
    // A usage error is a document all the same, with CLI_USAGE.
    const usage = await failure(['init', '--yes', '--cwd', project]);
    expect(usage.error).toEqual({
      code: 'CLI_USAGE',
      message: expect.stringMatching(/^init needs --template NAME/),
    });
  });

  it('bridge install: the warning about entries already there comes with the error, and no file is half written', async () => {
    const project = tempDir('json-fail-bridge');
    const hookFile = join(project, '.vscode/hooks/agent-hooks.json');
    expect((await runCliInProcess(['bridge', 'install', '--host', 'vscode', '--cwd', project])).code).toBe(0);
    const installed = readFileSync(hookFile, 'utf8');
    rmSync(join(project, '.vscode/settings.json'));
    const target = dangling(project, '.vscode/settings.json');
    const again = await failure([
      'bridge',
      'install',
      '--host',
      'vscode',
      '--cwd',
      project,
      '--invalid-rewrite',
      'deny',
    ]);
    expect(again.error).toEqual({
      code: 'BRIDGE_INSTALL_FAILED',
      message: `${join(project, '.vscode/settings.json')} is a symbolic link to a file that does not exist (${target}): nothing was changed; create that file or remove the link`,
    });
    expect(again.warnings).toEqual([
      expect.stringContaining(`${hookFile}: also holds "agent-hooks bridge --host vscode"`),
    ]);
    expect(again.files).toEqual([]);
    // settings.json was checked before the hook file was written: that stays as it was.
    expect(readFileSync(hookFile, 'utf8')).toBe(installed);
  });

  it('bridge uninstall: a settings.json it cannot edit stops it before the hook file goes, so files is empty', async () => {
    const project = tempDir('json-fail-uninstall');
    const hookFile = join(project, '.vscode/hooks/agent-hooks.json');
    expect((await runCliInProcess(['bridge', 'install', '--host', 'vscode', '--cwd', project])).code).toBe(0);
    const installed = readFileSync(hookFile, 'utf8');
    rmSync(join(project, '.vscode/settings.json'));
    mkdirSync(join(project, '.vscode/settings.json'));
    const removed = await failure(['bridge', 'uninstall', '--host', 'vscode', '--cwd', project]);
    expect(removed.error).toEqual({
      code: 'BRIDGE_INSTALL_FAILED',
      message: expect.stringContaining(
        `${join(project, '.vscode/settings.json')} is a folder, where a JSON file belongs`,
      ),
    });
    expect(removed.files).toEqual([]);
    expect(readFileSync(hookFile, 'utf8')).toBe(installed);
  });

  it('schema --vscode --out: the schema files written before the settings write failed are in files', async () => {
    const project = tempDir('json-fail-schema');
    const target = dangling(project, '.vscode/settings.json');
    const args = ['schema', 'claude-settings', '--vscode', '--out', 'schemas', '--cwd', project];
    const mapped = await failure(args);
    expect(mapped.error).toEqual({
      code: 'SCHEMA_WRITE_FAILED',
      message: `not writing ${join(project, '.vscode/settings.json')}: it is a symbolic link to a file that does not exist (${target}); create that file or remove the link`,
    });
    expect(mapped.files).toEqual([
      { file: join(project, 'schemas/claude-settings.schema.json'), status: 'create' },
    ]);
    expect(mapped.notes).toEqual([`wrote 1 schema file(s) to ${join(project, 'schemas')}`]);
  });
});
