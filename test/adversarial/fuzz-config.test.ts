// Property-based fuzzing of configuration files of every dialect (issue 13 "The standing suite"):
// structural mutations, huge numbers, duplicate keys, `__proto__`, deep nesting, broken text, and
// 10,000 handlers. A repository controls these files; whatever it writes, a dispatch keeps the
// invariants of fuzz-invariants.ts. Commands and URLs in fuzzed files are replaced by a safe pool
// (the file's structure is under test, not what a random string does in a shell) and URLs point
// at a closed loopback port, so nothing runs but harmless commands and nothing leaves 127.0.0.1.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConfigKind } from '../../src/config/read-config.ts';
import { createHookEngine, type DispatchInput } from '../../src/index.ts';
import {
  DISPATCH_DEADLINE_MS,
  expectInvariants,
  FUZZ_SEED,
  FUZZED_HOOK_TIMEOUT_SEC,
  GUARD,
  withinDeadline,
} from './fuzz-invariants.ts';

const SAFE_COMMANDS = [
  'exit 0',
  'exit 2',
  'exit 1',
  'echo {}',
  'echo not-json',
  `printf '{"continue": false}'`,
  `printf '{"decision": "approve"}'`,
  `printf '{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "allow"}}'`,
];
const COMMAND_KEYS = new Set(['command', 'bash', 'powershell', 'linux', 'osx', 'windows', 'exec']);
const CLOSED_LOOPBACK_URL = 'http://127.0.0.1:9/hook';
/** Keys a repository may legitimately use to turn hooks off; not a fail-open under test here. */
const OFF_SWITCHES = new Set(['disableAllHooks', 'allowManagedHooksOnly']);
/** Model credentials are removed for this file, so prompt and agent hooks fail without a network call. */
const MODEL_ENV = [
  'ANTHROPIC_API_KEY',
  'ANTHROPIC_BASE_URL',
  'OPENAI_API_KEY',
  'OPENAI_BASE_URL',
  'AGENT_HOOKS_MODEL',
];
/** Runs per property: seeded and bounded, so the suite stays short on a loaded 2-core machine. */
const NUM_RUNS = 24;
const MANY_HANDLERS = 10_000;

const CALL: DispatchInput<'PreToolUse'> = {
  session_id: 'fuzz',
  transcript_path: '/tmp/fuzz.jsonl',
  cwd: '/tmp',
  hook_event_name: 'PreToolUse',
  tool_name: 'Bash',
  tool_input: { command: 'ls' },
  tool_use_id: 'toolu_fuzz',
};

const command = (cmd: string, extra: Record<string, unknown> = {}) => ({
  type: 'command',
  command: cmd,
  ...extra,
});
const SEEDS: { kind: ConfigKind; value: unknown }[] = [
  {
    kind: 'claude-settings',
    value: {
      hooks: {
        PreToolUse: [{ matcher: 'Bash', hooks: [command('exit 0', { timeout: 3 }), command('echo {}')] }],
      },
    },
  },
  {
    kind: 'claude-plugin-hooks',
    value: { description: 'd', hooks: { PreToolUse: [{ hooks: [command('exit 1')] }] } },
  },
  {
    kind: 'copilot-hooks-file',
    value: { version: 1, hooks: { preToolUse: [{ type: 'command', bash: 'exit 0', timeoutSec: 3 }] } },
  },
  {
    kind: 'copilot-settings',
    value: { hooks: { preToolUse: [{ bash: 'echo {}' }, { type: 'http', url: CLOSED_LOOPBACK_URL }] } },
  },
  {
    kind: 'vscode-hooks',
    value: { hooks: { PreToolUse: [{ command: 'exit 0', timeout: 4 }, { hooks: [{ command: 'exit 2' }] }] } },
  },
  {
    kind: 'frontmatter',
    value: { name: 'n', hooks: { PreToolUse: [{ hooks: [command('exit 0', { once: true })] }] } },
  },
];

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Values a hostile file would try: huge and odd numbers, prototype names, long and odd strings. */
const nasty: fc.Arbitrary<Json> = fc.oneof(
  fc.constantFrom<Json>(
    1e308,
    -1e308,
    1e10,
    2_147_484,
    2 ** 53 + 1,
    -0,
    0.000_001,
    -1,
    'x'.repeat(50_000),
    '',
  ),
  fc.constantFrom<Json>(
    '__proto__',
    'constructor',
    'prototype',
    'toString',
    '\u0000',
    '(?<=a',
    '*',
    'Bash|'.repeat(500),
  ),
  fc.jsonValue({ maxDepth: 3 }) as fc.Arbitrary<Json>,
  fc.integer({ min: 100, max: 3_000 }).map((depth) => `${NESTED}${depth}`),
);
const KEYS = [
  'hooks',
  'type',
  'command',
  'matcher',
  'timeout',
  'timeoutSec',
  'if',
  'PreToolUse',
  'preToolUse',
  'bash',
  'url',
  'async',
  'once',
  'args',
  'version',
  '__proto__',
  'constructor',
];
const key = fc.oneof(fc.constantFrom(...KEYS), fc.string({ maxLength: 8 }));

