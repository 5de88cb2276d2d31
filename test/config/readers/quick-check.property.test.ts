// The quick check (src/config/readers/quick-check.ts) lets the CLI read a configuration without
// the zod models (issue 16 item 4). It may only ever say "zod finds no issue" when zod agrees;
// anything else must go to zod, so a read with it gives exactly readConfig's result.
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CONFIG_SHAPES, type ConfigModelName } from '../../../src/config/generated/config-shapes.ts';
import { type ConfigKind, readConfig } from '../../../src/config/read-config.ts';
import { readConfigLazily, readConfigQuickly } from '../../../src/config/read-core.ts';
import { CONFIG_OBJECT_MODELS } from '../../../src/config/readers/config-models.ts';
import { passesQuickCheck } from '../../../src/config/readers/quick-check.ts';
import { MAX_TIMEOUT_SEC } from '../../../src/model/handler.ts';

const FIXTURES = new URL('../../fixtures/config/', import.meta.url);
const fixture = (path: string): string => readFileSync(new URL(path, FIXTURES), 'utf8');
const NAMES = Object.keys(CONFIG_SHAPES) as ConfigModelName[];

/** Values near every rule's edges: types, empty strings, 0, the timeout limit, Infinity's JSON. */
const EDGE_VALUES = [
  '',
  'x',
  'command',
  'http',
  'bash',
  'block',
  0,
  -1,
  0.5,
  1,
  600,
  MAX_TIMEOUT_SEC,
  MAX_TIMEOUT_SEC + 1,
  Number.POSITIVE_INFINITY,
  true,
  false,
  null,
  [],
  [''],
  ['a'],
  [1],
  {},
  { A: 'b' },
  { A: 1 },
];
const value: fc.Arbitrary<unknown> = fc.oneof(fc.constantFrom(...EDGE_VALUES), fc.jsonValue({ maxDepth: 2 }));

function objectFor(name: ConfigModelName): fc.Arbitrary<Record<string, unknown>> {
  const keys = Object.keys(CONFIG_SHAPES[name].fields);
  return fc.dictionary(fc.oneof(fc.constantFrom(...keys), fc.constantFrom('extra', 'Timeout')), value, {
    maxKeys: keys.length + 1,
  });
}

describe('the configuration quick check', () => {
  it.each(NAMES)('accepts a %s object only when zod finds no issue in it', (name) => {
    fc.assert(
      fc.property(objectFor(name), (candidate) => {
        if (passesQuickCheck(CONFIG_SHAPES[name], candidate))
          expect(CONFIG_OBJECT_MODELS[name].safeParse(candidate).success).toBe(true);
      }),
      { numRuns: 400 },
    );
  });

  it('accepts valid handlers of each kind, so a valid file needs no zod', () => {
    expect(
      passesQuickCheck(CONFIG_SHAPES['claude.command'], {
        type: 'command',
        command: 'x',
        timeout: MAX_TIMEOUT_SEC,
      }),
    ).toBe(true);
    expect(
      passesQuickCheck(CONFIG_SHAPES['copilot.command'], { bash: 'x', timeoutSec: 5, env: { A: 'b' } }),
    ).toBe(true);
    expect(
      passesQuickCheck(CONFIG_SHAPES['claude.policy'], { allowedHttpHookUrls: ['https://x'], model: 'm' }),
    ).toBe(true);
  });

  it('rejects what zod rejects or warns about: an unknown key, a timeout over the limit, a non-finite number', () => {
    const command = CONFIG_SHAPES['claude.command'];
    expect(passesQuickCheck(command, { type: 'command', command: 'x', timout: 5 })).toBe(false);
    expect(passesQuickCheck(command, { type: 'command', command: 'x', timeout: MAX_TIMEOUT_SEC + 1 })).toBe(
      false,
    );
    expect(
      passesQuickCheck(command, { type: 'command', command: 'x', timeout: Number.POSITIVE_INFINITY }),
    ).toBe(false);
    expect(passesQuickCheck(command, { type: 'command', command: '' })).toBe(false);
  });
});

const FILES: { kind: ConfigKind; file: string; text: string; needsZod: boolean }[] = [
  { kind: 'claude-settings', file: 'settings.json', text: fixture('claude/valid.json'), needsZod: false },
  { kind: 'claude-settings', file: 'settings.json', text: fixture('claude/mistakes.json'), needsZod: false },
  { kind: 'copilot-hooks-file', file: 'hooks.json', text: fixture('copilot/mixed.json'), needsZod: false },
  {
    kind: 'vscode-hooks',
    file: '/ws/.github/hooks/a.json',
    text: fixture('vscode/hooks.json'),
    needsZod: false,
  },
  {
    kind: 'claude-settings',
    file: 'settings.json',
    text: JSON.stringify({ disableAllHooks: 'yes', hooks: {} }),
    needsZod: true,
  },
  {
    kind: 'copilot-hooks-file',
    file: 'hooks.json',
    text: JSON.stringify({ version: 1, hooks: { preToolUse: [{ bash: 'x', timeoutSec: '10' }] } }),
    needsZod: true,
  },
];

const COPILOT_WITH_MATCHER = JSON.stringify({
  version: 1,
  hooks: { preToolUse: [{ type: 'command', bash: 'x', matcher: 'bash' }] },
});
// Unknown keys alone are warnings the quick check words itself.
FILES.push(
  // VS Code reads a Copilot file too, and warns about the `matcher` it does not know.
  { kind: 'vscode-hooks', file: '/ws/.github/hooks/b.json', text: COPILOT_WITH_MATCHER, needsZod: false },
  {
    kind: 'claude-settings',
    file: 'settings.json',
    text: JSON.stringify({
      hooks: { Stop: [{ hooks: [{ type: 'command', command: 'x', timout: 5, Async: true }] }] },
    }),
    needsZod: false,
  },
);

describe('reading without the zod models', () => {
  it.each(FILES)('gives readConfig’s exact result for $file ($kind, needs zod: $needsZod)', async (file) => {
    const options = { file: file.file, text: file.text, kind: file.kind, scope: 'project' as const };
    const full = readConfig(options);
    expect(await readConfigLazily(options)).toEqual(full);
    // Only a field of the wrong type or value needs zod to be described.
    expect(readConfigQuickly(options)).toEqual(file.needsZod ? undefined : full);
  });

  it('gives readConfig’s exact result for any handler in a settings file', async () => {
    await fc.assert(
      fc.asyncProperty(
        objectFor('claude.command'),
        fc.constantFrom('claude-settings', 'vscode-hooks'),
        async (handler, kind) => {
          const text = JSON.stringify({
            hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', ...handler }] }] },
          });
          const options = {
            file: '/ws/.claude/settings.json',
            text,
            kind: kind as ConfigKind,
            scope: 'project' as const,
          };
          expect(await readConfigLazily(options)).toEqual(readConfig(options));
        },
      ),
      { numRuns: 300 },
    );
  });
});
