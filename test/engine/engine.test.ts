import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { stopCapMessage } from '../../src/engine/session/stop-loop.ts';
import { createHookEngine, HookError } from '../../src/index.ts';
import { runnerResult } from '../../src/runners/types.ts';
import { engineWithClaudeHooks, FIXTURES_DIR, group, HOOK_SCRIPT } from '../helpers/engine.ts';
import { tempDir } from '../helpers/temp-dir.ts';

const RECORD = join(FIXTURES_DIR, 'engine', 'record.sh');
const work = tempDir('engine');

const bash = (command: string) => ({ tool_name: 'Bash', tool_input: { command }, tool_use_id: 'toolu_1' });
const json = (value: unknown) => `'${JSON.stringify(value)}'`;
const preToolUseOutput = (decision: string, extra: Record<string, unknown> = {}) => ({
  hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: decision, ...extra },
});

describe('engine: aggregation (claude-code-hooks.md §3.4)', () => {
  it('runs every matching handler in parallel and lets deny win over allow (claude-code-observed.md)', async () => {
    const files = ['a', 'b', 'c'].map((name) => join(work, `parallel-${name}.json`));
    const engine = await engineWithClaudeHooks({
      PreToolUse: [
        {
          matcher: 'Bash',
          hooks: [
            { type: 'command', command: `sh ${RECORD} ${files[0]} ${json(preToolUseOutput('allow'))}` },
            {
              type: 'command',
              command: `sh ${RECORD} ${files[1]} ${json(preToolUseOutput('deny', { permissionDecisionReason: 'no way' }))}`,
            },
            { type: 'command', command: `sh ${RECORD} ${files[2]} ${json(preToolUseOutput('allow'))}` },
          ],
        },
      ],
    });
    const result = await engine.dispatch('PreToolUse', bash('ls'));
    expect(result.decision).toBe('deny');
    expect(result.reason).toBe('no way');
    expect(result.messages.toModel).toEqual(['PreToolUse:Bash hook error: no way']);
    for (const file of files) expect(JSON.parse(readFileSync(file, 'utf8')).tool_name).toBe('Bash');
  });

  it.each([
    [['allow', 'ask'], 'ask'],
    [['ask', 'defer'], 'defer'],
    [['defer', 'deny', 'allow'], 'deny'],
    [['allow'], 'allow'],
  ])('orders permission decisions deny > defer > ask > allow: %j → %s', async (decisions, expected) => {
    const engine = await engineWithClaudeHooks(
      {
        PreToolUse: [
          {
            hooks: decisions.map((decision) => ({
              type: 'command',
              command: `echo ${json(preToolUseOutput(decision, { permissionDecisionReason: decision }))}`,
            })),
          },
        ],
      },
      { interactive: true },
    );
    const result = await engine.dispatch('PreToolUse', bash('ls'));
    expect(result.decision).toBe(expected);
    expect(result.reason).toBe(expected);
  });

  it('takes updatedInput from the last handler in configured order and reports the conflict', async () => {
    const rewrite = (command: string) => json(preToolUseOutput('allow', { updatedInput: { command } }));
    const engine = await engineWithClaudeHooks({
      PreToolUse: [
        {
          hooks: [
            { type: 'command', command: `sleep 0.2; echo ${rewrite('first')}` },
            { type: 'command', command: `echo ${rewrite('second')}` },
          ],
        },
      ],
    });
    const result = await engine.dispatch('PreToolUse', bash('ls'));
    expect(result.updatedInput).toEqual({ command: 'second' });
    expect(result.diagnostics.map((d) => d.code)).toContain('ENGINE_OUTPUT_CONFLICT');
  });

  it('ignores a hookSpecificOutput whose hookEventName names another event, with a warning', async () => {
    const output = { hookSpecificOutput: { hookEventName: 'PostToolUse', permissionDecision: 'deny' } };
    const engine = await engineWithClaudeHooks({ PreToolUse: group(`echo ${json(output)}`) });
    const result = await engine.dispatch('PreToolUse', bash('ls'));
    expect(result.decision).toBeNull();
    expect(result.hooks[0]?.warnings.join('\n')).toMatch(/does not match the event PreToolUse/);
  });

  it('warns about a near miss: permissionDecision at the top level of a Claude hook', async () => {
    const engine = await engineWithClaudeHooks({ PreToolUse: group(`echo '{"permissionDecision":"deny"}'`) });
    const result = await engine.dispatch('PreToolUse', bash('ls'));
    expect(result.decision).toBeNull();
    expect(result.hooks[0]?.warnings.join('\n')).toMatch(/hookSpecificOutput/);
  });

  it('words an exit-2 denial as Claude Code does (claude-code-observed.md)', async () => {
    const command = `sh ${HOOK_SCRIPT} exit2-stderr`;
    const engine = await engineWithClaudeHooks({ PreToolUse: group(command) });
    const result = await engine.dispatch('PreToolUse', bash('rm -rf /'));
    // Verbatim stderr, trailing newline included (claude-code-observed.md); `reason` is trimmed.
    expect(result.messages.toModel).toEqual([
      `PreToolUse:Bash hook error: [${command}]: reason from stderr\n`,
    ]);
    expect(result.reason).toBe('reason from stderr');
  });

  it('spills additionalContext over 10,000 characters to a file the context references', async () => {
    const big = 'x'.repeat(12_000);
    const output = { hookSpecificOutput: { hookEventName: 'PostToolUse', additionalContext: big } };
    const engine = await engineWithClaudeHooks({ PostToolUse: group(`echo '${JSON.stringify(output)}'`) });
    const result = await engine.dispatch('PostToolUse', { ...bash('ls'), tool_response: {} });
    const context = result.additionalContext[0] ?? '';
    expect(context.length).toBeLessThan(big.length);
    const file = /full text is in (.+)\]$/.exec(context)?.[1];
    expect(file && readFileSync(file, 'utf8')).toBe(big);
  });
});

