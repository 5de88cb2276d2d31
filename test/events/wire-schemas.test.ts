import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { EVENTS } from '../../src/events/catalogue.ts';
import type { EventInput, EventPayload } from '../../src/events/inputs.ts';
import type { CopilotHookOutput, HookOutput, HookSpecificOutput } from '../../src/events/outputs.ts';
import { eventSchemaFiles, inputSchemaFile, outputSchemaFile } from '../../src/events/wire/json-schema.ts';
import { inputSchema, outputSchema } from '../../src/events/wire/schemas.ts';
import { type EventName, isEventName } from '../../src/model/event-name.ts';
import { compareWithShared, sharedCompatPath } from '../helpers/shared-compat.ts';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
/** Real stdin payloads of Claude Code 2.1.328, vendored (see the SOURCE.md beside it). */
const FIXTURE = join(ROOT, 'test/fixtures/compat/claude-code-2.1.328/hook-inputs.json');
/** The shared original, present in a checkout that has ../shared beside it. */
const SHARED = sharedCompatPath('claude-code-2.1.328');

const golden = JSON.parse(readFileSync(FIXTURE, 'utf8')) as {
  events: Record<string, Record<string, unknown>[]>;
};
const cases = Object.entries(golden.events).flatMap(([event, payloads]) =>
  payloads.map((payload, index) => ({ event: event as EventName, index, payload })),
);

function committedSchema(file: string): z.ZodType {
  const json = JSON.parse(readFileSync(join(ROOT, 'schema/events', file), 'utf8')) as Record<string, unknown>;
  return z.fromJSONSchema(json as Parameters<typeof z.fromJSONSchema>[0]);
}

describe('input schemas against the payloads Claude Code 2.1.328 sent', () => {
  it.skipIf(SHARED === undefined)('the vendored copy equals the shared one when ../shared is present', () => {
    expect(compareWithShared(dirname(FIXTURE), SHARED as string, ['SOURCE.md'])).toEqual([]);
  });

  it('covers the 12 recorded events', () => {
    expect(new Set(cases.map(({ event }) => event)).size).toBe(12);
    for (const { event } of cases) expect(isEventName(event)).toBe(true);
  });

  it.each(cases)('$event #$index parses, and every field it carries is declared', ({ event, payload }) => {
    const schema = inputSchema(event);
    const parsed = schema.safeParse(payload);
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
    expect(Object.keys(schema.shape)).toEqual(expect.arrayContaining(Object.keys(payload)));
  });

  it.each(cases)('$event #$index is accepted by the committed JSON Schema', ({ event, payload }) => {
    const parsed = committedSchema(inputSchemaFile(event)).safeParse(payload);
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
  });

  it('rejects a payload that breaks its schema (a wrong type, a missing field, another event)', () => {
    const [pre] = golden.events.PreToolUse ?? [];
    const schema = committedSchema(inputSchemaFile('PreToolUse'));
    expect(schema.safeParse({ ...pre, tool_input: 'ls' }).success).toBe(false);
    expect(schema.safeParse({ ...pre, tool_name: undefined }).success).toBe(false);
    expect(schema.safeParse({ ...pre, hook_event_name: 'PostToolUse' }).success).toBe(false);
  });
});

