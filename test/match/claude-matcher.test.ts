import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileClaudeMatcher, fileChangedWatchNames } from '../../src/match/claude-matcher.ts';
import type { EventName } from '../../src/model/event-name.ts';

type Row = [ref: string, matcher: string | undefined, value: string, expected: boolean, event?: EventName];

const rows: Row[] = [
  ['observed: list Edit|Write', 'Edit|Write', 'Write', true],
  ['observed: list "Edit, Write"', 'Edit, Write', 'Write', true],
  ['observed: list "Edit, Write" first', 'Edit, Write', 'Edit', true],
  ['observed: ^Bash$ regex', '^Bash$', 'Bash', true],
  ['observed: mcp__.* regex', 'mcp__.*', 'mcp__demo__echo', true],
  ['observed: exact mcp tool', 'mcp__demo__echo', 'mcp__demo__echo', true],
  ['observed: * matches all', '*', 'Read', true],
  ['observed: "" matches all', '', 'Read', true],
  ['observed: no matcher matches all', undefined, 'Read', true],
  ['observed: (ead) unanchored regex', '(ead)', 'Read', true],
  ['observed: case-sensitive', 'bash', 'Bash', false],
  ['observed: exact names, not prefixes', 'Bas', 'Bash', false],
  ['observed: ead|rite is an exact list', 'ead|rite', 'Read', false],
  ['observed: bare server name matches nothing', 'mcp__demo', 'mcp__demo__echo', false],
  ['§5.1 unanchored regex hits NotebookEdit', 'Edit.*', 'NotebookEdit', true],
  ['§5.1 anchored regex', '^Edit$', 'NotebookEdit', false],
  ['§5.1 hyphen in exact set (≥2.1.195)', 'code-reviewer', 'my-code-reviewer', false, 'SubagentStart'],
  ['§5.1 hyphen exact match', 'code-reviewer', 'code-reviewer', true, 'SubagentStart'],
  ['§5.1 whitespace trimmed', ' Edit |  Write ', 'Write', true],
  ['§5.1 legacy Task matcher hits Agent', 'Task', 'Agent', true, 'PreToolUse'],
  ['§5.1 Agent matcher hits legacy Task', 'Agent', 'Task', true, 'PreToolUse'],
  ['§5.1 regex tested against legacy alias', '^Task$', 'Agent', true, 'PreToolUse'],
  ['§5.1 legacy alias only for tool names', 'Task', 'Agent', false, 'SubagentStart'],
  ['§5.2 whole server', 'mcp__memory__.*', 'mcp__memory__create', true],
  ['§5.2 any server', 'mcp__.*__write.*', 'mcp__fs__write_file', true],
  ['§5.2 plugin server', 'mcp__plugin_my-plugin_db__.*', 'mcp__plugin_my-plugin_db__query', true],
  ['§5.2 bare plugin server key never fires', 'mcp__db__.*', 'mcp__plugin_my-plugin_db__query', false],
  ['§2.14 plugin agent needs regex', '^my-plugin:reviewer$', 'my-plugin:reviewer', true, 'SubagentStart'],
  ['§2.1 SessionStart resume not startup', 'resume', 'startup', false, 'SessionStart'],
  ['§2.19 StopFailure narrow list', 'rate_limit|overloaded', 'overloaded', true, 'StopFailure'],
  ['§2.19 StopFailure comma is regex', 'rate_limit,overloaded', 'overloaded', false, 'StopFailure'],
  ['§2.19 StopFailure narrow set is exact', 'rate', 'rate_limit', false, 'StopFailure'],
  ['§2.24 FileChanged basename regex', 'package.json', 'package.json', true, 'FileChanged'],
  ['§2.24 FileChanged narrow list', 'envrc|Makefile', 'Makefile', true, 'FileChanged'],
  ['§2.24 FileChanged hyphen is regex (substring)', 'my-file', 'xmy-filex', true, 'FileChanged'],
  ['§5.1 wide set treats hyphen as exact', 'my-file', 'xmy-filex', false, 'PreToolUse'],
  ['§5.1 invalid regex never matches', 'Edit(', 'Edit(', false],
];

describe('compileClaudeMatcher (claude-code-hooks.md §5.1, claude-code-observed.md)', () => {
  it.each(rows)('%s: %j vs %j → %s', (_ref, matcher, value, expected, event) => {
    expect(compileClaudeMatcher(matcher, event === undefined ? {} : { event }).test(value)).toBe(expected);
  });

  it('classifies matchers by kind', () => {
    expect(compileClaudeMatcher(undefined).kind).toBe('all');
    expect(compileClaudeMatcher('*').kind).toBe('all');
    expect(compileClaudeMatcher('Edit|Write').kind).toBe('exact');
    expect(compileClaudeMatcher('Edit.*').kind).toBe('regex');
    const bad = compileClaudeMatcher('[');
    expect(bad.kind).toBe('invalid');
    expect(bad.code).toBe('MATCH_INVALID_REGEX');
    expect(bad.error).toMatch(/regular expression/i);
  });

  it('passes an absent match query for valid matchers, never for invalid ones (§5.1)', () => {
    expect(compileClaudeMatcher('resume', { event: 'SessionStart' }).test(undefined)).toBe(true);
    expect(compileClaudeMatcher('(', {}).test(undefined)).toBe(false);
  });

  it('warns about a bare MCP server name (§5.2, §8)', () => {
    const m = compileClaudeMatcher('mcp__memory', { event: 'PreToolUse' });
    expect(m.warnings?.[0]?.code).toBe('MATCH_BARE_MCP_SERVER');
    expect(compileClaudeMatcher('mcp__memory__.*', { event: 'PreToolUse' }).warnings).toBeUndefined();
  });

  it('warns about commas in the narrow set and a FileChanged "*" (§2.19, §2.24)', () => {
    expect(compileClaudeMatcher('rate_limit, overloaded', { event: 'StopFailure' }).warnings?.[0]?.code).toBe(
      'MATCH_NARROW_EXACT_SET',
    );
    expect(compileClaudeMatcher('*', { event: 'FileChanged' }).warnings?.[0]?.code).toBe(
      'MATCH_FILECHANGED_WILDCARD',
    );
  });

  it('lists FileChanged watch names literally (§2.24)', () => {
    expect(fileChangedWatchNames('.envrc|package.json')).toEqual(['.envrc', 'package.json']);
    expect(fileChangedWatchNames('*')).toEqual(['*']);
    expect(fileChangedWatchNames(undefined)).toEqual([]);
  });

  const token = fc.stringMatching(/^[A-Za-z0-9_-]{1,12}$/);

  it('property: an exact list matches exactly its members, never like a regex (§5.1)', () => {
    fc.assert(
      fc.property(fc.array(token, { minLength: 1, maxLength: 5 }), token, (tokens, probe) => {
        const m = compileClaudeMatcher(tokens.join('|'), { event: 'SubagentStart' });
        expect(m.kind).toBe('exact');
        expect(m.test(probe)).toBe(tokens.includes(probe));
        for (const t of tokens) {
          expect(m.test(t)).toBe(true);
          expect(m.test(`x${t}`)).toBe(tokens.includes(`x${t}`));
        }
      }),
    );
  });
});
