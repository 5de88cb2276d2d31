import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { unifiedDiff } from '../../../src/cli/write/line-diff.ts';
import { runCliInProcess } from '../../helpers/cli.ts';
import { tempDir } from '../../helpers/temp-dir.ts';

const DEV_NULL = '/dev/null';

/** What GNU `diff -u` prints for the same change, with the labels unifiedDiff gives the two sides. */
function diffU(before: string | undefined, after: string | undefined): string {
  const dir = tempDir('line-diff');
  const [a, b] = [join(dir, 'a'), join(dir, 'b')];
  writeFileSync(a, before ?? '');
  writeFileSync(b, after ?? '');
  const labels = [
    '--label',
    before === undefined ? DEV_NULL : 'f',
    '--label',
    after === undefined ? DEV_NULL : 'f',
  ];
  try {
    return execFileSync('diff', ['-u', ...labels, a, b], { encoding: 'utf8' });
  } catch (error) {
    // diff exits 1 when the files differ: its output is the answer.
    return String((error as { stdout?: string }).stdout);
  }
}

const lines = (n: number, from = 1): string =>
  Array.from({ length: n }, (_, i) => `line ${i + from}\n`).join('');

describe('unifiedDiff: hunk headers as diff -u and git write them', () => {
  const cases: [string, string | undefined, string | undefined][] = [
    ['a new file', undefined, lines(3)],
    ['a new file of one line', undefined, lines(1)],
    ['an empty file filled', '', lines(3)],
    ['a deleted file', lines(4), undefined],
    ['a file emptied', lines(2), ''],
    ['one line changed', lines(1), 'other\n'],
    ['a line added in the middle', lines(10), `${lines(5)}new\n${lines(5, 6)}`],
    ['two hunks', lines(20), `changed\n${lines(18, 2)}changed too\n`],
  ];
  for (const [what, before, after] of cases)
    it(`${what}: the same text as GNU diff -u`, () => {
      expect(unifiedDiff('f', before, after)).toBe(diffU(before, after));
    });

  it('names a new file and a deleted one /dev/null, with an empty range at line 0', () => {
    expect(unifiedDiff('f', undefined, lines(2))).toBe(
      '--- /dev/null\n+++ f\n@@ -0,0 +1,2 @@\n+line 1\n+line 2\n',
    );
    expect(unifiedDiff('f', lines(2), undefined)).toBe(
      '--- f\n+++ /dev/null\n@@ -1,2 +0,0 @@\n-line 1\n-line 2\n',
    );
  });
});

describe('the diffs the writing commands print', () => {
  it('bridge install prints a new file from -0,0; bridge uninstall deleting it prints +0,0 and /dev/null', async () => {
    const project = tempDir('line-diff-bridge');
    const args = ['--host', 'copilot-cli', '--cwd', project];
    const install = await runCliInProcess(['bridge', 'install', ...args]);
    expect(install.code).toBe(0);
    const file = join(project, '.github/hooks/agent-hooks.json');
    const count = readFileSync(file, 'utf8').split('\n').length - 1;
    expect(install.stdout).toContain(`--- /dev/null\n+++ ${file}\n@@ -0,0 +1,${count} @@\n`);
    const uninstall = await runCliInProcess(['bridge', 'uninstall', ...args]);
    expect(uninstall.code).toBe(0);
    expect(uninstall.stdout).toContain(`--- ${file}\n+++ /dev/null\n@@ -1,${count} +0,0 @@\n`);
  });
});
