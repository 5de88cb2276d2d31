import { afterEach, describe, expect, expectTypeOf, it } from 'vitest';
import {
  createHookEngine,
  type DispatchResult,
  type EventDispatchResult,
  type HookEngine,
  HookError,
  type PermissionUpdate,
} from '../../src/index.ts';

// Issue 17 item 4. The expectTypeOf and @ts-expect-error lines are checked by `npm run typecheck`
// (tsconfig.json includes test/): an @ts-expect-error whose line compiles fails the check, so a
// loosened signature cannot pass unnoticed. The runtime assertions check the types tell the truth.

let engine: HookEngine | undefined;
afterEach(async () => {
  await engine?.close();
  engine = undefined;
});

const BASH = { tool_name: 'Bash', tool_input: { command: 'ls' }, tool_use_id: 'toolu_1' };

describe('engine.dispatch types', () => {
  it('checks the event name: a misspelt literal does not compile, a run-time string is checked then', async () => {
    engine = await createHookEngine({ discover: false });
    // @ts-expect-error 'PreToolUs' is no event's spelling
    await expect(engine.dispatch('PreToolUs', BASH)).rejects.toBeInstanceOf(HookError);
    const fromArgv: string = 'preToolUse';
    expectTypeOf(engine.dispatch(fromArgv, {})).resolves.toEqualTypeOf<DispatchResult>();
    expect((await engine.dispatch(fromArgv, { toolName: 'bash', toolArgs: '{}' })).event).toBe('PreToolUse');
    // Other dialects' spellings take their host's payload as is.
    expectTypeOf(
      engine.dispatch('agentStop', { stopReason: 'end_turn' }),
    ).resolves.toEqualTypeOf<DispatchResult>();
    expect((await engine.dispatch('userPromptSubmit', { prompt: 'hi' })).event).toBe('UserPromptSubmit');
  });

  it('checks the input per event against its wire schema', async () => {
    engine = await createHookEngine({ discover: false });
    // @ts-expect-error PreToolUse needs tool_use_id (claude-code-hooks.md §2.7)
    await engine.dispatch('PreToolUse', { tool_name: 'Bash', tool_input: {} });
    // @ts-expect-error tool_input is an object, not a string
    await engine.dispatch('PreToolUse', { ...BASH, tool_input: 'ls' });
    // @ts-expect-error an unknown field in an object literal
    await engine.dispatch('PreToolUse', { ...BASH, tool_nmae: 'Bash' });
    // @ts-expect-error PreToolUse takes an input
    await engine.dispatch('PreToolUse');
    // Common fields and Stop's stop_hook_active are the engine's to fill; Stop needs no input.
    const stop = await engine.dispatch('Stop');
    expect(stop.event).toBe('Stop');
    await engine.dispatch('SessionStart', { source: 'startup', session_id: 's1' });
    // @ts-expect-error SessionStart needs its source
    await engine.dispatch('SessionStart', {});
  });

  it('types the result per event', async () => {
    engine = await createHookEngine({ discover: false });
    engine.addFunctionHook(
      'SessionStart',
      '',
      () => ({
        hookSpecificOutput: { hookEventName: 'SessionStart', sessionTitle: 'typed', watchPaths: ['/tmp/x'] },
      }),
      'never',
    );
    const start = await engine.dispatch('SessionStart', { source: 'startup' });
    expectTypeOf(start).toEqualTypeOf<EventDispatchResult<'SessionStart'>>();
    expectTypeOf(start.event).toEqualTypeOf<'SessionStart'>();
    expectTypeOf(start.eventOutput.sessionTitle).toEqualTypeOf<string | undefined>();
    expectTypeOf(start.eventOutput.watchPaths).toEqualTypeOf<string[] | undefined>();
    expectTypeOf(start.updatedInput).toEqualTypeOf<null>();
    expectTypeOf(start).not.toHaveProperty('permission');
    expectTypeOf(start).not.toHaveProperty('updatedToolOutput');
    expect(start.eventOutput).toEqual({ sessionTitle: 'typed', watchPaths: ['/tmp/x'] });

    const pre = await engine.dispatch('PreToolUse', BASH);
    expectTypeOf(pre.updatedInput).toEqualTypeOf<Record<string, unknown> | null>();
    expectTypeOf(pre).not.toHaveProperty('stopCapReached');
    const request = await engine.dispatch('PermissionRequest', { tool_name: 'Bash', tool_input: {} });
    expectTypeOf(request.permission).toEqualTypeOf<
      { interrupt?: boolean; updatedPermissions?: unknown[]; message?: string } | undefined
    >();
    const post = await engine.dispatch('PostToolUse', { ...BASH, tool_response: 'ok' });
    expectTypeOf(post).toHaveProperty('updatedToolOutput');
    expectTypeOf(post.eventOutput.classifierContext).toEqualTypeOf<string | undefined>();
    const stop = await engine.dispatch('Stop');
    expectTypeOf(stop.stopCapReached).toEqualTypeOf<boolean | undefined>();
    const denied = await engine.dispatch('PermissionDenied', { ...BASH, reason: 'classifier' });
    expectTypeOf(denied.eventOutput.retry).toEqualTypeOf<boolean | undefined>();
    expectTypeOf<PermissionUpdate>().not.toBeAny();
  });

  it('gives function hooks the typed payload of their event, filled by the engine', async () => {
    engine = await createHookEngine({ discover: false, sessionId: 'typed' });
    const seen: unknown[] = [];
    engine.addFunctionHook(
      'PreToolUse',
      'Bash',
      (input) => {
        expectTypeOf(input.tool_name).toEqualTypeOf<string>();
        expectTypeOf(input.tool_input).toEqualTypeOf<Record<string, unknown>>();
        expectTypeOf(input.hook_event_name).toEqualTypeOf<'PreToolUse'>();
        expectTypeOf(input.session_id).toEqualTypeOf<string>();
        // @ts-expect-error PreToolUse has no tool_response
        seen.push(input.tool_response);
        seen.push(input.tool_input.command, input.hook_event_name, input.session_id, input.tool_use_id);
        return true;
      },
      'never',
    );
    engine.session().addFunctionHook(
      'Stop',
      undefined,
      (input) => {
        expectTypeOf(input.stop_hook_active).toEqualTypeOf<boolean>();
        seen.push(input.stop_hook_active);
        return true;
      },
      'never',
    );
    await engine.dispatch('PreToolUse', BASH);
    await engine.dispatch('Stop');
    expect(seen).toEqual([undefined, 'ls', 'PreToolUse', 'typed', 'toolu_1', false]);
  });
});
