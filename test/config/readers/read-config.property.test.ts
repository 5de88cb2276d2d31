import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { stringify as toYaml } from 'yaml';
import { type ConfigKind, type ReadResult, readConfig } from '../../../src/config/read-config.ts';

const FIXTURES = new URL('../../fixtures/config/', import.meta.url);
const load = (path: string): unknown => JSON.parse(readFileSync(new URL(path, FIXTURES), 'utf8'));

const SEEDS: { kind: ConfigKind; file: string; value: unknown }[] = [
  { kind: 'claude-settings', file: 'settings.json', value: load('claude/valid.json') },
  {
    kind: 'claude-plugin-hooks',
    file: 'hooks.json',
    value: { description: 'd', ...(load('claude/valid.json') as object) },
  },
  {
    kind: 'copilot-hooks-file',
    file: 'hooks.json',
    value: {
      version: 1,
      hooks: {
        sessionStart: [{ type: 'prompt', prompt: 'hi' }, { bash: 'a' }],
        PreToolUse: [{ command: 'b', matcher: 'x', timeoutSec: 3 }],
      },
    },
  },
  {
    kind: 'copilot-settings',
    file: 'settings.json',
    value: { hooks: { agentStop: [{ bash: 'a' }, { type: 'http', url: 'https://h' }] } },
  },
  {
    kind: 'vscode-hooks',
    file: '/ws/.github/hooks/a.json',
    value: {
      hooks: { PreToolUse: [{ command: 'a', windows: 'b', timeout: 4 }, { hooks: [{ command: 'c' }] }] },
    },
  },
  {
    kind: 'frontmatter',
    file: 'skill.md',
    value: { name: 'n', hooks: { Stop: [{ hooks: [{ type: 'command', command: 'x', once: true }] }] } },
  },
];

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Every path to a node of the value. */
function paths(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  const out = [prefix];
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) out.push(...paths(item, [...prefix, index]));
  } else if (typeof value === 'object' && value !== null)
    for (const [key, item] of Object.entries(value)) out.push(...paths(item, [...prefix, key]));
  return out;
}

type Mutation =
  | { kind: 'replace'; value: Json }
  | { kind: 'delete' }
  | { kind: 'rename'; key: string }
  | { kind: 'add'; key: string; value: Json };

function mutate(value: unknown, path: (string | number)[], mutation: Mutation): unknown {
  const copy = structuredClone(value);
  if (path.length === 0) return mutation.kind === 'replace' ? mutation.value : copy;
  let parent: any = copy;
  for (const segment of path.slice(0, -1)) parent = parent[segment];
  const last = path[path.length - 1] as string | number;
  if (mutation.kind === 'replace') parent[last] = mutation.value;
  else if (mutation.kind === 'delete')
    Array.isArray(parent) ? parent.splice(last as number, 1) : delete parent[last];
  else if (mutation.kind === 'rename' && !Array.isArray(parent) && parent[last] !== undefined) {
    parent[mutation.key] = parent[last];
    if (mutation.key !== last) delete parent[last];
  } else if (
    mutation.kind === 'add' &&
    typeof parent[last] === 'object' &&
    parent[last] !== null &&
    !Array.isArray(parent[last])
  ) {
    parent[last][mutation.key] = mutation.value;
  }
  return copy;
}

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
  'Stop',
  'bash',
  'version',
  'url',
  'prompt',
  'args',
];
const jsonValue = fc.jsonValue({ maxDepth: 3 }) as fc.Arbitrary<Json>;
const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constant('replace' as const), value: jsonValue }),
  fc.constant({ kind: 'delete' as const }),
  fc.record({ kind: fc.constant('rename' as const), key: fc.oneof(fc.constantFrom(...KEYS), fc.string()) }),
  fc.record({
    kind: fc.constant('add' as const),
    key: fc.oneof(fc.constantFrom(...KEYS), fc.string()),
    value: jsonValue,
  }),
);

function render(kind: ConfigKind, value: unknown): string {
  return kind === 'frontmatter' ? `---\n${toYaml(value)}---\n\nbody\n` : JSON.stringify(value, null, 2);
}

