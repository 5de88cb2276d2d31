import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { spawnBuiltCli } from '../helpers/cli.ts';
import { REPO_ROOT } from '../helpers/paths.ts';
import { tempDir } from '../helpers/temp-dir.ts';

/** Runs the built CLI with --json: one JSON document on stdout, nothing on stderr, exit 0. */
async function json(args: string[]): Promise<unknown> {
  const run = await spawnBuiltCli([...args, '--json']);
  expect(run.stderr).toBe('');
  expect(run.code).toBe(0);
  return JSON.parse(run.stdout);
}

describe('agent-hooks schema --json without --vscode: always one JSON document', () => {
  it('alone: the list, each schema with its file in the package, address and editor patterns', async () => {
    const listed = (await json(['schema'])) as { schemas: Record<string, unknown>[] };
    expect(listed.schemas).toContainEqual({
      name: 'scenario',
      file: 'schema/scenario.schema.json',
      url: 'https://unpkg.com/agent-hooks/schema/scenario.schema.json',
      jsonFiles: ['/hooks.test.json', '/*.hooks.test.json'],
      yamlFiles: ['hooks.test.yaml', 'hooks.test.yml', '*.hooks.test.yaml', '*.hooks.test.yml'],
    });
    // The names the human list prints, in its order, each a file the package ships.
    const human = await spawnBuiltCli(['schema']);
    const names = [...human.stdout.matchAll(/^ {2}(\S+) +schema\//gm)].map((m) => m[1]);
    expect(listed.schemas.map((schema) => schema.name)).toEqual(names);
    for (const schema of listed.schemas)
      expect(() => readFileSync(join(REPO_ROOT, schema.file as string))).not.toThrow();
  });

  it('with a NAME: the schema itself, as without --json', async () => {
    const schema = await json(['schema', 'PreToolUse.input']);
    expect(schema).toEqual(
      JSON.parse(readFileSync(join(REPO_ROOT, 'schema/events/PreToolUse.input.schema.json'), 'utf8')),
    );
  });

  it('with --out: the folder and each file written or already there; a refusal is SCHEMA_WRITE_FAILED', async () => {
    const project = tempDir('schema-json-out');
    const out = join(project, 'schemas');
    const file = join(out, 'scenario.schema.json');
    const args = ['schema', 'scenario', '--out', 'schemas', '--cwd', project];
    expect(await json(args)).toEqual({
      out,
      files: [{ file, status: 'create' }],
      notes: [`wrote 1 schema file(s) to ${out}`],
      warnings: [],
      written: true,
    });
    expect(await json(args)).toMatchObject({ files: [{ file, status: 'same' }] });
    writeFileSync(file, '{ "mine": true }\n');
    const refused = await spawnBuiltCli([...args, '--json']);
    expect(refused.code).toBe(1);
    expect(JSON.parse(refused.stdout)).toEqual({
      error: {
        code: 'SCHEMA_WRITE_FAILED',
        message: expect.stringContaining(`${file}: it has other content`),
      },
      files: [],
      notes: [],
      warnings: [],
    });
    expect(refused.stderr).toMatch(/^agent-hooks: SCHEMA_WRITE_FAILED: schema --out: nothing written/);
    expect(readFileSync(file, 'utf8')).toBe('{ "mine": true }\n');
  });
});
