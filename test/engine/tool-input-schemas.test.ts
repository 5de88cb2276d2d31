// Issue 12 point 19: a hook's updatedInput is checked against the tool's input schema given to the
// engine; one that does not match is discarded with a diagnostic and the decision stands (seed
// 000: "如果 updatedInput 不符合預期的綱要，它將被忽略", an updatedInput that does not match the
// expected schema is ignored). Without a schema the result says the rewrite was not checked.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createHookEngine, type HookEngineOptions } from '../../src/index.ts';
import type { ProfileName } from '../../src/model/profile-name.ts';

const REWRITE = fileURLToPath(new URL('../fixtures/engine/rewrite-input.sh', import.meta.url));

const BASH_SCHEMA = {
  type: 'object',
  properties: { command: { type: 'string' }, timeout: { type: 'number' } },
  required: ['command'],
  additionalProperties: false,
};

/** The fixture hook's command line: it answers in `shape` with `rewrite` as the new input. */
function rewriteHook(shape: string, rewrite: Record<string, unknown>): string {
  return `sh ${REWRITE} ${shape} '${JSON.stringify(rewrite)}'`;
}

async function dispatchRewrite(
  rewrite: Record<string, unknown>,
  options: HookEngineOptions & { event?: string; shape?: string; profile?: ProfileName } = {},
) {
  const { event = 'PreToolUse', shape = 'claude', ...engineOptions } = options;
  const command = rewriteHook(shape, rewrite);
  const copilot = engineOptions.profile === 'copilot-cli';
  const engine = await createHookEngine({
    discover: false,
    sources: [
      copilot
        ? {
            file: 'hooks.json',
            kind: 'copilot-hooks-file',
            scope: 'project',
            config: { version: 1, hooks: { preToolUse: [{ type: 'command', bash: command }] } },
          }
        : {
            file: 'settings.json',
            kind: 'claude-settings',
            scope: 'project',
            config: { hooks: { [event]: [{ hooks: [{ type: 'command', command }] }] } },
          },
    ],
    ...engineOptions,
  });
  try {
    return await engine.dispatch(event, {
      tool_name: 'Bash',
      tool_input: { command: 'ls' },
      tool_use_id: 't1',
    });
  } finally {
    await engine.close();
  }
}

