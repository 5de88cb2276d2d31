// Property-based fuzzing of what a hook prints and what an agent sends (issue 13 "The standing
// suite"): arbitrary hook stdout and exit status beside a guard, and arbitrary event payloads.
// A dispatch keeps the invariants of fuzz-invariants.ts whatever they hold.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { createHookEngine, type DispatchResult, type HookEngine } from '../../src/index.ts';
import { tempDir } from '../helpers/temp-dir.ts';
import {
  DISPATCH_DEADLINE_MS,
  expectInvariants,
  FUZZ_SEED,
  GUARD,
  withinDeadline,
} from './fuzz-invariants.ts';

/** Runs per property: seeded and bounded, so the suite stays short on a loaded 2-core machine. */
const NUM_RUNS = 16;
const HOOK_TIMEOUT_SEC = 5;
const EVENTS = [
  'PreToolUse',
  'PostToolUse',
  'UserPromptSubmit',
  'Stop',
  'SessionStart',
  'Notification',
  'PermissionRequest',
];

const nestedText = (depth: number, leaf: string): string =>
  `${'{"a":['.repeat(depth)}${leaf}${']}'.repeat(depth)}`;
const hookFields = fc.record(
  {
    continue: fc.oneof(fc.boolean(), fc.jsonValue({ maxDepth: 1 })),
    decision: fc.constantFrom('approve', 'block', 'allow', 'deny', '', '__proto__', 7),
    reason: fc.oneof(fc.string(), fc.constant('r'.repeat(200_000))),
    systemMessage: fc.oneof(fc.string(), fc.constant('s'.repeat(500_000))),
    hookSpecificOutput: fc.record(
      {
        hookEventName: fc.constantFrom('PreToolUse', 'Stop', 'nope', '__proto__'),
        permissionDecision: fc.constantFrom('allow', 'deny', 'ask', 'defer', 'maybe', 1e308, null),
        updatedInput: fc.jsonValue({ maxDepth: 4 }),
        additionalContext: fc.oneof(fc.string(), fc.constant('c'.repeat(100_000))),
      },
      { requiredKeys: [] },
    ),
  },
  { requiredKeys: [] },
);
/** What a hook prints: JSON objects with odd fields, any JSON, any text, deep nesting, several lines. */
const stdout: fc.Arbitrary<string> = fc.oneof(
  hookFields.map((fields) => JSON.stringify(fields)),
  fc.json({ maxDepth: 3 }),
  fc.string({ maxLength: 200 }),
  fc.integer({ min: 400, max: 8_000 }).map((depth) => nestedText(depth, '1')),
  fc
    .array(
      hookFields.map((fields) => JSON.stringify(fields)),
      { minLength: 2, maxLength: 3 },
    )
    .map((lines) => lines.join('\n')),
  hookFields.map((fields) => `\uFEFF${JSON.stringify(fields)}`),
  fc.constant('{"__proto__": {"polluted": true}, "constructor": {"prototype": {"polluted": true}}}'),
);

/** Payload values an agent's model or a tool can put in: odd keys, deep nesting, huge strings. */
const payloadValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.constantFrom('p'.repeat(200_000), '\u0000', '../../../../etc/passwd', -1e308, 2 ** 64),
  fc.integer({ min: 1_000, max: 10_000 }).map((depth) => JSON.parse(nestedText(depth, '"x"'))),
);
const payload = fc.record(
  {
    session_id: fc.oneof(fc.string(), fc.constant('../../x')),
    cwd: fc.oneof(fc.string(), fc.constant('/nonexistent')),
    tool_name: fc.oneof(fc.constantFrom('Bash', 'Write', 'mcp__x__y', '', '__proto__'), fc.string()),
    tool_input: fc.dictionary(
      fc.oneof(fc.constantFrom('file_path', 'command', '__proto__', 'constructor'), fc.string()),
      payloadValue,
      {
        maxKeys: 4,
      },
    ),
    tool_response: payloadValue,
    prompt: payloadValue,
    message: payloadValue,
    extra: payloadValue,
  },
  { requiredKeys: ['tool_name', 'tool_input'] },
);

let dir: string;
beforeAll(() => {
  dir = tempDir('fuzz-dispatch');
});
const engines: HookEngine[] = [];
afterAll(async () => {
  await Promise.all(engines.map((engine) => engine.close()));
});

