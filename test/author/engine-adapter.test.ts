import { afterEach, describe, expect, it } from 'vitest';
import {
  allow,
  block,
  context,
  defineHook,
  deny,
  type HookRun,
  registerHook,
  updateInput,
} from '../../src/author.ts';
import { createHookEngine, type HookEngine, type ProfileName } from '../../src/index.ts';

// The same defineHook value registered in-process as an engine function hook: unit tests
// without a process.

let engine: HookEngine | undefined;
afterEach(async () => {
  await engine?.close();
  engine = undefined;
});

const guard = defineHook('PreToolUse', { tools: ['Bash'] }, (input) => {
  if (input.tool_input.command.startsWith('rm ')) return deny('No deletions');
  return [allow(), updateInput({ timeout: 60_000 }), context('timeout set')];
});

async function engineWith(profile: ProfileName = 'claude-code'): Promise<HookEngine> {
  engine = await createHookEngine({ discover: false, profile, sessionId: 'adapter' });
  return engine;
}

describe('registerHook', () => {
  it.each(['claude-code', 'copilot-cli', 'vscode'] as const)(
    'decides in-process under %s',
    async (profile) => {
      const hooks = await engineWith(profile);
      registerHook(hooks, guard);
      const denied = await hooks.dispatch('PreToolUse', {
        tool_name: 'Bash',
        tool_use_id: 'toolu_1',
        tool_input: { command: 'rm -r x' },
      });
      expect(denied.decision).toBe('deny');
      expect(denied.reason).toBe('No deletions');
      const allowed = await hooks.dispatch('PreToolUse', {
        tool_name: 'Bash',
        tool_use_id: 'toolu_1',
        tool_input: { command: 'make' },
      });
      expect(allowed.decision).toBe('allow');
      expect(allowed.updatedInput).toEqual({ command: 'make', timeout: 60_000 });
      expect(allowed.additionalContext).toEqual(['timeout set']);
    },
  );

  it('uses the tools as matcher, returns the disposer, and reports each run', async () => {
    const hooks = await engineWith();
    const runs: HookRun[] = [];
    const dispose = registerHook(hooks, guard, { onRun: (run) => runs.push(run) });
    const other = await hooks.dispatch('PreToolUse', {
      tool_name: 'Read',
      tool_use_id: 'toolu_1',
      tool_input: { file_path: '/a' },
    });
    expect(other.hooks).toEqual([]);
    await hooks.dispatch('PreToolUse', {
      tool_name: 'Bash',
      tool_use_id: 'toolu_1',
      tool_input: { command: 'rm a' },
    });
    expect(runs.map((run) => run.response.permission)).toEqual(['deny']);
    dispose();
    const after = await hooks.dispatch('PreToolUse', {
      tool_name: 'Bash',
      tool_use_id: 'toolu_1',
      tool_input: { command: 'rm a' },
    });
    expect(after.hooks).toEqual([]);
  });

  it('a failing hook gives its onError outcome before the engine timeout', async () => {
    const hooks = await engineWith();
    const hanging = defineHook('Stop', { onError: 'block', timeoutMs: 50 }, () => new Promise(() => {}));
    registerHook(hooks, hanging);
    const result = await hooks.dispatch('Stop', { stop_hook_active: false });
    expect(result.decision).toBe('block');
    expect(result.reason).toBe('Stop hook "hook" failed: the handler did not answer within 50 ms');
    expect(result.hooks[0]?.outcome).toBe('success');
  });

  it('a block that only exit 2 carries (TaskCompleted) reaches the engine as a blocking run', async () => {
    const hooks = await engineWith();
    registerHook(
      hooks,
      defineHook('TaskCompleted', () => block('Tests still fail')),
    );
    const result = await hooks.dispatch('TaskCompleted', { task_id: '1', task_subject: 'Fix tests' });
    expect(result.decision).toBe('block');
    expect(result.reason).toBe('Tests still fail');
    expect(result.hooks[0]?.exitCode).toBe(2);
  });

  it('registers on one session through SessionHandle (which returns a disposer with the hook id)', async () => {
    const hooks = await engineWith();
    const registration = registerHook(hooks.session('other'), guard);
    expect(typeof registration.id).toBe('string');
    const elsewhere = await hooks.dispatch('PreToolUse', {
      tool_name: 'Bash',
      tool_use_id: 'toolu_1',
      tool_input: { command: 'rm a' },
    });
    expect(elsewhere.decision).toBeNull();
    const here = await hooks.dispatch(
      'PreToolUse',
      { tool_name: 'Bash', tool_use_id: 'toolu_1', tool_input: { command: 'rm a' } },
      { sessionId: 'other' },
    );
    expect(here.decision).toBe('deny');
    registration();
    const removed = await hooks.dispatch(
      'PreToolUse',
      { tool_name: 'Bash', tool_use_id: 'toolu_1', tool_input: { command: 'rm a' } },
      { sessionId: 'other' },
    );
    expect(removed.decision).toBeNull();
  });
});
