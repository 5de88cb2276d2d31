// docs/security.md promises guarantees and limits, each backed by a named test. This keeps the
// page true: every row must name a test file that exists and a test title that file declares.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../helpers/paths.ts';

const DOC = readFileSync(join(REPO_ROOT, 'docs/security.md'), 'utf8');
/** A table cell naming a test: `test/…/x.test.ts` › title of the test. */
const TEST_REFERENCE = /`(test\/[^`]+\.test\.ts)` › ([^|]+?)\s*\|/g;

const references = [...DOC.matchAll(TEST_REFERENCE)].map((m) => ({
  file: m[1] as string,
  title: (m[2] as string).trim(),
}));
const tableRows = DOC.split('\n').filter((line) => /^\| (?!---|guarantee |limit )/.test(line));

describe('docs/security.md', () => {
  it('names a test in every guarantee and limit row', () => {
    expect(tableRows.length).toBeGreaterThan(0);
    for (const row of tableRows) expect(row, row).toMatch(/`test\/[^`]+\.test\.ts` › /);
  });

  it.each(references.map((r) => [`${r.file} › ${r.title}`, r]))('%s exists', (_, ref) => {
    const path = join(REPO_ROOT, ref.file);
    expect(existsSync(path), `${ref.file} is missing`).toBe(true);
    const source = readFileSync(path, 'utf8');
    const declared = [`'${ref.title}'`, `"${ref.title}"`, `\`${ref.title}\``].some((quoted) =>
      source.includes(quoted),
    );
    expect(declared, `${ref.file} declares no test titled "${ref.title}"`).toBe(true);
  });
});