async function engineWith(hooks: Record<string, unknown>): Promise<HookEngine> {
  const engine = await createHookEngine({
    discover: false,
    sessionId: 'fuzz',
    handlers: [GUARD],
    sources: [{ file: 'fuzz-settings.json', kind: 'claude-settings', config: { hooks }, scope: 'project' }],
  });
  engines.push(engine);
  return engine;
}

/** Any event name and payload, typed loosely as a host reading JSON off the wire has them. */
function looseDispatch(engine: HookEngine): (name: string, raw: object) => Promise<DispatchResult> {
  return engine.dispatch.bind(engine) as (name: string, raw: object) => Promise<DispatchResult>;
}

describe('fuzzed hook output and event payloads keep the guard (issue 13, fast-check)', () => {
  it(
    'any stdout and exit status of one hook never loses the deny of another hook',
    async () => {
      const file = join(dir, 'stdout.txt');
      const status = join(dir, 'status.txt');
      const command = `cat "${file}"; exit "$(cat "${status}")"`;
      const engine = await engineWith({
        PreToolUse: [{ matcher: '*', hooks: [{ type: 'command', command, timeout: HOOK_TIMEOUT_SEC }] }],
      });
      await fc.assert(
        fc.asyncProperty(stdout, fc.constantFrom(0, 0, 2, 1, 127), async (text, exitStatus) => {
          writeFileSync(file, text);
          writeFileSync(status, String(exitStatus));
          const input = {
            session_id: 'fuzz',
            tool_name: 'Bash',
            tool_input: { command: 'ls' },
            tool_use_id: 't',
          };
          expectInvariants(await withinDeadline(engine.dispatch('PreToolUse', input)), engine);
        }),
        { seed: FUZZ_SEED, numRuns: NUM_RUNS, endOnFailure: true },
      );
    },
    NUM_RUNS * DISPATCH_DEADLINE_MS,
  );

  it('a hook printing "constructor" and "__proto__" keys keeps the deny of another hook (found by this fuzzer)', async () => {
    // Output fields were looked up in the schema's shape without an own-key test, so "constructor"
    // found Object and the whole dispatch rejected: the guard's deny was lost.
    const printed = '{"constructor": {"prototype": {"polluted": true}}, "__proto__": {"polluted": true}}';
    const engine = await engineWith({
      PreToolUse: [{ matcher: '*', hooks: [{ type: 'command', command: `printf '%s' '${printed}'` }] }],
    });
    const input = { session_id: 'fuzz', tool_name: 'Bash', tool_input: { command: 'ls' }, tool_use_id: 't' };
    expectInvariants(await withinDeadline(looseDispatch(engine)('PreToolUse', input)), engine);
  });

  it(
    'any PreToolUse payload reaches a command guard and the function guard, and both deny',
    async () => {
      const engine = await engineWith({
        PreToolUse: [{ matcher: '*', hooks: [{ type: 'command', command: 'cat >/dev/null; exit 2' }] }],
      });
      await fc.assert(
        fc.asyncProperty(payload, async (input) => {
          const result = await withinDeadline(looseDispatch(engine)('PreToolUse', input));
          expectInvariants(result, engine);
        }),
        { seed: FUZZ_SEED, numRuns: NUM_RUNS, endOnFailure: true },
      );
    },
    NUM_RUNS * DISPATCH_DEADLINE_MS,
  );

  it(
    'any payload of other events dispatches without throwing and reports only coded diagnostics',
    async () => {
      const hook = [{ hooks: [{ type: 'command', command: 'cat >/dev/null', timeout: HOOK_TIMEOUT_SEC }] }];
      const engine = await engineWith(Object.fromEntries(EVENTS.map((event) => [event, hook])));
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...EVENTS), payload, async (event, input) => {
          // Any event name a host passes, typed loosely as a host reading JSON would.
          const dispatch = engine.dispatch.bind(engine) as (
            name: string,
            raw: object,
          ) => Promise<DispatchResult>;
          const result = await withinDeadline(dispatch(event, input));
          expectInvariants(result, engine, event === 'PreToolUse');
        }),
        { seed: FUZZ_SEED, numRuns: NUM_RUNS / 2, endOnFailure: true },
      );
    },
    NUM_RUNS * DISPATCH_DEADLINE_MS,
  );
});
