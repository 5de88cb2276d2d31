// Issue 13, item 10 (rest): spilled output was never deleted. Now a session's folder goes at its
// SessionEnd, the files a library engine wrote go at close(), and a folder nothing was spilled to
// for a day goes at the next engine start. A CLI run is one step of a host's session: the model
// reads the spill after the process exits, so its close() must keep the file.
import { execFile } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  readdirSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { STALE_SPILL_AGE_MS } from '../../src/engine/aggregate/spill-cleanup.ts';
import { builtBinPath } from '../helpers/cli.ts';
import { engineWithClaudeHooks, group } from '../helpers/engine.ts';
import { makeTree, tempDir } from '../helpers/temp-dir.ts';

const ROOT_NAME = `agent-hooks-${process.getuid?.() ?? 'user'}`;
/** Plain stdout on UserPromptSubmit is context; 20,000 characters is over the 10,000 cap. */
const BIG_OUTPUT = "head -c 20000 /dev/zero | tr '\\0' x";
const PROMPT = { prompt: 'hello' };

function spilledFile(context: string | undefined): string {
  const path = /the full text is in (.+)\]$/.exec(context ?? '')?.[1];
  if (!path) throw new Error(`no spill path in: ${(context ?? '').slice(-200)}`);
  return path;
}

async function spillOnce(spillDir: string, keepSpillsOnClose = false) {
  const engine = await engineWithClaudeHooks(
    { UserPromptSubmit: group(BIG_OUTPUT) },
    { spillDir, keepSpillsOnClose },
  );
  const result = await engine.dispatch('UserPromptSubmit', PROMPT);
  const file = spilledFile(result.additionalContext[0]);
  expect(existsSync(file)).toBe(true);
  return { engine, file };
}

describe('item 10: spilled output is deleted', () => {
  it('close() deletes the spills a library engine wrote, and their empty folder', async () => {
    const base = tempDir('spill-close');
    const { engine, file } = await spillOnce(base);
    await engine.close();
    expect(existsSync(file)).toBe(false);
    expect(readdirSync(join(base, ROOT_NAME))).toEqual([]);
  });

  it('close() keeps them with keepSpillsOnClose (one step of a longer host session)', async () => {
    const base = tempDir('spill-keep');
    const { engine, file } = await spillOnce(base, true);
    await engine.close();
    expect(existsSync(file)).toBe(true);
  });

  it("SessionEnd deletes the session's folder, even with no SessionEnd hook; other sessions stay", async () => {
    const base = tempDir('spill-end');
    const { engine, file } = await spillOnce(base, true);
    const other = join(base, ROOT_NAME, 'other-session');
    mkdirSync(other, { mode: 0o700 });
    writeFileSync(join(other, 'hook-output-1.txt'), 'kept');
    const result = await engine.dispatch('SessionEnd', { reason: 'other' });
    expect(result.diagnostics).toEqual([]);
    expect(existsSync(file)).toBe(false);
    expect(existsSync(join(base, ROOT_NAME, 'test-session'))).toBe(false);
    expect(existsSync(join(other, 'hook-output-1.txt'))).toBe(true);
    await engine.close();
  });

  it('SessionEnd leaves a session folder that is open to others alone and says so', async () => {
    const base = tempDir('spill-end-open');
    const folder = join(base, ROOT_NAME, 'test-session');
    mkdirSync(folder, { recursive: true, mode: 0o700 });
    chmodSync(folder, 0o755);
    writeFileSync(join(folder, 'planted.txt'), 'not ours to judge');
    const engine = await engineWithClaudeHooks({}, { spillDir: base });
    const result = await engine.dispatch('SessionEnd', { reason: 'other' });
    expect(result.diagnostics.map((d) => d.code)).toEqual(['ENGINE_SPILL_NOT_DELETED']);
    expect(result.diagnostics[0]?.message).toContain('needs 700');
    expect(existsSync(join(folder, 'planted.txt'))).toBe(true);
    await engine.close();
  });

  it('engine start removes folders idle for a day; recent ones, links and foreign folders stay', async () => {
    const base = tempDir('spill-stale');
    const root = join(base, ROOT_NAME);
    mkdirSync(root, { mode: 0o700 });
    const dayAndMore = (Date.now() - STALE_SPILL_AGE_MS - 60_000) / 1000;
    const folder = (name: string, mode: number, old: boolean) => {
      const dir = join(root, name);
      mkdirSync(dir, { mode });
      writeFileSync(join(dir, 'hook-output-1.txt'), name);
      if (old) utimesSync(dir, dayAndMore, dayAndMore);
      return dir;
    };
    const stale = folder('stale', 0o700, true);
    const recent = folder('recent', 0o700, false);
    const open = folder('open', 0o755, true);
    // A link to an old folder elsewhere: neither the link's target nor its files are touched.
    const outside = makeTree({ 'precious.txt': 'keep' }, 'spill-outside');
    utimesSync(outside, dayAndMore, dayAndMore);
    symlinkSync(outside, join(root, 'linked'));
    const engine = await engineWithClaudeHooks({}, { spillDir: base });
    expect(existsSync(stale)).toBe(false);
    expect(existsSync(join(recent, 'hook-output-1.txt'))).toBe(true);
    expect(existsSync(join(open, 'hook-output-1.txt'))).toBe(true);
    expect(existsSync(join(outside, 'precious.txt'))).toBe(true);
    expect(existsSync(join(root, 'linked'))).toBe(true);
    await engine.close();
  });

  it('the CLI keeps a spill after its run ends, and run SessionEnd deletes it', async () => {
    const base = tempDir('spill-cli');
    const project = makeTree({
      '.claude/settings.json': { hooks: { UserPromptSubmit: group(BIG_OUTPUT) } },
    });
    const run = (event: string, input: object) =>
      new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
        const child = execFile(
          process.execPath,
          [builtBinPath(), 'run', event, '--json', '--no-user', '--cwd', project, '--input', '-'],
          { env: { ...process.env, TMPDIR: base } },
          (error, stdout, stderr) =>
            resolve({ code: typeof error?.code === 'number' ? error.code : 0, stdout, stderr }),
        );
        child.stdin?.end(JSON.stringify({ session_id: 'cli-session', ...input }));
      });
    const prompt = await run('UserPromptSubmit', PROMPT);
    expect(prompt.code, prompt.stderr).toBe(0);
    const file = spilledFile(
      (JSON.parse(prompt.stdout) as { additionalContext: string[] }).additionalContext[0],
    );
    expect(file.startsWith(join(base, ROOT_NAME, 'cli-session'))).toBe(true);
    expect(existsSync(file)).toBe(true);
    const end = await run('SessionEnd', { reason: 'logout' });
    expect(end.code, end.stderr).toBe(0);
    expect(existsSync(join(base, ROOT_NAME, 'cli-session'))).toBe(false);
  });
});
