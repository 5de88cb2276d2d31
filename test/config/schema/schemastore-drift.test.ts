import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CLAUDE_EVENTS } from '../../../src/config/parse/event-keys.ts';
import { readConfig } from '../../../src/config/read-config.ts';
import { CLAUDE_HANDLER_SCHEMAS } from '../../../src/config/schema/claude.ts';
import { renderClaudeSettingsSchema } from '../../../src/config/schema/render-schemas.ts';
import { withoutDispatch } from '../../helpers/json-schema.ts';
import { compareWithShared, sharedCompatPath } from '../../helpers/shared-compat.ts';

/** The vendored SchemaStore files (test/fixtures/compat/schemastore/README.md says from where and when). */
const STORE = new URL('../../fixtures/compat/schemastore/', import.meta.url);
/** The shared original, when `../shared` sits beside the clone; the vendored copy must equal it. */
const SHARED_STORE = sharedCompatPath('schemastore');
const HOOK_KEYS = [
  'hooks',
  'disableAllHooks',
  'allowManagedHooksOnly',
  'allowedHttpHookUrls',
  'httpHookAllowedEnvVars',
];
/** Negatives whose errors lie in `hooks` (test/fixtures/compat/schemastore/README.md). */
const HOOK_NEGATIVES = [
  'additional-properties-hook.json',
  'invalid-hook-shell.json',
  'invalid-hook-type.json',
  'invalid-timeout-value.json',
  'missing-required-hook-fields.json',
  'wrong-property-types.json',
];
/** Events we know that the SchemaStore snapshot (2026-08-03) does not list yet. */
const EVENTS_AHEAD_OF_SCHEMASTORE = ['PostModelSwitch', 'PreModelSwitch', 'PreSkillShellCommand'];
/** Handler fields we model that the snapshot does not (claude-code-hooks.md §4.1, Oct–Nov 2026). */
// Fields SchemaStore does not list yet (once, onFailure) and our own extension (allowShell on
// agent hooks, docs/llm-and-mcp-hooks.md).
const FIELDS_AHEAD_OF_SCHEMASTORE = ['once', 'onFailure', 'allowShell'];

const json = (url: URL): Record<string, unknown> => JSON.parse(readFileSync(url, 'utf8'));
const list = (kind: string): string[] =>
  readdirSync(new URL(`${kind}/`, STORE))
    .filter((name) => name.endsWith('.json'))
    .sort();
const project = (document: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(HOOK_KEYS.filter((key) => key in document).map((key) => [key, document[key]]));

describe('SchemaStore claude-code-settings drift (issue 2 item 5)', () => {
  it('reads the vendored SchemaStore test files', () => {
    expect(list('positive')).toHaveLength(21);
    expect(list('negative')).toHaveLength(17);
  });

  it.skipIf(SHARED_STORE === undefined)(
    `the vendored copy is the shared one (${SHARED_STORE ?? 'no ../shared beside this clone'})`,
    () => {
      const problems = compareWithShared(fileURLToPath(STORE), SHARED_STORE as string, ['README.md']);
      expect(problems, 'refresh test/fixtures/compat/schemastore/ (see its README)').toEqual([]);
    },
  );
  const upstream = json(new URL('claude-code-settings.schema.json', STORE)) as Record<string, any>;
  // The upstream file says draft-07 but refers to `$defs`; read it as 2020-12 so the refs resolve.
  const upstreamModel = z.fromJSONSchema({
    ...upstream,
    $schema: 'https://json-schema.org/draft/2020-12/schema',
  } as never);
  const ourModel = z.fromJSONSchema(withoutDispatch(JSON.parse(renderClaudeSettingsSchema())) as never);

  const cases = [
    ...list('positive').map((name) => ({ name, kind: 'positive', valid: true })),
    ...list('negative').map((name) => ({ name, kind: 'negative', valid: false })),
  ].map((entry) => {
    const text = readFileSync(new URL(`${entry.kind}/${entry.name}`, STORE), 'utf8');
    const hookSection = project(JSON.parse(text));
    // A verdict depends on hooks when the hook keys alone already decide it the same way upstream.
    const hookVerdict = upstreamModel.safeParse(hookSection).success;
    const relevant = entry.valid ? Object.keys(hookSection).length > 0 : !hookVerdict;
    return { ...entry, text, hookSection, hookVerdict, relevant };
  });

  it('selects exactly the hook-dependent files the README lists', () => {
    expect(cases.filter((entry) => !entry.valid && entry.relevant).map((entry) => entry.name)).toEqual(
      HOOK_NEGATIVES,
    );
    expect(cases.filter((entry) => entry.valid && entry.relevant).map((entry) => entry.name)).toEqual([
      'enum-coverage.json',
      'hooks-complete.json',
      'managed-settings.json',
      'modern-complete-config.json',
    ]);
  });

  it('reproduces the upstream verdict of every file with the upstream schema', () => {
    for (const entry of cases)
      expect(upstreamModel.safeParse(JSON.parse(entry.text)).success, entry.name).toBe(entry.valid);
  });

  for (const entry of cases.filter((candidate) => candidate.relevant)) {
    it(`${entry.kind}/${entry.name}: our generated schema and strict validator agree (${entry.valid ? 'valid' : 'invalid'})`, () => {
      expect(ourModel.safeParse(entry.hookSection).success, 'generated schema on the hook keys').toBe(
        entry.valid,
      );
      expect(
        ourModel.safeParse(JSON.parse(entry.text)).success || !entry.valid,
        'generated schema on the whole file',
      ).toBe(true);
      const read = readConfig({
        file: entry.name,
        text: entry.text,
        kind: 'claude-settings',
        scope: 'project',
        strict: true,
      });
      const errors = read.diagnostics.filter((found) => found.severity === 'error');
      expect(errors.length === 0, JSON.stringify(errors)).toBe(entry.valid);
      for (const found of errors) expect(found.line).toBeGreaterThanOrEqual(1);
    });
  }

  it('knows every event SchemaStore lists; the only extras are the documented newer ones', () => {
    const theirs = Object.keys(upstream.properties.hooks.properties).sort();
    const ours = [...CLAUDE_EVENTS].sort();
    expect(theirs.filter((event) => !ours.includes(event as never))).toEqual([]);
    expect(ours.filter((event) => !theirs.includes(event))).toEqual(EVENTS_AHEAD_OF_SCHEMASTORE);
  });

  it('models every handler field SchemaStore lists, per type', () => {
    for (const variant of upstream.$defs.hookCommand.anyOf as {
      properties: Record<string, unknown>;
      required: string[];
    }[]) {
      const type = variant.required.includes('url')
        ? 'http'
        : variant.required.includes('server')
          ? 'mcp_tool'
          : variant.required.includes('command')
            ? 'command'
            : 'continueOnBlock' in variant.properties
              ? 'prompt'
              : 'agent';
      const ours = Object.keys(CLAUDE_HANDLER_SCHEMAS[type].shape);
      const theirs = Object.keys(variant.properties);
      expect(
        theirs.filter((field) => !ours.includes(field)),
        type,
      ).toEqual([]);
      expect(
        ours.filter((field) => !theirs.includes(field) && !FIELDS_AHEAD_OF_SCHEMASTORE.includes(field)),
        type,
      ).toEqual([]);
    }
  });
});
