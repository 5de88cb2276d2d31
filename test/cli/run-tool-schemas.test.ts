// `run --tool-schemas FILE` (issue 12 point 19): a hook's updatedInput is checked against the
// tool's input schema from FILE; without one the output says the rewrite was not checked.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCliInProcess } from '../helpers/cli.ts';
import { tempDir, writeFile } from '../helpers/temp-dir.ts';

const REWRITE = fileURLToPath(new URL('../fixtures/engine/rewrite-input.sh', import.meta.url));
const INPUT = JSON.stringify({ tool_name: 'Bash', tool_input: { command: 'ls' }, tool_use_id: 't1' });
const SCHEMAS = {
  Bash: {
    type: 'object',
    properties: { command: { type: 'string' } },
    required: ['command'],
    additionalProperties: false,
  },
};

/** A project whose one PreToolUse hook (a real script) rewrites the input to `rewrite`. */
function project(rewrite: Record<string, unknown>): string {
  const dir = tempDir('tool-schemas');
  const command = `sh ${REWRITE} claude '${JSON.stringify(rewrite)}'`;
  writeFile(
    dir,
    '.claude/settings.json',
    JSON.stringify({ hooks: { PreToolUse: [{ hooks: [{ type: 'command', command }] }] } }),
  );
  return dir;
}

function run(dir: string, extra: string[]) {
  return runCliInProcess(['run', 'PreToolUse', '--cwd', dir, '--no-user', '--input', INPUT, ...extra]);
}

describe.concurrent('agent-hooks run --tool-schemas', () => {
  it('discards an updatedInput that does not match, keeps the allow, and reports it (exit 0)', async () => {
    const dir = project({ cmd: 'ls -la' });
    const schemas = writeFile(dir, 'schemas.json', JSON.stringify(SCHEMAS));
    const { code, stdout } = await run(dir, ['--tool-schemas', schemas, '--json']);
    expect(code).toBe(0);
    const result = JSON.parse(stdout);
    expect(result.decision).toBe('allow');
    expect(result.updatedInput).toBeNull();
    expect(result.updatedInputCheck).toMatchObject({ status: 'discarded', tool: 'Bash' });
    const found = result.diagnostics.find((d: { code: string }) => d.code === 'ENGINE_INVALID_UPDATED_INPUT');
    expect(found.message).toMatch(/input schema of tool Bash: .*Unrecognized key: "cmd"/);
  });

  it('uses an updatedInput that matches', async () => {
    const dir = project({ command: 'ls -la' });
    const schemas = writeFile(dir, 'schemas.json', JSON.stringify(SCHEMAS));
    const { stdout } = await run(dir, ['--tool-schemas', schemas, '--json']);
    const result = JSON.parse(stdout);
    expect(result.updatedInput).toEqual({ command: 'ls -la' });
    expect(result.updatedInputCheck).toEqual({ status: 'valid', tool: 'Bash' });
  });

  it('the human output says when the rewrite was discarded, and when it was not checked', async () => {
    const dir = project({ cmd: 'ls -la' });
    const schemas = writeFile(dir, 'schemas.json', JSON.stringify(SCHEMAS));
    const discarded = await run(dir, ['--tool-schemas', schemas]);
    expect(discarded.stdout).toMatch(
      /updated input discarded: it does not match the input schema of tool Bash/,
    );
    expect(discarded.stdout).toMatch(/error .*ENGINE_INVALID_UPDATED_INPUT/);
    const unchecked = await run(dir, []);
    expect(unchecked.stdout).toMatch(/updated input \{"cmd":"ls -la"\}/);
    expect(unchecked.stdout).toMatch(
      /info updated input not checked: no tool input schemas were given to the engine \(--tool-schemas FILE/,
    );
    const json = JSON.parse((await run(dir, ['--json'])).stdout);
    expect(json.updatedInputCheck).toEqual({
      status: 'unchecked',
      tool: 'Bash',
      why: 'no tool input schemas were given to the engine',
    });
  });

  it('a file that is not JSON is an error with file:line:column and exit 1', async () => {
    const dir = project({ command: 'ls' });
    const schemas = writeFile(dir, 'schemas.json', '{\n  "Bash": { "type": "object", }\n}\n');
    const { code, stdout, stderr } = await run(dir, ['--tool-schemas', schemas, '--json']);
    expect(code).toBe(1);
    // Nothing ran: under --json the failure document is all of stdout.
    expect(JSON.parse(stdout)).toMatchObject({ error: { code: 'CONFIG_TOOL_SCHEMAS_INVALID' } });
    expect(stderr).toContain(`${schemas}:2:31: property name expected (found "}")`);
  });

  it('a schema that is not an object is an error at its key; a missing file names the file', async () => {
    const dir = project({ command: 'ls' });
    const schemas = writeFile(dir, 'schemas.json', '{\n  "Read": {},\n  "Bash": "string"\n}\n');
    const wrong = await run(dir, ['--tool-schemas', schemas]);
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain(
      `${schemas}:3:11: the schema of tool "Bash" must be a JSON Schema object (or a boolean), not a string`,
    );
    const array = writeFile(dir, 'array.json', '[]');
    expect((await run(dir, ['--tool-schemas', array])).stderr).toContain(
      `${array}:1:1: expected one object mapping tool names to input JSON Schemas`,
    );
    const missing = await run(dir, ['--tool-schemas', `${dir}/nope.json`]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/--tool-schemas .*nope\.json cannot be read \(ENOENT\)/);
  });
});
