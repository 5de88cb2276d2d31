import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { splitFrontmatter } from '../../../src/config/parse/frontmatter.ts';
import { readConfig } from '../../../src/config/read-config.ts';

const FIXTURES = new URL('../../fixtures/config/frontmatter/', import.meta.url);

function read(name: string, text = readFileSync(new URL(name, FIXTURES), 'utf8')) {
  return readConfig({
    file: name,
    text,
    kind: 'frontmatter',
    scope: 'frontmatter',
    namespace: '/skills/fmt',
  });
}

describe('frontmatter hooks (claude-code-hooks.md §6.1)', () => {
  const result = read('skill.md');

  it('reads Claude-structured hooks with positions in the markdown file', () => {
    expect(result.handlers).toHaveLength(1);
    expect(result.handlers[0]).toMatchObject({
      event: 'PostToolUse',
      dialect: 'claude',
      matcher: 'Edit|Write',
      once: true,
      timeoutMs: 20_000,
      spec: { command: './format.sh' },
      source: {
        file: 'skill.md',
        pointer: '/hooks/PostToolUse/0/hooks/0',
        scope: 'frontmatter',
        line: 8,
        column: 11,
        namespace: '/skills/fmt',
      },
    });
    expect(result.handlers[0]?.identity).toBe(
      JSON.stringify(['/skills/fmt', 'command', 'bash', './format.sh', null, '']),
    );
  });

  it('locates YAML mistakes in the markdown file', () => {
    expect(
      result.diagnostics.map((found) => [found.code, found.line, found.column, found.suggestion]),
    ).toEqual([
      ['CONFIG_UNKNOWN_HANDLER_TYPE', 12, 17, 'command'],
      ['CONFIG_UNKNOWN_EVENT', 14, 3, 'PreToolUse'],
    ]);
  });

  it('reports YAML syntax errors at markdown coordinates', () => {
    const broken = read('broken.md');
    expect(broken.handlers).toEqual([]);
    expect(broken.diagnostics).toHaveLength(1);
    expect(broken.diagnostics[0]).toMatchObject({ code: 'CONFIG_INVALID_JSON', severity: 'error', line: 5 });
    expect(broken.diagnostics[0]?.message).toMatch(/^YAML syntax error/);
  });

  it('yields nothing for markdown without frontmatter or without hooks', () => {
    expect(read('none.md', '# Title\n\n---\nhooks: {}\n---\n')).toEqual({
      handlers: [],
      diagnostics: [],
      policy: {},
      prompts: [],
      fileDisabled: false,
    });
    expect(read('empty.md', '---\n---\nbody').diagnostics).toEqual([]);
    expect(read('nohooks.md', '---\nname: x\n---\n').handlers).toEqual([]);
  });

  it('splits only a leading --- block, never a language-tagged one', () => {
    expect(splitFrontmatter('---\na: 1\n---\nrest')).toEqual({ yaml: 'a: 1', lineOffset: 1 });
    expect(splitFrontmatter('\uFEFF---\r\na: 1\r\n---\r\n')).toEqual({ yaml: 'a: 1', lineOffset: 1 });
    expect(splitFrontmatter('---js\nmodule.exports = {}\n---\n')).toBeUndefined();
    expect(splitFrontmatter('text\n---\na: 1\n---\n')).toBeUndefined();
  });

  it('rejects a frontmatter block that is not a mapping', () => {
    const list = read('list.md', '---\n- a\n- b\n---\n');
    expect(list.diagnostics).toEqual([
      expect.objectContaining({ code: 'CONFIG_INVALID_STRUCTURE', line: 2, column: 1 }),
    ]);
  });
});

describe('VS Code custom agent frontmatter (seed 000, chat.useCustomAgentHooks)', () => {
  it('reads flat command entries per event as VS Code hooks, located in the markdown file', () => {
    const agent = read('strict-formatter.agent.md');
    expect(agent.diagnostics).toEqual([]);
    expect(agent.handlers).toHaveLength(1);
    expect(agent.handlers[0]).toMatchObject({
      event: 'PostToolUse',
      dialect: 'vscode',
      spec: { command: './scripts/format-changed-files.sh' },
      source: { pointer: '/hooks/PostToolUse/0', line: 6, column: 7 },
    });
  });
});