describe('updatedInput checked against toolInputSchemas (issue 12 point 19)', () => {
  it('a rewrite that matches the schema is used, and the result says it was checked', async () => {
    const result = await dispatchRewrite({ command: 'ls -la' }, { toolInputSchemas: { Bash: BASH_SCHEMA } });
    expect(result.decision).toBe('allow');
    expect(result.updatedInput).toEqual({ command: 'ls -la' });
    expect(result.updatedInputCheck).toEqual({ status: 'valid', tool: 'Bash' });
    expect(result.diagnostics).toEqual([]);
  });

  it('a rewrite that does not match is discarded with a coded diagnostic; the allow stands', async () => {
    const result = await dispatchRewrite({ cmd: 'ls -la' }, { toolInputSchemas: { Bash: BASH_SCHEMA } });
    expect(result.decision).toBe('allow');
    expect(result.reason).toBe('rewritten by fixture');
    expect(result.updatedInput).toBeNull();
    expect(result.updatedInputCheck).toMatchObject({ status: 'discarded', tool: 'Bash' });
    expect(result.updatedInputCheck?.why).toMatch(/Unrecognized key: "cmd"/);
    const found = result.diagnostics.find((d) => d.code === 'ENGINE_INVALID_UPDATED_INPUT');
    expect(found).toMatchObject({
      severity: 'error',
      event: 'PreToolUse',
      file: 'settings.json',
      pointer: '/hooks/PreToolUse/0/hooks/0',
    });
    // Event, hook, tool, the schema error, and the fix.
    expect(found?.message).toMatch(/^PreToolUse: updatedInput from hook sh .*rewrite-input\.sh claude/);
    expect(found?.message).toMatch(
      /input schema of tool Bash: .*expected string, received undefined → at command/,
    );
    expect(found?.message).toMatch(/the decision "allow" stands/);
    expect(found?.message).toMatch(/Return the whole input in the tool's schema/);
  });

  it('a tool without a schema: the rewrite is used and the result says it was not checked', async () => {
    const result = await dispatchRewrite({ cmd: 'anything' }, { toolInputSchemas: { Read: BASH_SCHEMA } });
    expect(result.updatedInput).toEqual({ cmd: 'anything' });
    expect(result.updatedInputCheck).toEqual({
      status: 'unchecked',
      tool: 'Bash',
      why: 'no input schema was given for tool Bash',
    });
  });

  it('without toolInputSchemas the rewrite is used unchecked, and the result says so', async () => {
    const result = await dispatchRewrite({ cmd: 'anything' });
    expect(result.updatedInput).toEqual({ cmd: 'anything' });
    expect(result.updatedInputCheck).toEqual({
      status: 'unchecked',
      tool: 'Bash',
      why: 'no tool input schemas were given to the engine',
    });
    expect(result.diagnostics).toEqual([]);
  });

  it('no rewrite, no check: the field is absent', async () => {
    const engine = await createHookEngine({ discover: false, toolInputSchemas: { Bash: BASH_SCHEMA } });
    const result = await engine.dispatch('PreToolUse', {
      tool_name: 'Bash',
      tool_input: { command: 'ls' },
      tool_use_id: 't',
    });
    await engine.close();
    expect(result.updatedInputCheck).toBeUndefined();
  });

  it('PermissionRequest: an invalid decision.updatedInput is discarded and the allow stands', async () => {
    const result = await dispatchRewrite(
      { command: 42 },
      { event: 'PermissionRequest', shape: 'permission-request', toolInputSchemas: { Bash: BASH_SCHEMA } },
    );
    expect(result.decision).toBe('allow');
    expect(result.updatedInput).toBeNull();
    expect(result.updatedInputCheck).toMatchObject({ status: 'discarded', tool: 'Bash' });
    expect(result.diagnostics.map((d) => d.code)).toContain('ENGINE_INVALID_UPDATED_INPUT');
  });

  it('copilot-cli: modifiedArgs is checked the same way', async () => {
    const schemas = {
      toolInputSchemas: { Bash: BASH_SCHEMA },
      profile: 'copilot-cli' as const,
      shape: 'copilot',
    };
    const bad = await dispatchRewrite({ command: 'ls', force: true }, schemas);
    expect(bad.decision).toBe('allow');
    expect(bad.updatedInput).toBeNull();
    const found = bad.diagnostics.find((d) => d.code === 'ENGINE_INVALID_UPDATED_INPUT');
    expect(found?.message).toMatch(/rewrite-input\.sh copilot/);
    const good = await dispatchRewrite({ command: 'ls', timeout: 5 }, schemas);
    expect(good.updatedInput).toEqual({ command: 'ls', timeout: 5 });
    expect(good.updatedInputCheck?.status).toBe('valid');
  });

  it('a schema zod cannot read: the rewrite is used unchecked, with a warning naming the problem', async () => {
    const result = await dispatchRewrite(
      { command: 'ls' },
      { toolInputSchemas: { Bash: { $ref: '#/definitions/missing' } } },
    );
    expect(result.updatedInput).toEqual({ command: 'ls' });
    expect(result.updatedInputCheck).toMatchObject({ status: 'unchecked', tool: 'Bash' });
    expect(result.updatedInputCheck?.why).toMatch(/cannot be read: .*#\/definitions\/missing/);
    const found = result.diagnostics.find((d) => d.code === 'ENGINE_TOOL_SCHEMA_UNSUPPORTED');
    expect(found?.severity).toBe('warning');
  });
});

describe("invalidRewrite: 'deny' closes the fail-open (issue 12 point 19)", () => {
  it('PermissionRequest: the allow becomes a deny whose reason replaces the tool result', async () => {
    const result = await dispatchRewrite(
      { command: 42 },
      {
        event: 'PermissionRequest',
        shape: 'permission-request',
        toolInputSchemas: { Bash: BASH_SCHEMA },
        invalidRewrite: 'deny',
      },
    );
    expect(result.decision).toBe('deny');
    expect(result.updatedInput).toBeNull();
    expect(result.updatedInputCheck).toMatchObject({ status: 'discarded', denied: true });
    expect(result.messages.toModel).toEqual([result.reason]);
    expect(result.messages.placements).toEqual(['replaces-tool-result']);
  });

  it('copilot-cli: the deny is worded as the host words a preToolUse deny', async () => {
    const result = await dispatchRewrite(
      { command: 'ls', force: true },
      {
        toolInputSchemas: { Bash: BASH_SCHEMA },
        profile: 'copilot-cli',
        shape: 'copilot',
        invalidRewrite: 'deny',
      },
    );
    expect(result.decision).toBe('deny');
    expect(result.messages.toModel).toEqual([`Denied by preToolUse hook: ${result.reason}`]);
    expect(result.reason).toMatch(
      /^the hook's rewrite of the Bash input does not match the tool's input schema \(/,
    );
  });

  it('a value it does not know is ENGINE_INVALID_OPTION, never a quiet discard', async () => {
    const engine = createHookEngine({ discover: false, invalidRewrite: 'closed' as 'deny' });
    await expect(engine).rejects.toMatchObject({
      code: 'ENGINE_INVALID_OPTION',
      message: 'invalidRewrite: expected one of discard, deny, got "closed"',
    });
  });
});
