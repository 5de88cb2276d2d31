// docs/host-differences.md rows each name the test that checks the engine's side; this keeps
// those names true (a renamed or deleted test fails here).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { HOST_AGREEMENTS, HOST_DIFFERENCES, HOST_REFUSALS } from '../../spec/host-differences.ts';

const ROOT = new URL('../../', import.meta.url);

describe('host differences (docs/host-differences.md)', () => {
  it.each(
    [...HOST_DIFFERENCES, ...HOST_AGREEMENTS, ...HOST_REFUSALS].map((row) => [row.topic, row.test] as const),
  )('%s: %s exists', (_topic, test) => {
    const [file, name] = test.split(' › ') as [string, string];
    const text = readFileSync(new URL(file, ROOT), 'utf8');
    const titles = [...text.matchAll(/\bit(?:\.each\([^)]*\))?\(\s*(['"`])(.*?)\1/g)].map(
      (match) => match[2],
    );
    expect(titles.some((title) => title?.includes(name))).toBe(true);
  });
});
