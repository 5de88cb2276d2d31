import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { splitShellCommand } from '../../src/match/shell-split.ts';

type Row = [ref: string, command: string, expected: string[] | 'unparsable'];

const rows: Row[] = [
  ['observed: simple command', 'git status', ['git status']],
  ['observed/§5.3: leading assignment stripped', 'FOO=1 git log -1', ['git log -1']],
  ['observed/§5.3: && compound', 'ls && git rev-parse HEAD', ['ls', 'git rev-parse HEAD']],
  [
    'observed/§5.3: $(…) inner command',
    'echo $(git rev-parse HEAD)',
    ['git rev-parse HEAD', 'echo $(git rev-parse HEAD)'],
  ],
  ['§5.3 || ; | &', 'a || b; c | d & e', ['a', 'b', 'c', 'd', 'e']],
  ['§5.3 newline separates', 'a\nb\r\nc', ['a', 'b', 'c']],
  ['§5.3 |& pipes stderr', 'make |& tee log', ['make', 'tee log']],
  ['§5.3 subshell', '(cd /x && make) && ls', ['cd /x', 'make', 'ls']],
  ['§5.3 backticks', 'echo `git rev-parse HEAD`', ['git rev-parse HEAD', 'echo `git rev-parse HEAD`']],
  ['§5.3 substitution inside double quotes', 'echo "$(git status)"', ['git status', 'echo "$(git status)"']],
  ['§5.3 nested substitution', 'a $(b $(c))', ['c', 'b $(c)', 'a $(b $(c))']],
  [
    '§5.3 process substitution',
    'diff <(git show a) <(git show b)',
    ['git show a', 'git show b', 'diff <(git show a) <(git show b)'],
  ],
  ['§5.3 several assignments, quoted values', 'A=1 B="x y" C=\'z\' git push', ['git push']],
  ['§5.3 assignment from a substitution', 'X=$(git rev-parse HEAD) make', ['git rev-parse HEAD', 'make']],
  ['§5.3 lone assignment is no command', 'FOO=1', []],
  ['quotes keep operators literal', `echo "a && b" 'c; d' e\\;f`, [`echo "a && b" 'c; d' e\\;f`]],
  ['single quotes keep $( literal', "echo '$(rm -rf /)'", ["echo '$(rm -rf /)'"]],
  ['redirections are not separators', 'ls 2>&1 >/dev/null &>out <&3', ['ls 2>&1 >/dev/null &>out <&3']],
  ['line continuation', 'git \\\n  push', ['git   push']],
  ['comments dropped', 'ls # && rm -rf /\necho hi', ['ls', 'echo hi']],
  ['# inside a word is not a comment', 'echo a#b', ['echo a#b']],
  ['arithmetic is not a command', 'echo $((1 + (2 * 3)))', ['echo $((1 + (2 * 3)))']],
  [
    'if/then/fi words stripped',
    'if git diff --quiet; then echo clean; else git stash; fi',
    ['git diff --quiet', 'echo clean', 'git stash'],
  ],
  ['while/do/done', 'while true; do git fetch; done', ['true', 'git fetch']],
  ['brace group', '{ git add .; git commit; }', ['git add .', 'git commit']],
  ['negation', '! git diff --quiet', ['git diff --quiet']],
  ['empty input', '   ', []],
  ['unbalanced double quote', 'echo "abc', 'unparsable'],
  ['unbalanced single quote', "echo 'abc", 'unparsable'],
  ['unbalanced paren', '(echo a', 'unparsable'],
  ['stray closing paren', 'echo a)', 'unparsable'],
  ['unbalanced $(', 'echo $(git status', 'unparsable'],
  ['unbalanced backtick', 'echo `pwd', 'unparsable'],
];

describe('splitShellCommand (claude-code-hooks.md §5.3)', () => {
  it.each(rows)('%s: %j', (_ref, command, expected) => {
    const result = splitShellCommand(command);
    if (expected === 'unparsable') expect(result).toEqual({ ok: false });
    else expect(result).toEqual({ ok: true, commands: expected });
  });

  it('PowerShell: backtick escapes, @( ) and $( ) subexpressions', () => {
    expect(splitShellCommand('Write-Output "a`"b"; Remove-Item x', { powershell: true })).toEqual({
      ok: true,
      commands: ['Write-Output "a`"b"', 'Remove-Item x'],
    });
    expect(splitShellCommand('echo @(Get-ChildItem)', { powershell: true })).toEqual({
      ok: true,
      commands: ['Get-ChildItem', 'echo @(Get-ChildItem)'],
    });
  });

  it('rejects absurd nesting instead of overflowing the stack', () => {
    expect(splitShellCommand(`${'$('.repeat(5000)}x${')'.repeat(5000)}`)).toEqual({ ok: false });
  });

  const shellish = fc.string({
    unit: fc.constantFrom(...'ab =$()`\'"\\;|&#\n{}!<>'.split('')),
    maxLength: 60,
  });

  it('property: never throws, returns trimmed non-empty commands', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), shellish), (command) => {
        const result = splitShellCommand(command);
        if (result.ok) for (const c of result.commands) expect(c).toBe(c.trim());
        if (result.ok) for (const c of result.commands) expect(c).not.toBe('');
      }),
      { numRuns: 2000 },
    );
  });

  it('property: simple commands joined by operators split back into the same commands', () => {
    const word = fc.stringMatching(/^[a-z][a-z0-9_./-]{0,8}$/);
    const simple = fc.array(word, { minLength: 1, maxLength: 4 }).map((w) => w.join(' '));
    const reserved = /^(if|then|else|elif|do|while|until|fi|done|esac)( |$)/;
    fc.assert(
      fc.property(
        fc.array(simple, { minLength: 1, maxLength: 5 }).filter((cs) => cs.every((c) => !reserved.test(c))),
        fc.constantFrom(' && ', ' || ', '; ', ' | ', ' & ', '\n'),
        (commands, op) => {
          expect(splitShellCommand(commands.join(op))).toEqual({ ok: true, commands });
        },
      ),
    );
  });
});