describe('output JSON Schemas', () => {
  it('one input file per event and one output file per dialect that fires it', () => {
    const paths = eventSchemaFiles().map((file) => file.path);
    expect(paths).toContain('schema/events/PreToolUse.input.schema.json');
    expect(paths).toContain('schema/events/Stop.output.vscode.schema.json');
    expect(paths).toContain('schema/events/PreToolUse.output.copilot.schema.json');
    expect(paths).not.toContain('schema/events/Setup.output.copilot.schema.json');
    expect(paths.filter((path) => path.endsWith('.input.schema.json'))).toHaveLength(EVENTS.length);
  });

  it('accept each dialect shape and reject a wrong enum value', () => {
    const claude = committedSchema(outputSchemaFile('PreToolUse', 'claude'));
    const allow = { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'allow' } };
    expect(claude.safeParse({ ...allow, unknownField: 1 }).success).toBe(true);
    expect(
      claude.safeParse({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'maybe' } })
        .success,
    ).toBe(false);
    const copilot = committedSchema(outputSchemaFile('PreToolUse', 'copilot'));
    expect(copilot.safeParse({ permissionDecision: 'deny', modifiedArgs: { command: 'ls' } }).success).toBe(
      true,
    );
    expect(copilot.safeParse({ permissionDecision: 'defer' }).success).toBe(false);
    const vscode = committedSchema(outputSchemaFile('Stop', 'vscode'));
    expect(
      vscode.safeParse({ hookSpecificOutput: { hookEventName: 'Stop', decision: 'block', reason: 'r' } })
        .success,
    ).toBe(true);
    expect(committedSchema(outputSchemaFile('Stop', 'claude')).safeParse({ decision: 'deny' }).success).toBe(
      false,
    );
  });

  it('the package exports them by path (docs/library.md)', () => {
    const resolved = createRequire(import.meta.url).resolve(
      'agent-hooks/schema/events/PreToolUse.input.schema.json',
    );
    expect(resolved).toBe(join(ROOT, 'schema/events/PreToolUse.input.schema.json'));
  });

  it('the committed files are what the zod schemas render (npm run generate)', () => {
    for (const file of eventSchemaFiles())
      expect(readFileSync(join(ROOT, file.path), 'utf8')).toBe(file.render());
  });

  it('the in-memory output schema of every event and dialect accepts an empty object', () => {
    for (const row of EVENTS) expect(outputSchema(row.name, 'claude').safeParse({}).success).toBe(true);
  });
});

describe('types inferred from the wire schemas', () => {
  it('EventInput and EventPayload carry the event fields', () => {
    expectTypeOf<EventInput<'PreToolUse'>['tool_name']>().toEqualTypeOf<string>();
    expectTypeOf<EventInput<'PreToolUse'>['tool_input']>().toEqualTypeOf<Record<string, unknown>>();
    expectTypeOf<EventInput<'PreToolUse'>['session_id']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<EventPayload<'PreToolUse'>['session_id']>().toEqualTypeOf<string>();
    expectTypeOf<EventInput<'Setup'>['trigger']>().toEqualTypeOf<'init' | 'maintenance'>();
    expectTypeOf<EventInput<'PreCompact'>['custom_instructions']>().toEqualTypeOf<string | null>();
    expectTypeOf<EventInput<'Stop'>['stop_hook_active']>().toEqualTypeOf<boolean>();
    expectTypeOf<EventInput<'Stop'>['last_assistant_message']>().toEqualTypeOf<string | undefined>();
  });

  it('HookOutput and HookSpecificOutput are discriminated by hookEventName', () => {
    expectTypeOf<HookSpecificOutput<'PreToolUse'>['permissionDecision']>().toEqualTypeOf<
      'allow' | 'deny' | 'ask' | 'defer' | undefined
    >();
    expectTypeOf<HookSpecificOutput<'PreModelSwitch'>['permissionDecision']>().toEqualTypeOf<
      'allow' | 'deny' | 'ask' | undefined
    >();
    expectTypeOf<
      NonNullable<HookOutput<'Stop'>['hookSpecificOutput']>['hookEventName']
    >().toEqualTypeOf<'Stop'>();
    expectTypeOf<HookOutput['decision']>().toEqualTypeOf<'approve' | 'block' | undefined>();
    const deny: HookOutput<'PermissionRequest'> = {
      hookSpecificOutput: {
        hookEventName: 'PermissionRequest',
        decision: { behavior: 'deny', message: 'no' },
      },
    };
    expect(deny.hookSpecificOutput?.decision?.behavior).toBe('deny');
  });

  it('CopilotHookOutput has the flat fields', () => {
    expectTypeOf<CopilotHookOutput['permissionDecision']>().toEqualTypeOf<
      'allow' | 'deny' | 'ask' | undefined
    >();
    expectTypeOf<CopilotHookOutput['behavior']>().toEqualTypeOf<'allow' | 'deny' | undefined>();
    expectTypeOf<CopilotHookOutput['modifiedPrompt']>().toEqualTypeOf<string | undefined>();
  });
});