describe('engine: planning', () => {
  it('reports handlers skipped by matcher and by if rule (claude-code-hooks.md §5)', async () => {
    const engine = await engineWithClaudeHooks({
      PreToolUse: [
        { matcher: 'Edit|Write', hooks: [{ type: 'command', command: 'echo edit' }] },
        { matcher: 'Bash', hooks: [{ type: 'command', command: 'echo git', if: 'Bash(git *)' }] },
        { matcher: 'Bash', hooks: [{ type: 'command', command: 'echo any' }] },
      ],
    });
    const result = await engine.dispatch('PreToolUse', bash('ls && git push'));
    expect(result.hooks.map((hook) => hook.label)).toEqual(['echo git', 'echo any']);
    const result2 = await engine.dispatch('PreToolUse', bash('ls'), { explain: true });
    expect(result2.hooks.map((hook) => hook.label)).toEqual(['echo any']);
    const reasons = result2.skipped.map((skip) => skip.why).join('\n');
    expect(reasons).toMatch(/matcher .*Edit.*does not match "Bash"/);
    expect(reasons).toMatch(/"if" rule Bash\(git \*\) does not match/);
  });

  it('runs the same command in two groups once per call (claude-code-observed.md "Matching and identity")', async () => {
    const engine = await engineWithClaudeHooks({
      PreToolUse: [
        { matcher: 'Bash', hooks: [{ type: 'command', command: 'echo same', timeout: 5 }] },
        { matcher: '*', hooks: [{ type: 'command', command: 'echo same', timeout: 9 }] },
        { matcher: '*', hooks: [{ type: 'command', command: 'echo same ' }] },
      ],
    });
    const result = await engine.dispatch('PreToolUse', bash('ls'));
    expect(result.hooks).toHaveLength(2);
    expect(result.skipped.some((skip) => skip.why.startsWith('duplicate'))).toBe(true);
  });

  it('never runs a hook with an if rule on a non-tool event, and says so', async () => {
    const engine = await engineWithClaudeHooks({ SessionStart: group('echo hi', { if: 'Bash(git *)' }) });
    const result = await engine.dispatch('SessionStart', { source: 'startup' });
    expect(result.hooks).toHaveLength(0);
    expect(result.skipped[0]?.why).toMatch(/only evaluated on tool events/);
    expect(engine.config.diagnostics.map((d) => d.code)).toContain('MATCH_IF_ON_NON_TOOL_EVENT');
  });

  it('accepts event names in every dialect and rejects unknown ones', async () => {
    const engine = await engineWithClaudeHooks({ Stop: group('true') });
    expect((await engine.dispatch('agentStop', {})).event).toBe('Stop');
    // @ts-expect-error a misspelt literal does not compile; at run time it is a coded error
    await expect(engine.dispatch('NoSuchEvent', {})).rejects.toBeInstanceOf(HookError);
  });
});

