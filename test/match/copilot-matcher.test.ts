import { describe, expect, it } from 'vitest';
import { compileCopilotMatcher } from '../../src/match/copilot-matcher.ts';
import { claudeToolName, copilotToolNames } from '../../src/match/tool-names.ts';

type Row = [
  ref: string,
  matcher: string | undefined,
  claudeFormat: boolean,
  value: string,
  expected: boolean,
];

const rows: Row[] = [
  ['§1.4 camelCase anchored full match', 'bash', false, 'bash', true],
  ['§1.4 camelCase anchored: no substring', 'bas', false, 'bash', false],
  ['§1.4 camelCase anchored regex list', 'edit|create', false, 'create', true],
  ['§1.4 camelCase anchored: no prefix match', 'edit', false, 'edit_file', false],
  ['§1.4 camelCase regex', 'web_.*', false, 'web_fetch', true],
  ['§1.4 camelCase case-sensitive', 'Bash', false, 'bash', false],
  ['§1.4 camelCase omitted = all', undefined, false, 'view', true],
  ['§1.4 camelCase invalid regex skips the entry', '(', false, '(', false],
  ['§1.4 Claude format: * = all', '*', true, 'bash', true],
  ['§1.4 Claude format: ** = all', '**', true, 'view', true],
  ['§1.4 Claude format: empty = all', '', true, 'view', true],
  ['§1.4 Claude format: Claude name of runtime bash', 'Bash', true, 'bash', true],
  ['§1.4 Claude format: Claude name of powershell', 'Bash', true, 'powershell', true],
  ['§1.4 Claude format: runtime name literal', 'view', true, 'view', true],
  ['§1.4 Claude format: list with Claude names', 'Edit|Write', true, 'create', true],
  ['§1.4 Claude format: apply_patch is Edit', 'Edit', true, 'apply_patch', true],
  ['§1.4 Claude format: literal Task accepted for task', 'Task', true, 'task', true],
  ['§1.4 Claude format: Agent for task', 'Agent', true, 'task', true],
  ['§1.4 Claude format: value already a Claude name', 'Read', true, 'Read', true],
  ['§1.4 Claude format: regex against the Claude name', 'Web.*', true, 'web_fetch', true],
  ['§1.4 Claude format: regex is anchored', 'Edi', true, 'edit', false],
  ['§1.4 Claude format: regex not against runtime name', 'web_.*', true, 'web_fetch', false],
  ['§1.4 Claude format: unmapped tool regex uses runtime name', 'my_.*', true, 'my_tool', true],
  ['§1.4 Claude format: case-sensitive', 'bash|read', true, 'view', false],
];

describe('compileCopilotMatcher (other-agents-hooks.md §1.4)', () => {
  it.each(rows)('%s: %j (claudeFormat %s) vs %j → %s', (_ref, matcher, claudeFormat, value, expected) => {
    expect(compileCopilotMatcher(matcher, { claudeFormat }).test(value)).toBe(expected);
  });

  it('reports invalid regexes in both modes', () => {
    for (const claudeFormat of [false, true]) {
      const m = compileCopilotMatcher('a[', { claudeFormat });
      expect(m.kind).toBe('invalid');
      expect(m.code).toBe('MATCH_INVALID_REGEX');
    }
  });
});

describe('Copilot → Claude tool names (other-agents-hooks.md §1.4)', () => {
  it.each([
    ['bash', 'Bash'],
    ['powershell', 'Bash'],
    ['view', 'Read'],
    ['create', 'Write'],
    ['edit', 'Edit'],
    ['str_replace_editor', 'Edit'],
    ['apply_patch', 'Edit'],
    ['grep', 'Grep'],
    ['rg', 'Grep'],
    ['glob', 'Glob'],
    ['web_fetch', 'WebFetch'],
    ['web_search', 'WebSearch'],
    ['ask_user', 'AskUserQuestion'],
    ['update_todo', 'TodoWrite'],
    ['task', 'Agent'],
  ])('%s → %s', (copilot, claude) => {
    expect(claudeToolName(copilot)).toBe(claude);
    expect(copilotToolNames(claude)).toContain(copilot);
  });

  it('has no mapping for unknown or inherited names', () => {
    expect(claudeToolName('mcp_thing')).toBeUndefined();
    expect(claudeToolName('toString')).toBeUndefined();
    expect(copilotToolNames('constructor')).toEqual([]);
    expect(copilotToolNames('Bash')).toEqual(['bash', 'powershell']);
  });
});
