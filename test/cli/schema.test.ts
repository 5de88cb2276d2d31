import { existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'jsonc-parser';
import { describe, expect, it } from 'vitest';
import { runCliInProcess } from '../helpers/cli.ts';
import { REPO_ROOT } from '../helpers/paths.ts';
import { makeTree, writeFile } from '../helpers/temp-dir.ts';

// Issue 15 item 5: `agent-hooks schema` prints, writes and maps in VS Code the schemas of schema/.

const shipped = (file: string) => readFileSync(join(REPO_ROOT, 'schema', file), 'utf8');
const settingsOf = (root: string) => readFileSync(join(root, '.vscode/settings.json'), 'utf8');
const SCENARIO_URL = 'https://unpkg.com/agent-hooks/schema/scenario.schema.json';

describe('agent-hooks schema', () => {
  it('lists every schema, and prints one by name in any letter case', async () => {
    const list = await runCliInProcess(['schema']);
    expect(list.code).toBe(0);
    expect(list.stdout).toMatch(/^ {2}claude-settings +schema\/claude-settings\.schema\.json$/m);
    expect(list.stdout).toMatch(/^ {2}events\/PreToolUse\.output\.copilot +schema\/events\//m);
    const one = await runCliInProcess(['schema', 'pretooluse.input']);
    expect(one.stdout).toBe(shipped('events/PreToolUse.input.schema.json'));
    expect((await runCliInProcess(['schema', 'scenario.schema.json'])).stdout).toBe(
      shipped('scenario.schema.json'),
    );
  });

  it('an unknown name is an error with a suggestion', async () => {
    const run = await runCliInProcess(['schema', 'scenaro']);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('no schema named "scenaro"; did you mean scenario?');
  });

  it('--out writes exactly the files of schema/, events/ included', async () => {
    const root = makeTree({ 'a.txt': 'x' });
    const run = await runCliInProcess(['schema', '--out', 'schemas', '--cwd', root]);
    expect(run.code).toBe(0);
    const events = readdirSync(join(REPO_ROOT, 'schema/events'));
    expect(readdirSync(join(root, 'schemas/events')).sort()).toEqual(events.sort());
    expect(readFileSync(join(root, 'schemas/claude-settings.schema.json'), 'utf8')).toBe(
      shipped('claude-settings.schema.json'),
    );
    expect(run.stderr).toContain(`wrote ${events.length + 5} schema file(s)`);
    const again = await runCliInProcess(['schema', '--out', 'schemas', '--cwd', root]);
    expect(again.stderr).toContain(
      `wrote 0 schema file(s) to ${join(root, 'schemas')} (${events.length + 5} already up to date)`,
    );
  });
});

describe('agent-hooks schema --out over existing files', () => {
  it('refuses to replace a file with other content, writing nothing, unless --force', async () => {
    const root = makeTree({ 'schemas/scenario.schema.json': '{ "mine": true }\n' });
    const file = join(root, 'schemas/scenario.schema.json');
    const refused = await runCliInProcess(['schema', '--out', 'schemas', '--cwd', root]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`schema --out: nothing written to ${join(root, 'schemas')}`);
    expect(refused.stderr).toContain(`${file}: it has other content (pass --force to replace it)`);
    expect(readFileSync(file, 'utf8')).toBe('{ "mine": true }\n');
    expect(existsSync(join(root, 'schemas/claude-settings.schema.json'))).toBe(false);
    const forced = await runCliInProcess(['schema', '--out', 'schemas', '--force', '--cwd', root]);
    expect(forced.code).toBe(0);
    expect(readFileSync(file, 'utf8')).toBe(shipped('scenario.schema.json'));
  });

  it('never writes through a symbolic link, to a file or to a folder, even with --force', async () => {
    const root = makeTree({ 'elsewhere/keep.json': '{}\n', 'schemas/a.txt': 'x' });
    const target = join(root, 'elsewhere/keep.json');
    symlinkSync(target, join(root, 'schemas/scenario.schema.json'));
    mkdirSync(join(root, 'elsewhere/events'));
    symlinkSync(join(root, 'elsewhere/events'), join(root, 'schemas/events'));
    const run = await runCliInProcess(['schema', '--out', 'schemas', '--force', '--cwd', root]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      `${join(root, 'schemas/scenario.schema.json')}: it is a symbolic link to ${target}`,
    );
    expect(run.stderr).toContain(`${join(root, 'schemas/events')}: it is a symbolic link to`);
    expect(readFileSync(target, 'utf8')).toBe('{}\n');
    expect(readdirSync(join(root, 'elsewhere/events'))).toEqual([]);
  });
});

describe('agent-hooks schema --vscode', () => {
  it('creates .vscode/settings.json pointing at the installed package when there is one', async () => {
    const root = makeTree({ 'node_modules/agent-hooks/schema/scenario.schema.json': '{}' });
    const run = await runCliInProcess(['schema', '--vscode', '--cwd', root]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('--- /dev/null');
    const settings = JSON.parse(settingsOf(root));
    expect(settings['json.schemas']).toContainEqual({
      fileMatch: ['/.claude/settings.json', '/.claude/settings.local.json'],
      url: './node_modules/agent-hooks/schema/claude-settings.schema.json',
    });
    expect(settings['yaml.schemas']).toEqual({
      './node_modules/agent-hooks/schema/scenario.schema.json': [
        'hooks.test.yaml',
        'hooks.test.yml',
        '*.hooks.test.yaml',
        '*.hooks.test.yml',
      ],
    });
  });

  it('merges into existing JSONC: comments and the user entries kept byte for byte, idempotent', async () => {
    const before =
      '{\n  // mine\n  "editor.tabSize": 4,\n  "json.schemas": [\n    { "fileMatch": ["/x.json"], "url": "./x.json" }\n  ]\n}\n';
    const root = makeTree({ '.vscode/settings.json': before });
    const run = await runCliInProcess(['schema', 'scenario', '--vscode', '--cwd', root]);
    expect(run.code).toBe(0);
    const after = settingsOf(root);
    expect(
      after.startsWith(
        '{\n  // mine\n  "editor.tabSize": 4,\n  "json.schemas": [\n    { "fileMatch": ["/x.json"], "url": "./x.json" },\n',
      ),
    ).toBe(true);
    const parsed = parse(after);
    expect(parsed['json.schemas']).toEqual([
      { fileMatch: ['/x.json'], url: './x.json' },
      { fileMatch: ['/hooks.test.json', '/*.hooks.test.json'], url: SCENARIO_URL },
    ]);
    expect(run.stdout).toContain('+    { "fileMatch": ["/x.json"], "url": "./x.json" },');
    const again = await runCliInProcess(['schema', 'scenario', '--vscode', '--cwd', root]);
    expect(again.stderr).toContain('already mapped, nothing changed');
    expect(settingsOf(root)).toBe(after);
  });

  it('with --out, the mappings point at the written files', async () => {
    const root = makeTree({ 'a.txt': 'x' });
    await runCliInProcess(['schema', 'scenario', '--out', 'tools/schemas', '--vscode', '--cwd', root]);
    expect(existsSync(join(root, 'tools/schemas/scenario.schema.json'))).toBe(true);
    expect(JSON.parse(settingsOf(root))['json.schemas'][0].url).toBe('./tools/schemas/scenario.schema.json');
  });

  it('refuses a settings file it cannot parse, replaces it only with --force', async () => {
    const root = makeTree({ 'a.txt': 'x' });
    writeFile(root, '.vscode/settings.json', '{ "json.schemas": ');
    const refused = await runCliInProcess(['schema', '--vscode', '--cwd', root]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('cannot be merged into because it is not valid JSON');
    expect(settingsOf(root)).toBe('{ "json.schemas": ');
    const forced = await runCliInProcess(['schema', '--vscode', '--force', '--cwd', root]);
    expect(forced.code).toBe(0);
    expect(JSON.parse(settingsOf(root))['json.schemas']).toHaveLength(4);
  });
});