describe('engine: Stop loop guard (claude-code-hooks.md §2.18)', () => {
  it('tracks stop_hook_active and overrides the 9th consecutive block (8 continuations)', async () => {
    const record = join(work, 'stop-input.json');
    const engine = await engineWithClaudeHooks({
      Stop: group(`cat > ${record}; echo again >&2; exit 2`),
    });
    for (let i = 1; i <= 8; i++) {
      const result = await engine.dispatch('Stop', {});
      expect(result.decision).toBe('block');
      expect(JSON.parse(readFileSync(record, 'utf8')).stop_hook_active).toBe(i > 1);
    }
    const ninth = await engine.dispatch('Stop', {});
    expect(ninth.decision).toBeNull();
    expect(ninth.stopCapReached).toBe(true);
    expect(ninth.messages.toUser).toContain(stopCapMessage(9));
    const after = await engine.dispatch('Stop', {});
    expect(JSON.parse(readFileSync(record, 'utf8')).stop_hook_active).toBe(false);
    expect(after.decision).toBe('block');
  });
});

describe('engine: payload per dialect (other-agents-hooks.md §1.3)', () => {
  it('gives a camelCase Copilot hook camelCase fields and an epoch-ms timestamp, and a Claude hook snake_case', async () => {
    const camel = join(work, 'camel.json');
    const snake = join(work, 'snake.json');
    const engine = await createHookEngine({
      discover: false,
      profile: 'copilot-cli',
      sources: [
        {
          file: 'copilot.json',
          kind: 'copilot-hooks-file',
          config: { version: 1, hooks: { preToolUse: [{ type: 'command', bash: `sh ${RECORD} ${camel}` }] } },
        },
        {
          file: 'settings.json',
          kind: 'claude-settings',
          config: {
            hooks: { PreToolUse: [{ hooks: [{ type: 'command', command: `sh ${RECORD} ${snake}` }] }] },
          },
        },
      ],
    });
    await engine.dispatch('preToolUse', bash('ls'));
    const camelPayload = JSON.parse(readFileSync(camel, 'utf8'));
    // Copilot's camelCase payload carries the runtime tool name (other-agents-hooks.md §1.4).
    expect(camelPayload.toolName).toBe('bash');
    expect(typeof camelPayload.timestamp).toBe('number');
    const snakePayload = JSON.parse(readFileSync(snake, 'utf8'));
    expect(snakePayload.tool_name).toBe('Bash');
    expect(snakePayload.hook_event_name).toBe('PreToolUse');
  });
});

