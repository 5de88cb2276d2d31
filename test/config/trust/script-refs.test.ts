// biome-ignore-all lint/suspicious/noTemplateCurlyInString: `${NAME}` here is shell syntax under test.
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
    expect(splitWords(`a "b c" 'd e'&&f|g;h`)).toEqual(['a', 'b c', 'd e', 'f', 'g', 'h']);
    expect(splitWords('"$X"/y.sh')).toEqual(['$X/y.sh']);
  });

  it('leaves out redirection targets and comments', () => {
    expect(splitWords('a >> log.txt 2>&1 b <in # c d')).toEqual(['a', 'b']);
    expect(splitWords('a > /dev/null; b')).toEqual(['a', 'b']);
  });
});

describe('findScriptRefs (claude-code-hooks.md §6.5 $CLAUDE_PROJECT_DIR)', () => {
  it.each([
    ['$CLAUDE_PROJECT_DIR/.claude/hooks/guard.sh', ['.claude/hooks/guard.sh']],
    ['"$CLAUDE_PROJECT_DIR"/.claude/hooks/guard.sh --strict', ['.claude/hooks/guard.sh']],
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
    expect(refs('tools/missing-no-ext')).toEqual(['tools/missing-no-ext']);
    expect(refs('cat tools/missing-no-ext')).toEqual([]);
  });

  it('reads exec form (command + args) word by word', () => {
    expect(refs('python3', ['tools/check.py', '--x'])).toEqual(['tools/check.py']);
    expect(refs(join(project, 'bin/run'), [])).toEqual(['bin/run']);
  });

  it('hashes files outside the project that run, not ones merely named, nor system programs', () => {
    const outside = tempDir('outside');
    writeFile(outside, 'x.sh', '');
    expect(refs(`${outside}/x.sh`)).toEqual([`${outside}/x.sh`]);
    expect(refs(`bash ${outside}/x.sh`)).toEqual([`${outside}/x.sh`]);
    expect(refs(`cat ${outside}/x.sh`)).toEqual([]);
    expect(refs('/usr/bin/env bash -c true')).toEqual([]);
    expect(refs('../x.sh')).toEqual([join(project, '../x.sh')]);
  });

  it('resolves relative paths against the handler cwd', () => {
    const handler = commandHandler('./check.py');
    handler.spec.cwd = 'tools';
    expect(findScriptRefs(handler, project).map((r) => r.display)).toEqual(['tools/check.py']);
  });
});

describe('findScriptRefs follows what the command line reaches (issue 13 item 8)', () => {
  let repo: string;
  let home: string;
  beforeAll(() => {
    repo = tempDir('reach');
    home = tempDir('reach-home');
    writeFile(repo, 'hookscript', 'source ./lib/common\n');
    writeFile(repo, 'lib/common', 'exit 0\n');
    writeFile(
      repo,
      '.claude/hooks/guard.sh',
      [
        '#!/bin/bash',
        'DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"',
        'source "$DIR/lib.sh"',
        '. "$CLAUDE_PROJECT_DIR/.claude/hooks/policy.sh" # the rules',
        '"$(dirname "$0")"/helper --check >> "$DIR/log.txt"',
        'echo done > .claude/hooks/out.txt',
      ].join('\n'),
    );
    writeFile(repo, '.claude/hooks/lib.sh', 'source "${BASH_SOURCE%/*}/deeper.sh"\n');
    writeFile(repo, '.claude/hooks/deeper.sh', 'true\n');
    writeFile(repo, '.claude/hooks/policy.sh', 'true\n');
    writeFile(repo, '.claude/hooks/helper', '#!/bin/sh\n');
    writeFile(repo, '.claude/hooks/log.txt', '');
    writeFile(repo, '.claude/hooks/out.txt', '');
    writeFile(
      repo,
      'package.json',
      JSON.stringify({ scripts: { guard: 'bash scripts/guard', preguard: 'node scripts/pre.js' } }),
    );
    writeFile(repo, 'scripts/guard', 'exit 0\n');
    writeFile(repo, 'scripts/pre.js', '');
    writeFile(home, 'hooks/personal.sh', 'true\n');
    writeFile(repo, 'plugin/x.sh', 'true\n');
  });

  function reach(command: string): string[] {
    return findScriptRefs(commandHandler(command), repo, { homeDir: home })
      .map((ref) => ref.display)
      .sort();
  }

  it.each([
    ['bash hookscript', ['hookscript', 'lib/common']],
    ['env FOO=1 timeout 5 sh -e hookscript', ['hookscript', 'lib/common']],
    ['sh -c "bash hookscript --fast"', ['hookscript', 'lib/common']],
    ["bash -ec 'exec ./scripts/guard'", ['scripts/guard']],
    ['python3 -O scripts/pre.js', ['scripts/pre.js']],
    ['python3 -m http.server', []],
    ['./scripts/guard >> .claude/hooks/log.txt 2>&1', ['scripts/guard']],
  ])('%s', (command, expected) => {
    expect(reach(command)).toEqual(expected);
  });

  it('follows the files a shell script sources or runs, found statically, not the files it writes', () => {
    expect(reach('"$CLAUDE_PROJECT_DIR"/.claude/hooks/guard.sh')).toEqual([
      '.claude/hooks/deeper.sh',
      '.claude/hooks/guard.sh',
      '.claude/hooks/helper',
      '.claude/hooks/lib.sh',
      '.claude/hooks/policy.sh',
    ]);
  });

  it('follows npm run X to its pre- and main script and the files they run', () => {
    expect(reach('npm run --silent guard')).toEqual([
      'package.json#scripts/guard',
      'scripts/guard',
      'scripts/pre.js',
    ]);
    expect(reach('npm test')).toEqual(['package.json#scripts/test']);
  });

  it("resolves ~ and $HOME, and a plugin hook's ${CLAUDE_PLUGIN_ROOT}", () => {
    expect(reach('~/hooks/personal.sh')).toEqual([join(home, 'hooks/personal.sh')]);
    expect(reach('bash "$HOME/hooks/personal.sh"')).toEqual([join(home, 'hooks/personal.sh')]);
    const handler = commandHandler('"${CLAUDE_PLUGIN_ROOT}"/x.sh');
    handler.source.pluginRoot = join(repo, 'plugin');
    expect(findScriptRefs(handler, repo).map((ref) => ref.display)).toEqual(['plugin/x.sh']);
  });
});