/**
 * A deeply nested value is carried as a token and written out only in the text, so that neither
 * the test's own cloning nor fast-check's report of a counterexample recurses through it.
 */
const NESTED = '\u0001nested:';

function nestedText(depth: number): string {
  return `${'[{"a":'.repeat(depth)}1${'}]'.repeat(depth)}`;
}

/** Every path to an object or array of the value (where a mutation can land). */
function containers(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  if (typeof value !== 'object' || value === null) return [];
  const out = [prefix];
  for (const [k, item] of Object.entries(value))
    out.push(...containers(item, [...prefix, Array.isArray(value) ? Number(k) : k]));
  return out;
}

type Mutation =
  | { op: 'set'; key: string; value: Json }
  | { op: 'delete'; key: string }
  | { op: 'duplicate'; key: string; value: Json };
const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ op: fc.constant('set' as const), key, value: nasty }),
  fc.record({ op: fc.constant('delete' as const), key }),
  fc.record({ op: fc.constant('duplicate' as const), key, value: nasty }),
);

/** A JSON text with duplicate keys where asked (JSON.stringify cannot write them). */
function toText(value: unknown, duplicates: Map<object, [string, Json][]>): string {
  if (Array.isArray(value)) return `[${value.map((item) => toText(item, duplicates)).join(',')}]`;
  if (typeof value === 'string' && value.startsWith(NESTED))
    return nestedText(Number(value.slice(NESTED.length)));
  if (typeof value !== 'object' || value === null) return JSON.stringify(value) ?? 'null';
  const own = Object.entries(value).map(([k, v]) => `${JSON.stringify(k)}:${toText(v, duplicates)}`);
  const extra = (duplicates.get(value) ?? []).map(
    ([k, v]) => `${JSON.stringify(k)}:${toText(v, duplicates)}`,
  );
  return `{${[...extra, ...own].join(',')}}`;
}

function apply(
  seed: unknown,
  at: (string | number)[],
  mutations: Mutation[],
): { text: (kind: ConfigKind) => string } {
  const copy = structuredClone(seed) as Record<string, unknown>;
  let target: any = copy;
  for (const segment of at) target = target[segment];
  const duplicates = new Map<object, [string, Json][]>();
  for (const m of mutations) {
    const k = Array.isArray(target) ? Number.parseInt(m.key, 36) % (target.length + 1) || 0 : m.key;
    if (m.op === 'set')
      Object.defineProperty(target, k, {
        value: m.value,
        enumerable: true,
        writable: true,
        configurable: true,
      });
    else if (m.op === 'delete') delete target[k];
    else duplicates.set(target, [...(duplicates.get(target) ?? []), [String(k), m.value]]);
  }
  const safe = sanitize(copy);
  return {
    // YAML is a superset of JSON: the frontmatter gets the same text, duplicate keys and all.
    text: (kind) =>
      kind === 'frontmatter' ? `---\n${toText(safe, duplicates)}\n---\n\nbody\n` : toText(safe, duplicates),
  };
}

