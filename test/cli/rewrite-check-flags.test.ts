// `--tool-schemas FILE` and `--invalid-rewrite discard|deny` on `run`, `test` and `bridge` (issue
// 12 point 19): the same parsing and errors in each command. A discarded rewrite keeps the hook's
// decision (VS Code, seed 000 "PreToolUse 輸出"), a documented fail-open; `deny` closes it.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCliInProcess } from '../helpers/cli.ts';
import { tempDir, writeFile } from '../helpers/temp-dir.ts';

const REWRITE = fileURLToPath(new URL('../fixtures/engine/rewrite-input.sh', import.meta.url));
const CALL = { tool_name: 'Bash', tool_input: { command: 'ls' }, tool_use_id: 't1' };
const SCHEMAS = {
  Bash: {
    type: 'object',
    properties: { command: { type: 'string' } },
    required: ['command'],
    additionalProperties: false,
  },
};
/** What the fixture hook rewrites the input to: `cmd` is not in the Bash schema. */
const BAD_REWRITE = { cmd: 'ls -la' };
const DENY_REASON =
  'the hook\'s rewrite of the Bash input does not match the tool\'s input schema (✖ Unrecognized key: "cmd" ✖ Invalid input: expected string, received undefined → at command); the call is denied (invalidRewrite: deny)';

/** A project whose one PreToolUse hook (a real script) allows the call and rewrites it badly. */
function project(): { dir: string; schemas: string } {
  const dir = tempDir('rewrite-flags');
  const command = `sh ${REWRITE} claude '${JSON.stringify(BAD_REWRITE)}'`;
  writeFile(
    dir,
    '.claude/settings.json',
    JSON.stringify({ hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command }] }] } }),
  );
  const schemas = writeFile(dir, 'schemas.json', JSON.stringify(SCHEMAS));
  return { dir, schemas };
}

async function runJson(dir: string, extra: string[]) {
  const args = ['run', 'PreToolUse', '--cwd', dir, '--no-user', '--input', JSON.stringify(CALL), '--json'];
  const done = await runCliInProcess([...args, ...extra]);
  expect(done.code, done.stderr).toBe(0);
  return JSON.parse(done.stdout);
}

describe.concurrent('run --invalid-rewrite', () => {
  it('discard (the default) keeps the allow; deny denies, worded and placed as a hook deny', async () => {
    const { dir, schemas } = project();
    const kept = await runJson(dir, ['--tool-schemas', schemas]);
    const explicit = await runJson(dir, ['--tool-schemas', schemas, '--invalid-rewrite', 'discard']);
    for (const result of [kept, explicit]) {
      expect(result.decision).toBe('allow');
      expect(result.updatedInput).toBeNull();
      expect(result.updatedInputCheck).toMatchObject({ status: 'discarded', tool: 'Bash' });
      expect(result.updatedInputCheck.denied).toBeUndefined();
    }
    const denied = await runJson(dir, ['--tool-schemas', schemas, '--invalid-rewrite', 'deny']);
    expect(denied.decision).toBe('deny');
    expect(denied.reason).toBe(DENY_REASON);
    expect(denied.updatedInput).toBeNull();
    expect(denied.updatedInputCheck).toMatchObject({ status: 'discarded', tool: 'Bash', denied: true });
    expect(denied.messages.toModel).toEqual([`PreToolUse:Bash hook error: ${DENY_REASON}`]);
    expect(denied.messages.placements).toEqual(['replaces-tool-result']);
    const found = denied.diagnostics.find((d: { code: string }) => d.code === 'ENGINE_INVALID_UPDATED_INPUT');
    expect(found.message).toContain('the rewrite was discarded (the call is denied (invalidRewrite: deny))');
  });

  it('without --tool-schemas, deny changes nothing: the rewrite is used and said to be unchecked', async () => {
    const { dir } = project();
    const result = await runJson(dir, ['--invalid-rewrite', 'deny']);
    expect(result.decision).toBe('allow');
    expect(result.updatedInput).toEqual(BAD_REWRITE);
    expect(result.updatedInputCheck).toEqual({
      status: 'unchecked',
      tool: 'Bash',
      why: 'no tool input schemas were given to the engine',
    });
  });

  it('an unknown value is a usage error naming the values (exit 1)', async () => {
    const { dir } = project();
    const args = [
      'run',
      'PreToolUse',
      '--cwd',
      dir,
      '--input',
      JSON.stringify(CALL),
      '--invalid-rewrite',
      'closed',
    ];
    const done = await runCliInProcess(args);
    expect(done.code).toBe(1);
    expect(done.stdout).toBe('');
    expect(done.stderr).toContain('--invalid-rewrite closed: expected one of discard, deny');
  });
});

