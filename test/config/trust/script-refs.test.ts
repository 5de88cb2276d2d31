import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { findScriptRefs, splitWords } from '../../../src/config/trust/script-refs.ts';
import { tempDir, writeFile } from '../../helpers/temp-dir.ts';
import { commandHandler } from './fixtures.ts';

let project: string;
beforeAll(() => {
  project = tempDir('refs');
  writeFile(project, '.claude/hooks/guard.sh', '#!/bin/sh\nexit 0\n');
  writeFile(project, 'tools/check.py', 'print(1)\n');
  writeFile(project, 'bin/run', '#!/bin/sh\n');
  writeFile(project, 'lint.js', '');
});

function refs(command: string, args?: string[]): string[] {
  const handler = commandHandler(command, args === undefined ? {} : { args });
  return findScriptRefs(handler, project).map((ref) => ref.display);
}

describe('splitWords', () => {
  it('groups quotes and splits on shell operators', () => {
    expect(splitWords(`a "b c" 'd e'&&f|g;h<i`)).toEqual(['a', 'b c', 'd e', 'f', 'g', 'h', 'i']);
    expect(splitWords('"$X"/y.sh')).toEqual(['$X/y.sh']);
  });
});

describe('findScriptRefs (claude-code-hooks.md §6.5 $CLAUDE_PROJECT_DIR)', () => {
  it.each([
    ['$CLAUDE_PROJECT_DIR/.claude/hooks/guard.sh', ['.claude/hooks/guard.sh']],
    ['"$CLAUDE_PROJECT_DIR"/.claude/hooks/guard.sh --strict', ['.claude/hooks/guard.sh']],
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a shell variable, not a template
    ['"${CLAUDE_PROJECT_DIR}/.claude/hooks/guard.sh"', ['.claude/hooks/guard.sh']],
    ['./bin/run && echo ok', ['bin/run']],
    ['.claude/hooks/guard.sh', ['.claude/hooks/guard.sh']],
    ['bash .claude/hooks/guard.sh', ['.claude/hooks/guard.sh']],
    ['python3 tools/check.py | jq .', ['tools/check.py']],
    ['node lint.js', ['lint.js']],
    ['jq -r .tool_input.command | grep -q rm', []],
    ['sed s/a/b/ /etc/passwd', []],
  ])('%s', (command, expected) => {
    expect(refs(command)).toEqual(expected);
  });

  it('records a missing script written as a path so that creating it later is noticed', () => {
    expect(refs('./missing.sh')).toEqual(['missing.sh']);
    expect(refs('tools/missing-no-ext')).toEqual([]);
  });

  it('reads exec form (command + args) word by word', () => {
    expect(refs('python3', ['tools/check.py', '--x'])).toEqual(['tools/check.py']);
    expect(refs(join(project, 'bin/run'), [])).toEqual(['bin/run']);
  });

  it('ignores files outside the project', () => {
    const outside = tempDir('outside');
    writeFile(outside, 'x.sh', '');
    expect(refs(`${outside}/x.sh`)).toEqual([]);
    expect(refs('../x.sh')).toEqual([]);
  });

  it('resolves relative paths against the handler cwd', () => {
    const handler = commandHandler('./check.py');
    handler.spec.cwd = 'tools';
    expect(findScriptRefs(handler, project).map((r) => r.display)).toEqual(['tools/check.py']);
  });
});
