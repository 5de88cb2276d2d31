import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  allow,
  ask,
  block,
  context,
  defer,
  defineHook,
  deny,
  type HookInput,
  type McpToolName,
  stop,
  systemMessage,
  updateInput,
} from '../../src/author.ts';
import type { EventInput } from '../../src/index.ts';

// Compile-time checks (npm run typecheck); the handlers never run. defineHook's own run-time
// checks back up the type errors for untyped callers.

describe('input types', () => {
  it('narrows tool_input by tool_name', () => {
    defineHook('PreToolUse', (input) => {
      if (input.tool_name === 'Bash') {
        expectTypeOf(input.tool_input.command).toEqualTypeOf<string>();
        expectTypeOf(input.tool_input.timeout).toEqualTypeOf<number | undefined>();
      } else if (input.tool_name === 'Edit') {
        expectTypeOf(input.tool_input).toHaveProperty('old_string').toEqualTypeOf<string>();
        expectTypeOf(input.tool_input.replace_all).toEqualTypeOf<boolean | undefined>();
      } else if (input.tool_name === 'mcp__github__create_issue') {
        expectTypeOf(input.tool_input).toEqualTypeOf<unknown>();
        const name: McpToolName = input.tool_name;
        expectTypeOf(name).toBeString();
      }
      switch (input.tool_name) {
        case 'Write':
          expectTypeOf(input.tool_input.file_path).toEqualTypeOf<string>();
          expectTypeOf(input.tool_input.content).toEqualTypeOf<string>();
          break;
        case 'WebFetch':
          expectTypeOf(input.tool_input.url).toEqualTypeOf<string>();
          break;
      }
      // @ts-expect-error a Bash input has no file_path until narrowed to a file tool
      input.tool_input.file_path;
    });
  });

  it('types every event from its wire schema, with host-omitted fields optional', () => {
    expectTypeOf<HookInput<'Stop'>['stop_hook_active']>().toEqualTypeOf<boolean>();
    expectTypeOf<HookInput<'UserPromptSubmit'>['prompt']>().toEqualTypeOf<string>();
    expectTypeOf<HookInput<'SessionStart'>['hook_event_name']>().toEqualTypeOf<'SessionStart'>();
    // Copilot CLI sends no tool_use_id, and most events carry no transcript_path (host-fields.ts).
    expectTypeOf<HookInput<'PreToolUse'>['tool_use_id']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<HookInput<'Stop'>['transcript_path']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<HookInput<'Stop'>['session_id']>().toEqualTypeOf<string>();
    // The same field types the engine's EventInput has.
    expectTypeOf<HookInput<'Notification'>['notification_type']>().toEqualTypeOf<
      EventInput<'Notification'>['notification_type']
    >();
  });

  it('narrows input to the tools option', () => {
    defineHook('PostToolUse', { tools: ['Read', 'Grep'] }, (input) => {
      expectTypeOf(input.tool_name).toEqualTypeOf<'Read' | 'Grep'>();
      if (input.tool_name === 'Grep') expectTypeOf(input.tool_input.pattern).toEqualTypeOf<string>();
    });
    expect(() =>
      // @ts-expect-error tools applies to tool events only
      defineHook('Stop', { tools: ['Bash'] }, () => undefined),
    ).toThrow('tools applies to tool events only, not Stop');
  });
});

describe('helpers per event', () => {
  it('accepts what the event honours, alone or combined', () => {
    defineHook('PreToolUse', () => [
      allow('ok'),
      updateInput({ timeout: 1 }),
      context('x'),
      systemMessage('y'),
    ]);
    defineHook('PreToolUse', () => [ask('sure?'), stop('halt')]);
    defineHook('PreToolUse', () => defer());
    defineHook('PermissionRequest', () => [allow(), updateInput({ command: 'ls' })]);
    defineHook('Stop', () => [block('go on'), context('why')]);
    defineHook('PostToolUse', async () => block('lint failed'));
    defineHook('UserPromptSubmit', () => [context('facts'), systemMessage('note')]);
    defineHook('SessionStart', () => context('project facts'));
    defineHook('Notification', () => context('Copilot injects this'));
    defineHook('SessionEnd', () => undefined);
  });

  it('rejects a helper the event cannot honour', () => {
    // @ts-expect-error Stop has no permission decision
    defineHook('Stop', () => deny('no'));
    // @ts-expect-error PreToolUse blocks with deny(), not block()
    defineHook('PreToolUse', () => block('no'));
    // @ts-expect-error PreModelSwitch has no defer
    defineHook('PreModelSwitch', () => defer());
    // @ts-expect-error PermissionRequest takes allow or deny only
    defineHook('PermissionRequest', () => ask('really?'));
    // @ts-expect-error SessionStart cannot be blocked
    defineHook('SessionStart', () => [context('x'), block('no')]);
    // @ts-expect-error updateInput() rewrites tool inputs only
    defineHook('Stop', () => updateInput({ a: 1 }));
    // @ts-expect-error SessionEnd output is discarded: no context
    defineHook('SessionEnd', () => context('x'));
    // @ts-expect-error a plain object is not an answer
    defineHook('PreToolUse', () => ({ permissionDecision: 'deny' }));
  });

  it('types onError per event', () => {
    defineHook('PreToolUse', { onError: 'deny' }, () => undefined);
    defineHook('Stop', { onError: 'block' }, () => undefined);
    defineHook('UserPromptSubmit', { onError: (failure) => block(failure.message) }, () => undefined);
    expect(() =>
      // @ts-expect-error Stop has no deny outcome
      defineHook('Stop', { onError: 'deny' }, () => undefined),
    ).toThrow('onError "deny" does not apply to Stop');
    expect(() =>
      // @ts-expect-error SessionStart cannot block
      defineHook('SessionStart', { onError: 'block' }, () => undefined),
    ).toThrow('onError "block" does not apply to SessionStart');
  });
});