/** Does the value still hold something a host could run under its top-level `hooks`? */
function hasHandlerLike(value: unknown): boolean {
  const hooks = (value as { hooks?: unknown } | null)?.hooks;
  const walk = (node: unknown): boolean => {
    if (Array.isArray(node)) return node.some(walk);
    if (typeof node !== 'object' || node === null) return false;
    return (
      Object.values(node).some(walk) ||
      ['command', 'bash', 'powershell', 'exec', 'url', 'prompt', 'server', 'windows', 'linux', 'osx'].some(
        (key) => (node as Record<string, unknown>)[key] !== undefined,
      )
    );
  };
  return typeof value === 'object' && value !== null && !Array.isArray(value) && walk(hooks);
}

function checkLocated(result: ReadResult): void {
  for (const found of result.diagnostics) {
    expect(found.line).toBeGreaterThanOrEqual(1);
    expect(found.column).toBeGreaterThanOrEqual(1);
    expect(found.file).toBeTruthy();
    expect(typeof found.pointer).toBe('string');
  }
  for (const handler of result.handlers) {
    expect(handler.source.line).toBeGreaterThanOrEqual(1);
    expect(handler.source.pointer).toMatch(/^\/hooks\//);
  }
}

describe('readConfig under random mutations (fast-check)', () => {
  it('the unmutated seeds load handlers without errors', () => {
    for (const seed of SEEDS) {
      const result = readConfig({
        file: seed.file,
        text: render(seed.kind, seed.value),
        kind: seed.kind,
        scope: 'project',
      });
      expect(
        result.diagnostics.filter((found) => found.severity === 'error'),
        seed.kind,
      ).toEqual([]);
      expect(result.handlers.length, seed.kind).toBeGreaterThan(0);
    }
  });

  it('treats Object.prototype names as ordinary unknown keys', () => {
    const texts: [ConfigKind, string][] = [
      [
        'copilot-hooks-file',
        '{"version":1,"hooks":{"constructor":[{"bash":"x"}],"sessionEnd":[{"bash":"y","toString":1}]}}',
      ],
      ['vscode-hooks', '{"hooks":{"constructor":[{"command":"x"}],"Stop":[{"command":"y","valueOf":2}]}}'],
      [
        'claude-settings',
        '{"hooks":{"constructor":[],"Stop":[{"hooks":[{"type":"constructor"},{"type":"command","command":"z","hasOwnProperty":1}]}]}}',
      ],
    ];
    for (const [kind, text] of texts) {
      const result = readConfig({ file: 'f.json', text, kind, scope: 'user' });
      expect(result.handlers, kind).toHaveLength(1);
      expect(result.handlers[0]?.event, kind).not.toBe('constructor');
      expect(result.diagnostics.map((found) => found.code).sort(), kind).toContain('CONFIG_UNKNOWN_EVENT');
      expect(
        result.diagnostics.every(
          (found) => found.suggestion === undefined || typeof found.suggestion === 'string',
        ),
      ).toBe(true);
    }
  });

  it('structural mutations never crash and always yield handlers or located diagnostics', () => {
    const arbitrary = fc
      .constantFrom(...SEEDS)
      .chain((seed) =>
        fc.tuple(
          fc.constant(seed),
          fc.constantFrom(...paths(seed.value)),
          fc.array(mutation, { minLength: 1, maxLength: 3 }),
        ),
      );
    fc.assert(
      fc.property(arbitrary, fc.boolean(), ([seed, path, mutations], strict) => {
        const value = mutations.reduce((current, step) => mutate(current, path, step), seed.value);
        const result = readConfig({
          file: seed.file,
          text: render(seed.kind, value),
          kind: seed.kind,
          scope: 'project',
          strict,
        });
        checkLocated(result);
        if (hasHandlerLike(value)) {
          expect(result.handlers.length + result.prompts.length + result.diagnostics.length).toBeGreaterThan(
            0,
          );
        }
      }),
      { numRuns: 250 },
    );
  });

  it('text-level damage never crashes and every diagnostic is located', () => {
    const arbitrary = fc.constantFrom(...SEEDS).chain((seed) => {
      const text = render(seed.kind, seed.value);
      return fc.tuple(
        fc.constant(seed),
        fc.constant(text),
        fc.nat(text.length),
        fc.nat(8),
        fc.string({ maxLength: 4 }),
      );
    });
    fc.assert(
      fc.property(arbitrary, ([seed, text, at, remove, insert]) => {
        const damaged = text.slice(0, at) + insert + text.slice(at + remove);
        const result = readConfig({ file: seed.file, text: damaged, kind: seed.kind, scope: 'user' });
        checkLocated(result);
      }),
      { numRuns: 250 },
    );
  });
});
