import { spawn, spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statfsSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { until } from '../../helpers/poll.ts';
import { isAlive } from '../../helpers/process.ts';
import { tempDir } from '../../helpers/temp-dir.ts';
import { fixture } from './helpers.ts';

const dir = tempDir('host-exit');
/** `statfs` type of tmpfs. */
const TMPFS_MAGIC = 0x01021994;

/** Starts a host that runs one hook, then ends it with `how`; resolves with how the host ended. */
function runHost(how: 'SIGINT' | 'SIGTERM' | 'SIGHUP' | 'SIGQUIT' | 'exit', pidFile: string, tmp: string) {
  const host = spawn(process.execPath, [fixture('host-runs-hook.mjs'), pidFile, how], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, TMPDIR: tmp },
  });
  host.stdout.on('data', (chunk: Buffer) => {
    if (chunk.toString().includes('ready') && how !== 'exit') host.kill(how);
  });
  return new Promise<{ code: number | null; signal: string | null }>((resolve) =>
    host.on('exit', (code, signal) => resolve({ code, signal })),
  );
}

describe('live hook processes are killed when the host goes (dependencies.md §2(a) step 6)', () => {
  it.each(['SIGTERM', 'SIGINT', 'SIGHUP', 'SIGQUIT', 'exit'] as const)(
    'host %s kills the hook group',
    async (how) => {
      const pidFile = join(dir, `${how}.pid`);
      const tmp = mkdtempSync(join(dir, 'tmp-'));
      const ended = await runHost(how, pidFile, tmp);
      // The host keeps the default signal behaviour: it still dies of the signal it received.
      expect(ended).toEqual(how === 'exit' ? { code: 0, signal: null } : { code: null, signal: how });
      const grandchild = Number(readFileSync(pidFile, 'utf8'));
      expect(grandchild).toBeGreaterThan(0);
      await until(() => !isAlive(grandchild), `the hook's grandchild ${grandchild} to be gone`);
      // The host's private temp directory (stdin files) is gone too.
      expect(readdirSync(tmp).filter((name) => name.startsWith('agent-hooks-'))).toEqual([]);
    },
  );
});

describe('a host that handles the signal itself (as serve does)', () => {
  it('keeps its running hook: the hook finishes and its answer is read', async () => {
    const started = join(dir, 'drain-started');
    const go = join(dir, 'drain-go');
    const host = spawn(process.execPath, [fixture('host-drains-on-signal.mjs'), started, go], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let said = '';
    host.stdout.on('data', (chunk: Buffer) => {
      said += chunk.toString();
    });
    const ended = new Promise<number | null>((resolve) => host.on('exit', (code) => resolve(code)));
    await until(() => existsSync(started), 'the hook to start');
    host.kill('SIGTERM');
    await until(() => said.includes('draining'), 'the host to handle SIGTERM');
    // Only now may the hook finish: killed at the signal, it would never print this.
    writeFileSync(go, '');
    expect(await ended).toBe(0);
    expect(JSON.parse(said.split('\n')[1]!)).toEqual({ exitCode: 0, stdout: 'finished\n' });
  });
});

describe('a background child the hook left behind', () => {
  it("is killed when the host exits in the same turn the hook's result arrives in", async () => {
    const pidFile = join(dir, 'left-behind.pid');
    const host = spawn(process.execPath, [fixture('host-exits-on-result.mjs'), pidFile], {
      stdio: 'inherit',
    });
    const code = await new Promise<number | null>((resolve) =>
      host.on('exit', (exitCode) => resolve(exitCode)),
    );
    expect(code).toBe(0);
    const child = Number(readFileSync(pidFile, 'utf8'));
    expect(child).toBeGreaterThan(0);
    await until(() => !isAlive(child), `the hook's background child ${child} to be gone`);
  });
});

/** Starts a host that runs one quick hook to its end, then sends it SIGTERM once it says what it saw. */
async function runHostAfterHook(env: NodeJS.ProcessEnv) {
  const host = spawn(process.execPath, [fixture('host-after-hook.mjs')], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env,
  });
  let said = '';
  host.stdout.on('data', (chunk: Buffer) => {
    said += chunk.toString();
    if (said.includes('\n')) host.kill('SIGTERM');
  });
  const ended = await new Promise<{ code: number | null; signal: string | null }>((resolve) =>
    host.on('exit', (code, signal) => resolve({ code, signal })),
  );
  return { ended, saw: JSON.parse(said) as { exitCode: number; listeners: number; stdinPath: string } };
}

describe('between hooks the host keeps its signal listeners, and its default signal behaviour', () => {
  it('a host whose hook just ended still has them, and still dies of SIGTERM', async () => {
    const { ended, saw } = await runHostAfterHook(process.env);
    // The hook exited 0 and the runner's listener is still installed for the next hook.
    expect(saw).toMatchObject({ exitCode: 0, listeners: 1 });
    expect(ended).toEqual({ code: null, signal: 'SIGTERM' });
  });
});

describe.runIf(process.platform === 'linux')('stdin files in memory (Linux)', () => {
  it('without TMPDIR, a hook on a disk /tmp reads its input from /dev/shm, removed when the host dies', async () => {
    const { TMPDIR: _, ...env } = process.env;
    const { ended, saw } = await runHostAfterHook(env);
    expect(ended).toEqual({ code: null, signal: 'SIGTERM' });
    const onDisk = statfsSync(tmpdir()).type !== TMPFS_MAGIC;
    const base = onDisk && statfsSync('/dev/shm').type === TMPFS_MAGIC ? '/dev/shm' : tmpdir();
    expect(dirname(dirname(saw.stdinPath))).toBe(base);
    expect(basename(dirname(saw.stdinPath))).toMatch(/^agent-hooks-/);
    expect(existsSync(dirname(saw.stdinPath))).toBe(false);
  });

  const memoryUsed =
    process.platform === 'linux' &&
    statfsSync('/tmp').type !== TMPFS_MAGIC &&
    statfsSync('/dev/shm').type === TMPFS_MAGIC;
  it.runIf(memoryUsed)(
    'a host that makes its /dev/shm folder removes the day-old folders of dead hosts',
    async () => {
      const { TMPDIR: _, ...env } = process.env;
      const dead = Number(String(spawnSync('/bin/sh', ['-c', 'echo $$']).stdout).trim());
      const stale = join('/dev/shm', `agent-hooks-${dead}-test${process.pid}`);
      mkdirSync(stale);
      const twoDaysAgo = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000);
      utimesSync(stale, twoDaysAgo, twoDaysAgo);
      try {
        await runHostAfterHook(env);
        expect(existsSync(stale)).toBe(false);
      } finally {
        rmSync(stale, { recursive: true, force: true });
      }
    },
  );

  it('with TMPDIR set, the input file lives there', async () => {
    const tmp = mkdtempSync(join(dir, 'tmp-'));
    const { saw } = await runHostAfterHook({ ...process.env, TMPDIR: tmp });
    expect(dirname(dirname(saw.stdinPath))).toBe(tmp);
    expect(readdirSync(tmp)).toEqual([]);
  });
});
