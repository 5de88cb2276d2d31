// Issue 13, item 10 (part): output over the cap was spilled to a predictable
// $TMPDIR/agent-hooks/<session>/ (0755 folder, 0644 files), and a folder another user created
// first was used as is. Spills now go to a 0700 folder of this user, files 0600, and a folder of
// the wrong mode or owner is refused (claude-code-hooks.md §3.2: the spill itself is the host's).
import { execFile } from 'node:child_process';
import { chmodSync, chownSync, mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createContextCapper } from '../../src/engine/aggregate/context-cap.ts';
import { SpillStore } from '../../src/engine/aggregate/spill-store.ts';
import { FIXTURES_DIR } from '../helpers/engine.ts';
import { tempDir } from '../helpers/temp-dir.ts';

const CAP_CHARS = 100;
const BIG = 'x'.repeat(CAP_CHARS * 3);
const ROOT_NAME = `agent-hooks-${process.getuid?.() ?? 'user'}`;
/** The user nobody: an owner that is not us, available when the test runs as root. */
const NOBODY_UID = 65_534;

function spilledFile(preview: string): string {
  const path = /the full text is in (.+)\]$/.exec(preview)?.[1];
  if (!path) throw new Error(`no spill path in: ${preview.slice(-200)}`);
  return path;
}

describe('item 10: spilled output is private', () => {
  it('goes to a 0700 folder of this user, in a 0600 file', () => {
    const base = tempDir('spill');
    const preview = createContextCapper(CAP_CHARS, 'session-1', new SpillStore(base))(BIG);
    const file = spilledFile(preview);
    expect(readFileSync(file, 'utf8')).toBe(BIG);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(join(base, ROOT_NAME)).mode & 0o777).toBe(0o700);
    expect(statSync(join(base, ROOT_NAME, 'session-1')).mode & 0o777).toBe(0o700);
  });

  it('refuses a folder pre-created open to others, and keeps only the preview', () => {
    const base = tempDir('spill-open');
    mkdirSync(join(base, ROOT_NAME), { mode: 0o777 });
    chmodSync(join(base, ROOT_NAME), 0o777);
    const preview = createContextCapper(CAP_CHARS, 'session-1', new SpillStore(base))(BIG);
    expect(preview).toContain('the full text was not kept');
    expect(preview).toContain('needs 700');
    expect(preview.startsWith(BIG.slice(0, CAP_CHARS))).toBe(true);
  });

  it.skipIf(process.getuid?.() !== 0)('refuses a folder pre-created by another user', () => {
    const base = tempDir('spill-owner');
    mkdirSync(join(base, ROOT_NAME), { mode: 0o700 });
    chownSync(join(base, ROOT_NAME), NOBODY_UID, NOBODY_UID);
    const preview = createContextCapper(CAP_CHARS, 'session-1', new SpillStore(base))(BIG);
    expect(preview).toContain(`belongs to user ${NOBODY_UID}`);
    expect(preview).not.toContain('the full text is in');
  });
});

/** Below the spill (20,000 characters): the file cannot be written, as on a full disk. */
const FILE_SIZE_LIMIT_KIB = 4;

/** Runs the spill-fails host under `ulimit -f`; resolves its JSON line. */
function runUnderFileSizeLimit(spillDir: string): Promise<Record<string, unknown>> {
  const host = `exec "${process.execPath}" command/spill-fails.mjs "${spillDir}"`;
  const script = `ulimit -f ${FILE_SIZE_LIMIT_KIB} && ${host}`;
  return new Promise((resolve, reject) => {
    execFile('bash', ['-c', script], { cwd: FIXTURES_DIR }, (error, stdout, stderr) =>
      error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(JSON.parse(stdout)),
    );
  });
}

// A spill that fails to write (full disk, file size limit) used to throw out of the dispatch, so
// the deny of the hook whose long reason was being spilled was lost with it.
describe('a spill that cannot be written', () => {
  it('keeps the deny, gives the model the preview and the reason, and says so in a diagnostic', async () => {
    const base = tempDir('spill-efbig');
    const result = await runUnderFileSizeLimit(base);
    expect(result.decision).toBe('deny');
    expect(result.codes).toContain('ENGINE_SPILL_REFUSED');
    expect(result.reasonTail).toContain('the full text was not kept');
    expect(readdirSync(join(base, ROOT_NAME, 'spill-fails'))).toEqual([]);
  });

  it('a refused folder is a coded diagnostic too, not only a line in the preview', async () => {
    const base = tempDir('spill-open-diag');
    mkdirSync(join(base, ROOT_NAME), { mode: 0o777 });
    chmodSync(join(base, ROOT_NAME), 0o777);
    const refusals: string[] = [];
    createContextCapper(CAP_CHARS, 'session-1', new SpillStore(base), (r) => refusals.push(r))(BIG);
    expect(refusals).toEqual([expect.stringContaining('needs 700')]);
  });
});
