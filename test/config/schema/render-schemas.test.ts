import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import { splitFrontmatter } from '../../../src/config/parse/frontmatter.ts';
import {
  renderClaudeSettingsSchema,
  renderCopilotHooksSchema,
  renderFrontmatterHooksSchema,
  renderVscodeHooksSchema,
} from '../../../src/config/schema/render-schemas.ts';
import { withoutDispatch } from '../../helpers/json-schema.ts';

const ROOT = new URL('../../../', import.meta.url);
const FIXTURES = new URL('test/fixtures/config/', ROOT);
const RENDERERS = {
  'schema/claude-settings.schema.json': renderClaudeSettingsSchema,
  'schema/copilot-hooks.schema.json': renderCopilotHooksSchema,
  'schema/vscode-hooks.schema.json': renderVscodeHooksSchema,
  'schema/frontmatter-hooks.schema.json': renderFrontmatterHooksSchema,
};
const modelOf = (render: () => string) => z.fromJSONSchema(withoutDispatch(JSON.parse(render())) as never);

describe('generated JSON Schemas', () => {
  for (const [path, render] of Object.entries(RENDERERS)) {
    it(`${path} is draft-07 with our $id, descriptions, and is fresh`, () => {
      const schema = JSON.parse(render());
      expect(schema.$schema).toBe('http://json-schema.org/draft-07/schema#');
      expect(schema.$id).toMatch(/^https:\/\/.+\/schema\/.+\.schema\.json$/);
      expect(path.endsWith(schema.$id.split('/').pop())).toBe(true);
      expect(schema.additionalProperties).not.toBe(false);
      expect(render()).toMatch(/"description"/);
      expect(readFileSync(new URL(path, ROOT), 'utf8')).toBe(render());
    });
  }

  it('the Claude schema is strict inside hooks and carries allowTrailingCommas: false', () => {
    const schema = JSON.parse(renderClaudeSettingsSchema());
    expect(schema.allowTrailingCommas).toBe(false);
    expect(schema.properties.hooks.additionalProperties).toBe(false);
    expect(schema.properties.hooks.required ?? []).toEqual([]);
    expect(schema.definitions.claudeCommandHook.properties.timeout.description).toMatch(/seconds/);
    const model = modelOf(renderClaudeSettingsSchema);
    expect(
      model.safeParse(JSON.parse(readFileSync(new URL('claude/valid.json', FIXTURES), 'utf8'))).success,
    ).toBe(true);
    expect(model.safeParse({ hooks: { preToolUse: [] } }).success).toBe(false);
    expect(
      model.safeParse({ hooks: { Stop: [{ hooks: [{ type: 'command', command: 'x', timeoutSec: 5 }] }] } })
        .success,
    ).toBe(false);
  });

  it('the Copilot schema accepts camel and Pascal keys, requires version 1, rejects unknown events', () => {
    const model = modelOf(renderCopilotHooksSchema);
    const good = {
      version: 1,
      hooks: { preToolUse: [{ bash: 'x', timeoutSec: 5 }], PreToolUse: [{ type: 'http', url: 'https://a' }] },
    };
    expect(model.safeParse(good).success).toBe(true);
    expect(model.safeParse({ ...good, version: 2 }).success).toBe(false);
    expect(model.safeParse({ version: 1, hooks: { preToolUSE: [] } }).success).toBe(false);
    expect(
      model.safeParse({ version: 1, hooks: { sessionStart: [{ type: 'prompt', prompt: '/go' }] } }).success,
    ).toBe(true);
  });

  it('the VS Code schema accepts flat entries and nested groups', () => {
    const model = modelOf(renderVscodeHooksSchema);
    const flat = {
      hooks: {
        PreToolUse: [{ type: 'command', command: 'a', windows: 'b', timeout: 5 }],
        agentStop: [{ bash: 'c' }],
      },
    };
    expect(model.safeParse(flat).success).toBe(true);
    expect(model.safeParse({ hooks: { Stop: [{ matcher: 'x', hooks: [{ command: 'y' }] }] } }).success).toBe(
      true,
    );
    expect(model.safeParse({ hooks: { Stop: [{ type: 'command', comand: 'y' }] } }).success).toBe(false);
  });

  it('the frontmatter schema accepts the skill fixture once its typo is removed', () => {
    const model = modelOf(renderFrontmatterHooksSchema);
    const block = splitFrontmatter(readFileSync(new URL('frontmatter/skill.md', FIXTURES), 'utf8'));
    const data = parseYaml(block?.yaml ?? '');
    expect(model.safeParse(data).success).toBe(false);
    data.hooks.PostToolUse[0].hooks.pop();
    data.hooks.PreToolUse = data.hooks.preToolUse;
    delete data.hooks.preToolUse;
    expect(model.safeParse(data).success).toBe(true);
  });
});
