import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { spawnBuiltCli } from '../../helpers/cli.ts';
import { makeTree, tempDir } from '../../helpers/temp-dir.ts';

/** The keys of every writing command's --json object (src/cli/write/write-json.ts). */
const KEYS = [
  'diff',
  'file',
  'files',
  'host',
  'kind',
  'lossy',
  'mode',
  'notes',
  'text',
  'warnings',
  'written',
];

/** Runs the built CLI; its whole stdout must be one JSON document, and nothing goes to stderr. */
async function json(args: string[]): Promise<Record<string, unknown>> {
  const run = await spawnBuiltCli([...args, '--json']);
  expect(run.stderr).toBe('');
  expect(run.code).toBe(0);
  const parsed = JSON.parse(run.stdout) as Record<string, unknown>;
  expect(Object.keys(parsed).sort()).toEqual(KEYS);
  return parsed;
}

describe('--json of the writing commands: one document on stdout, in one shape', () => {
  it('add and init print it, with the writer notes in notes', async () => {
    const project = makeTree({ '.claude/settings.json': '{\n  "hooks": {}\n}\n' }, 'json-add');
    // The host is detected: the line that says so on stderr is a note here.
    const add = await json(['add', 'Stop', '--command', 'true', '--cwd', project]);
    expect(add).toMatchObject({ host: 'claude-code', kind: 'claude-settings', mode: 'merge', written: true });
    expect(add.notes).toEqual([
      expect.stringMatching(/^host claude-code: .*\(choose another with --host\)$/),
    ]);
    const init = await json([
      'init',
      '--template',
      'block-dangerous',
      '--host',
      'claude-code',
      '--yes',
      '--cwd',
      project,
    ]);
    expect(init.files).toEqual([
      { file: join(project, '.claude/hooks/block-dangerous.mjs'), status: 'create' },
      { file: join(project, '.claude/hooks/block-dangerous.hooks.test.yaml'), status: 'create' },
    ]);
  });

  it('bridge install --host vscode: the hook file, and settings.json among files with its diff', async () => {
    const project = tempDir('json-bridge');
    const file = join(project, '.vscode/hooks/agent-hooks.json');
    const install = await json(['bridge', 'install', '--host', 'vscode', '--cwd', project]);
    expect(install).toMatchObject({
      host: 'vscode',
      file,
      kind: 'vscode-hooks',
      mode: 'create',
      written: true,
    });
    expect(install.diff).toMatch(/^--- \/dev\/null\n\+\+\+ .*\n@@ -0,0 \+1,\d+ @@\n/);
    expect(install.files).toEqual([
      {
        file: join(project, '.vscode/settings.json'),
        status: 'create',
        diff: expect.stringContaining('+    ".vscode/hooks": true\n'),
      },
    ]);
    // What a person reads on stderr is in the object: a second install with other options.
    const again = await json([
      'bridge',
      'install',
      '--host',
      'vscode',
      '--cwd',
      project,
      '--invalid-rewrite',
      'deny',
    ]);
    expect(again.warnings).toEqual([
      expect.stringContaining(
        `${file}: also holds "agent-hooks bridge --host vscode", which routes the same events`,
      ),
    ]);
  });

  it('bridge uninstall: a deleted file is mode delete with its diff; a missing one is mode none, with the note', async () => {
    const project = tempDir('json-uninstall');
    const file = join(project, '.github/hooks/agent-hooks.json');
    await json(['bridge', 'install', '--host', 'copilot-cli', '--cwd', project]);
    const removed = await json(['bridge', 'uninstall', '--host', 'copilot-cli', '--cwd', project]);
    expect(removed).toMatchObject({ file, mode: 'delete', text: null, files: [], notes: [], warnings: [] });
    expect(removed.diff).toMatch(/\n\+\+\+ \/dev\/null\n@@ -1,\d+ \+0,0 @@\n/);
    expect(existsSync(file)).toBe(false);
    const none = await json(['bridge', 'uninstall', '--host', 'copilot-cli', '--cwd', project]);
    expect(none).toMatchObject({ file, mode: 'none', diff: '', text: null });
    expect(none.notes).toEqual([`${file}: not there, nothing to remove`]);
  });

  it('schema --vscode: settings.json, with the --out schema files listed', async () => {
    const project = tempDir('json-schema');
    const mapped = await json([
      'schema',
      'claude-settings',
      '--vscode',
      '--out',
      'schemas',
      '--cwd',
      project,
    ]);
    expect(mapped).toMatchObject({
      host: 'vscode',
      file: join(project, '.vscode/settings.json'),
      kind: 'vscode-settings',
      mode: 'create',
      files: [{ file: join(project, 'schemas/claude-settings.schema.json'), status: 'create' }],
      notes: [`wrote 1 schema file(s) to ${join(project, 'schemas')}`],
    });
    const again = await json(['schema', 'claude-settings', '--vscode', '--out', 'schemas', '--cwd', project]);
    expect(again).toMatchObject({ mode: 'merge', diff: '', files: [{ status: 'same' }] });
  });
});