/** Commands from the safe pool, URLs to a closed loopback port, no off switches, short timeouts. */
function sanitize(value: unknown): unknown {
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) value[i] = sanitize(value[i]);
    return value;
  }
  if (typeof value !== 'object' || value === null) return value;
  const record = value as Record<string, unknown>;
  for (const k of Object.keys(record)) {
    if (OFF_SWITCHES.has(k)) delete record[k];
    else if (COMMAND_KEYS.has(k))
      record[k] = SAFE_COMMANDS.includes(record[k] as string) ? record[k] : 'exit 0';
    else if (k === 'url') record[k] = CLOSED_LOOPBACK_URL;
    else if (k === 'args') record[k] = [];
    else if (
      (k === 'timeout' || k === 'timeoutSec') &&
      typeof record[k] === 'number' &&
      (record[k] as number) > 0
    )
      record[k] = Math.min(record[k] as number, FUZZED_HOOK_TIMEOUT_SEC);
    else record[k] = sanitize(record[k]);
  }
  return record;
}

async function dispatchWith(kind: ConfigKind, text: string) {
  const engine = await createHookEngine({
    discover: false,
    sessionId: 'fuzz',
    handlers: [GUARD],
    sources: [
      { file: `fuzzed.${kind === 'frontmatter' ? 'md' : 'json'}`, kind, config: text, scope: 'project' },
    ],
  });
  try {
    const result = await withinDeadline(engine.dispatch('PreToolUse', CALL));
    expectInvariants(result, engine);
    return result;
  } finally {
    await engine.close();
  }
}

const saved = new Map<string, string | undefined>();
beforeAll(() => {
  for (const name of MODEL_ENV) {
    saved.set(name, process.env[name]);
    delete process.env[name];
  }
});
afterAll(() => {
  for (const [name, value] of saved) if (value !== undefined) process.env[name] = value;
});

describe('fuzzed configuration files keep the guard (issue 13, fast-check)', () => {
  it('the unmutated seeds load and run their hooks beside the guard (the fuzzing is not vacuous)', async () => {
    for (const seed of SEEDS) {
      const result = await dispatchWith(seed.kind, apply(seed.value, [], []).text(seed.kind));
      const ran = result.hooks.filter((hook) => hook.source.file !== '<guard>').length;
      // Frontmatter hooks run only once registered for a session (claude-code-hooks.md §4.8).
      if (seed.kind !== 'frontmatter') expect(ran, seed.kind).toBeGreaterThan(0);
    }
  });

  it(
    'mutations, huge numbers, duplicate keys, __proto__ and deep nesting in every dialect',
    async () => {
      const cases = fc.constantFrom(...SEEDS).chain((seed) =>
        fc.record({
          seed: fc.constant(seed),
          at: fc.constantFrom(...containers(seed.value)),
          mutations: fc.array(mutation, { minLength: 1, maxLength: 3 }),
        }),
      );
      await fc.assert(
        fc.asyncProperty(cases, async ({ seed, at, mutations }) => {
          await dispatchWith(seed.kind, apply(seed.value, at, mutations).text(seed.kind));
        }),
        { seed: FUZZ_SEED, numRuns: NUM_RUNS, endOnFailure: true },
      );
    },
    NUM_RUNS * DISPATCH_DEADLINE_MS,
  );

  it(
    'broken text: every prefix cut and byte flip of a valid file is a coded diagnostic, never a lost guard',
    async () => {
      const text = JSON.stringify(SEEDS[0]?.value);
      await fc.assert(
        fc.asyncProperty(
          fc.nat(text.length),
          fc.constantFrom('{', '}', '"', ',', ':', '\\', '\u0000'),
          async (at, byte) => {
            const result = await dispatchWith(
              'claude-settings',
              text.slice(0, at) + byte + text.slice(at + 1),
            );
            expect(result.decision).toBe('deny');
          },
        ),
        { seed: FUZZ_SEED, numRuns: NUM_RUNS / 2, endOnFailure: true },
      );
    },
    NUM_RUNS * DISPATCH_DEADLINE_MS,
  );

  it(
    '10,000 handlers load and dispatch within the deadline',
    async () => {
      const groups = Array.from({ length: MANY_HANDLERS }, (_, i) => ({
        matcher: `Edit${i}`,
        hooks: [command('exit 0')],
      }));
      const started = performance.now();
      const result = await dispatchWith('claude-settings', JSON.stringify({ hooks: { PreToolUse: groups } }));
      expect(result.skipped.length + result.hooks.length).toBeGreaterThanOrEqual(1);
      expect(performance.now() - started).toBeLessThan(DISPATCH_DEADLINE_MS);
    },
    DISPATCH_DEADLINE_MS * 2,
  );
});