const SCENARIO = (decision: string, withInput: boolean) => `cases:
  - name: the rewrite
    event: PreToolUse
    input: { tool_name: Bash, tool_input: { command: ls } }
    expect:
      decision: ${decision}
${withInput ? '      updatedInput: { cmd: "ls -la" }\n' : ''}`;

describe.concurrent('test --tool-schemas / --invalid-rewrite', () => {
  it('checks each case against the schemas: the rewrite used without them, discarded with them, denied with deny', async () => {
    const { dir, schemas } = project();
    const rewrites = writeFile(dir, 'rewrite.hooks.test.yaml', SCENARIO('allow', true));
    const test = (extra: string[]) => runCliInProcess(['test', rewrites, '--cwd', dir, ...extra]);
    expect((await test([])).code).toBe(0);
    const checked = await test(['--tool-schemas', schemas]);
    expect(checked.code).toBe(1);
    expect(checked.stdout).toMatch(/updatedInput/);
    const denies = writeFile(dir, 'deny.hooks.test.yaml', SCENARIO('deny', false));
    const deny = ['--tool-schemas', schemas, '--invalid-rewrite', 'deny'];
    const denied = await runCliInProcess(['test', denies, '--cwd', dir, ...deny]);
    expect(denied.code, denied.stdout).toBe(0);
    expect((await runCliInProcess(['test', denies, '--cwd', dir, '--tool-schemas', schemas])).code).toBe(1);
  });

  it('a bad schema file is the same error as for run (exit 1, file:line:column)', async () => {
    const { dir } = project();
    writeFile(dir, 'hooks.test.yaml', SCENARIO('allow', false));
    const bad = writeFile(dir, 'bad.json', '{\n  "Bash": "string"\n}\n');
    const message = `${bad}:2:11: the schema of tool "Bash" must be a JSON Schema object (or a boolean), not a string`;
    const test = await runCliInProcess(['test', '--cwd', dir, '--tool-schemas', bad]);
    const run = await runCliInProcess([
      'run',
      'PreToolUse',
      '--cwd',
      dir,
      '--input',
      JSON.stringify(CALL),
      '--tool-schemas',
      bad,
    ]);
    for (const done of [test, run]) {
      expect(done.code).toBe(1);
      expect(done.stderr).toContain(message);
    }
  });
});

/** The bridge run as Claude Code runs it, on the project's own Claude hook (`--include-native`). */
function bridge(dir: string, extra: string[]) {
  const args = [
    'bridge',
    '--host',
    'claude-code',
    '--include-native',
    '--cwd',
    dir,
    '--no-user',
    '--state-dir',
    `${dir}/state`,
  ];
  const payload = { ...CALL, hook_event_name: 'PreToolUse', session_id: 's1', cwd: dir };
  return runCliInProcess([...args, ...extra], { stdin: JSON.stringify(payload) });
}

describe.concurrent('bridge --tool-schemas / --invalid-rewrite', () => {
  it('passes the rewrite on unchecked; discards it with a note; denies with deny', async () => {
    const { dir, schemas } = project();
    const plain = await bridge(dir, []);
    expect(plain.code).toBe(0);
    expect(JSON.parse(plain.stdout).hookSpecificOutput).toMatchObject({
      permissionDecision: 'allow',
      updatedInput: BAD_REWRITE,
    });
    const checked = await bridge(dir, ['--tool-schemas', schemas]);
    expect(checked.code).toBe(0);
    const answer = JSON.parse(checked.stdout);
    expect(answer.hookSpecificOutput.permissionDecision).toBe('allow');
    expect(answer.hookSpecificOutput).not.toHaveProperty('updatedInput');
    expect(checked.stderr).toContain(
      'agent-hooks bridge: ENGINE_INVALID_UPDATED_INPUT: PreToolUse: updatedInput from',
    );
    expect(answer.systemMessage).toContain('ENGINE_INVALID_UPDATED_INPUT');
    const denied = await bridge(dir, ['--tool-schemas', schemas, '--invalid-rewrite', 'deny']);
    expect(denied.code).toBe(0);
    expect(JSON.parse(denied.stdout).hookSpecificOutput).toEqual({
      hookEventName: 'PreToolUse',
      permissionDecision: 'deny',
      permissionDecisionReason: DENY_REASON,
    });
  });

  it('a bad schema file is the same error as for run, before any hook runs (exit 1)', async () => {
    const { dir } = project();
    const bad = writeFile(dir, 'bad.json', '[]');
    const done = await bridge(dir, ['--tool-schemas', bad]);
    expect(done.code).toBe(1);
    expect(done.stdout).toBe('');
    expect(done.stderr).toContain(`${bad}:1:1: expected one object mapping tool names to input JSON Schemas`);
  });
});
