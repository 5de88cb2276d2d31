// A script a project hook runs that became a symbolic link to nothing: the trust fingerprint's
// reader names it as every other reader does (read-regular-file.ts, DanglingLinkError), with
// CONFIG_FILE_UNREADABLE, and such a fingerprint is never trusted, even when it hashes as the
// approval did (a script missing when approved reads as missing through a link to nothing).
import { mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readRegularFileSync } from '../../../src/config/read-regular-file.ts';
import { createHookEngine } from '../../../src/index.ts';
import { runCliInProcess } from '../../helpers/cli.ts';
import { fifo, releaseFifos } from '../../helpers/fifo.ts';
import { tempDir, writeFile } from '../../helpers/temp-dir.ts';

const SCRIPT = '.claude/hooks/guard.sh';
const TARGET = '../../vendor/guard.sh';
const SETTINGS = JSON.stringify({
  hooks: {
    PreToolUse: [
      { matcher: 'Bash', hooks: [{ type: 'command', command: `"$CLAUDE_PROJECT_DIR"/${SCRIPT}` }] },
    ],
  },
});
const BASH = { tool_name: 'Bash', tool_input: { command: 'ls' }, tool_use_id: 'toolu_1' };

/** The dangling-link wording of read-regular-file.ts, for `link`. */
function named(link: string): string {
  return `cannot read ${link}: it is a symbolic link to "${TARGET}", which does not exist, so it is not read`;
}

/** A project whose hook runs SCRIPT, not written yet, approved as it is; and its trust store. */
async function approvedWithoutScript(): Promise<{ dir: string; trustFile: string; link: string }> {
  const dir = tempDir('trust-dangling');
  writeFile(dir, '.claude/settings.json', SETTINGS);
  mkdirSync(join(dir, '.claude/hooks'));
  const trustFile = join(tempDir('trust-dangling-store'), 'trust.json');
  const trust = ['trust', '--cwd', dir, '--no-user', '--profile', 'claude-code', '--trust-file', trustFile];
  const approved = await runCliInProcess([...trust, '--yes']);
  expect(approved.code, approved.stderr).toBe(0);
  expect(approved.stdout).toContain(`${SCRIPT} (missing)`);
  return { dir, trustFile, link: join(dir, SCRIPT) };
}

function trustArgs(dir: string, trustFile: string): string[] {
  return ['trust', '--cwd', dir, '--no-user', '--profile', 'claude-code', '--trust-file', trustFile];
}

describe.skipIf(process.platform === 'win32')('trust: a hook script that is a link to nothing', () => {
  it('the synchronous reader names the link, as the asynchronous one does', () => {
    const dir = tempDir('trust-dangling');
    const link = join(dir, 'guard.sh');
    symlinkSync(TARGET, link);
    expect(() => readRegularFileSync(link)).toThrow(
      `it is a symbolic link to "${TARGET}", which does not exist, so it is not read`,
    );
  });

  it('trust names it with its code, is not trusted though the hashes match, and approves nothing', async () => {
    const { dir, trustFile, link } = await approvedWithoutScript();
    const store = readFileSync(trustFile, 'utf8');
    symlinkSync(TARGET, link);
    const again = await runCliInProcess([...trustArgs(dir, trustFile), '--yes']);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain(`agent-hooks trust: ${link}: ${named(link)} [CONFIG_FILE_UNREADABLE]`);
    expect(again.stdout).toContain(`${SCRIPT} (cannot be read)`);
    expect(again.stdout).toContain(`Status: unknown (a file the project hooks run could not be read)`);
    expect(again.stdout).toContain('nothing was approved');
    expect(readFileSync(trustFile, 'utf8')).toBe(store);
    const json = await runCliInProcess([...trustArgs(dir, trustFile), '--show', '--json']);
    const shown = JSON.parse(json.stdout) as { trusted: boolean; diagnostics: unknown[] };
    expect(shown.trusted).toBe(false);
    expect(shown.diagnostics).toContainEqual(
      expect.objectContaining({ code: 'CONFIG_FILE_UNREADABLE', file: link, message: named(link) }),
    );
  });

  it('list says why the project is not trusted, naming the link', async () => {
    const { dir, trustFile, link } = await approvedWithoutScript();
    symlinkSync(TARGET, link);
    const list = ['list', '--profile', 'claude-code', '--cwd', dir, '--no-user', '--json'];
    const run = await runCliInProcess([...list, '--trust-file', trustFile]);
    const json = JSON.parse(run.stdout) as { trust: { trusted: boolean; reason: string } };
    expect(json.trust.trusted).toBe(false);
    expect(json.trust.reason).toContain(named(link));
  });

  it('a running engine notices the link at the next dispatch and holds the hook back', async () => {
    const { dir, trustFile, link } = await approvedWithoutScript();
    const engine = await createHookEngine({ cwd: dir, noUser: true, untrusted: 'skip', trustFile });
    try {
      const before = await engine.dispatch('PreToolUse', BASH);
      expect(before.skipped).toEqual([]);
      symlinkSync(TARGET, link);
      const after = await engine.dispatch('PreToolUse', BASH);
      expect(after.hooks).toEqual([]);
      expect(after.skipped.map((s) => s.why)).toEqual([
        `untrusted project hook: a file the project hooks run cannot be read, so what they run is unknown: ${named(link)}`,
      ]);
    } finally {
      await engine.close();
    }
  });
});

describe.skipIf(process.platform === 'win32')('trust: a named pipe where a hook script should be', () => {
  afterEach(releaseFifos);

  it('is named with its code and never trusted, though nothing else changed since the approval', async () => {
    const { dir, trustFile, link } = await approvedWithoutScript();
    fifo(link);
    const again = await runCliInProcess([...trustArgs(dir, trustFile), '--yes']);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain(
      `agent-hooks trust: ${link}: cannot read ${link}: it is a named pipe (FIFO), not a regular file, so it is not read [CONFIG_FILE_UNREADABLE]`,
    );
    expect(again.stdout).toContain(`${SCRIPT} (cannot be read)`);
    expect(again.stdout).toContain('nothing was approved');
  });
});