describe('engine: session and function hooks (seed 004)', () => {
  it('blocks with errorMessage when the callback returns false, and removes hooks by id and disposer', async () => {
    const engine = await createHookEngine({ discover: false, sessionId: 's1' });
    const session = engine.session('s1');
    const seen: unknown[] = [];
    const id = session.addFunctionHook(
      'Stop',
      '',
      (input) => {
        seen.push(input.hook_event_name);
        return false;
      },
      'Tests must pass before stopping',
    );
    const blocked = await engine.dispatch('Stop', {});
    expect(blocked.decision).toBe('block');
    expect(blocked.reason).toBe('Tests must pass before stopping');
    expect(seen).toEqual(['Stop']);
    expect(session.removeFunctionHook('Stop', id)).toBe(true);
    expect((await engine.dispatch('Stop', {})).hooks).toHaveLength(0);
    const off = engine.addFunctionHook(
      'PreToolUse',
      'Bash',
      () => {
        throw new Error('boom');
      },
      'guard crashed',
    );
    const denied = await engine.dispatch('PreToolUse', bash('ls'));
    expect(denied.decision).toBe('deny');
    expect(denied.reason).toMatch(/guard crashed/);
    off();
    expect((await engine.dispatch('PreToolUse', bash('ls'))).hooks).toHaveLength(0);
  });

  it('times out a function hook after its timeout and aborts its signal', async () => {
    const engine = await createHookEngine({ discover: false, sessionId: 's2' });
    let aborted = false;
    engine.session('s2').addFunctionHook(
      'UserPromptSubmit',
      undefined,
      (_input, signal) =>
        new Promise((resolve) => {
          signal.addEventListener('abort', () => {
            aborted = true;
            resolve(true);
          });
        }),
      'too slow',
      { timeout: 100 },
    );
    const result = await engine.dispatch('UserPromptSubmit', { prompt: 'hi' });
    expect(result.decision).toBe('block');
    expect(result.reason).toBe('too slow');
    expect(aborted).toBe(true);
  });

  it('keeps session hooks per session id and drops them when the session ends', async () => {
    const engine = await createHookEngine({ discover: false });
    engine.session('a').addFunctionHook('Stop', '', () => false, 'a blocks');
    expect((await engine.dispatch('Stop', { session_id: 'b' })).decision).toBeNull();
    expect((await engine.dispatch('Stop', { session_id: 'a' })).decision).toBe('block');
    engine.session('a').end();
    expect((await engine.dispatch('Stop', { session_id: 'a' })).decision).toBeNull();
  });
});

describe('engine: a hook whose runner failed is a coded diagnostic of the dispatch', () => {
  it('a runner that threw, and one that answered with a failure, each leave their code', async () => {
    const bash = { tool_name: 'Bash', tool_input: { command: 'ls' }, tool_use_id: 'toolu_1' };
    const thrower = await engineWithClaudeHooks(
      { PreToolUse: group('guard.sh') },
      {
        runners: {
          command: () => {
            throw new Error('the runner broke');
          },
        },
      },
    );
    const threw = await thrower.dispatch('PreToolUse', bash);
    expect(threw.diagnostics.map((d) => [d.code, d.file])).toEqual([
      ['ENGINE_RUNNER_FAILED', 'inline-settings.json'],
    ]);
    expect(threw.diagnostics[0]?.message).toMatch(
      /^PreToolUse hook .*guard\.sh.*: the command runner failed .*the runner broke$/,
    );
    await thrower.close();
    const refused = await engineWithClaudeHooks(
      { PreToolUse: group('guard.sh') },
      {
        runners: {
          command: async () =>
            runnerResult({ durationMs: 1, failure: { code: 'RUNNER_HTTP_STATUS', message: 'HTTP 503' } }),
        },
      },
    );
    const failed = await refused.dispatch('PreToolUse', bash);
    expect(failed.diagnostics.map((d) => d.code)).toEqual(['RUNNER_HTTP_STATUS']);
    await refused.close();
  });
});

describe('engine: runners an embedder passes', () => {
  it('an own `function` runner is used, not replaced by the built-in one', async () => {
    const seen: string[] = [];
    const engine = await createHookEngine({
      discover: false,
      runners: {
        function: async (request) => {
          seen.push(request.handler.spec.id);
          return runnerResult({ durationMs: 0, exitCode: 2, stderr: 'wrapped runner said no' });
        },
      },
    });
    engine.session('s').addFunctionHook('Stop', '', () => true, 'never shown');
    const result = await engine.dispatch('Stop', { session_id: 's' });
    expect(seen).toHaveLength(1);
    expect(result.decision).toBe('block');
    expect(result.reason).toContain('wrapped runner said no');
    await engine.close();
  });
});

describe('engine: a hook killed by a signal', () => {
  it('is described by its signal, not as exit -1 (claude-code-hooks.md §3.3: non-blocking)', async () => {
    const engine = await engineWithClaudeHooks({ PostToolUse: group('kill -KILL $$') });
    const result = await engine.dispatch('PostToolUse', {
      tool_name: 'Bash',
      tool_input: { command: 'ls' },
      tool_response: {},
      tool_use_id: 'toolu_1',
    });
    expect(result.hooks[0]).toMatchObject({
      outcome: 'non-blocking-error',
      exitCode: null,
      signal: 'SIGKILL',
      effect: 'killed by SIGKILL: non-blocking error, the action proceeds',
    });
    await engine.close();
  });
});
