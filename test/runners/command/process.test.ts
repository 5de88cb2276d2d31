import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { liveProcessCount } from '../../../src/runners/command/live-processes.ts';
import { type ProcessOptions, runProcess } from '../../../src/runners/command/process.ts';
import type { RunnerResult } from '../../../src/runners/types.ts';
import { until } from '../../helpers/poll.ts';
import { isAlive } from '../../helpers/process.ts';
import { tempDir } from '../../helpers/temp-dir.ts';
import { fixture } from './helpers.ts';

const scratch = tempDir('process');

function sh(command: string, extra: Partial<ProcessOptions> = {}): Promise<RunnerResult> {
  return runProcess({
    file: '/bin/sh',
    args: ['-c', command],
    shell: 'sh',
    cwd: scratch,
    env: process.env,
    input: '{"hello":"wörld"}\n',
    timeoutMs: 15_000,
    ...extra,
  });
}

function readPid(path: string): number | undefined {
  try {
    const pid = Number(readFileSync(path, 'utf8').trim());
    return pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

describe('runProcess', () => {
  it('passes stdin and reports stdout, stderr and the exit code', async () => {
    const r = await sh('cat; echo err >&2; exit 2');
    expect(r).toMatchObject({ exitCode: 2, signal: null, stdout: '{"hello":"wörld"}\n', stderr: 'err\n' });
    expect(r.timedOut).toBe(false);
    expect(r.spawnError).toBeUndefined();
  });

  it('gives stdin that /dev/stdin can open (cat and python), as jq . < /dev/stdin needs', async () => {
    const r = await sh(
      `cat /dev/stdin; python3 -c "import sys; sys.stdout.write(open('/dev/stdin').read())"`,
    );
    expect(r.stdout).toBe('{"hello":"wörld"}\n{"hello":"wörld"}\n');
    expect(r.exitCode).toBe(0);
  });

  it('gives each hook its own stdin, and no other stdin file of the host (Linux)', async () => {
    if (process.platform !== 'linux') return;
    const listFds = 'cat; for f in /proc/$$/fd/*; do echo "$(basename "$f") $(readlink "$f")"; done';
    // Back to back, with different inputs: the second may start on a file made while the first ran.
    const first = await sh(listFds, { input: 'one\n' });
    const second = await sh(listFds, { input: 'two\n' });
    for (const [r, input] of [
      [first, 'one'],
      [second, 'two'],
    ] as const) {
      const [echoed, ...fds] = r.stdout.trim().split('\n');
      expect(echoed).toBe(input);
      // Exactly one of the host's stdin files is open in the hook: its own, as descriptor 0.
      const stdinFiles = fds.filter((line) => /agent-hooks-.*stdin-/.test(line));
      expect(stdinFiles.map((line) => line.split(' ')[0])).toEqual(['0']);
    }
  });

  it('never crashes or stalls on 8 MB of stdin to a hook that never reads it', async () => {
    const input = Buffer.alloc(8 * 1024 * 1024, 'x');
    const r = await runProcess({
      file: fixture('never-reads.sh'),
      args: [],
      cwd: scratch,
      env: process.env,
      input,
      timeoutMs: 15_000,
    });
    expect(r.exitCode).toBe(3);
    const echoed = await sh('wc -c', { input });
    expect(echoed.stdout.trim()).toBe(String(input.length));
  });

  it('decodes a multi-byte character written in two pieces', async () => {
    const r = await runProcess({
      file: fixture('split-utf8.sh'),
      args: [],
      cwd: scratch,
      env: process.env,
      input: '',
      timeoutMs: 15_000,
    });
    expect(r.stdout).toBe('€\n');
  });

  it('caps 100 MB of output while streaming, with bounded memory', async () => {
    const cap = 1024 * 1024;
    let peak = 0;
    const baseline = process.memoryUsage().rss;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss - baseline);
    }, 5);
    const r = await sh('head -c 104857600 /dev/zero | tr "\\0" "a"; echo done >&2', { maxOutputBytes: cap });
    clearInterval(sampler);
    expect(r.exitCode).toBe(0);
    expect(r.stdout.length).toBe(cap);
    expect(r.stdoutTruncated).toBe(true);
    expect(r.stderr).toBe('done\n');
    expect(r.stderrTruncated).toBeUndefined();
    expect(peak).toBeLessThan(64 * 1024 * 1024);
  });

  it('kills the whole group on timeout, grandchildren that ignore SIGTERM included', async () => {
    const pidFile = join(scratch, 'grandchild.pid');
    const r = await runProcess({
      file: fixture('grandchild-ignores-term.sh'),
      args: [pidFile],
      cwd: scratch,
      env: process.env,
      input: '',
      timeoutMs: 500,
      killGraceMs: 300,
    });
    expect(r.timedOut).toBe(true);
    expect(r.cancelled).toBe(false);
    expect(r.signal).toBe('SIGTERM');
    const grandchild = readPid(pidFile);
    expect(grandchild).toBeGreaterThan(0);
    await until(() => !isAlive(grandchild as number), 'the grandchild to be killed');
    await until(() => liveProcessCount() === 0, 'no live hook process');
  });

  it('returns promptly when a background child keeps the pipes open', async () => {
    const pidFile = join(scratch, 'background.pid');
    const started = Date.now();
    const r = await runProcess({
      file: fixture('background-holder.sh'),
      args: [pidFile],
      cwd: scratch,
      env: process.env,
      input: '',
      timeoutMs: 15_000,
    });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(r).toMatchObject({ exitCode: 0, stdout: '{"ok":true}\n', timedOut: false });
    const background = readPid(pidFile) as number;
    expect(isAlive(background)).toBe(true);
    process.kill(background, 'SIGKILL');
  });

  it('cancels through an AbortSignal and kills the group', async () => {
    const controller = new AbortController();
    const pidFile = join(scratch, 'abort.pid');
    const pending = runProcess({
      file: fixture('grandchild-ignores-term.sh'),
      args: [pidFile],
      cwd: scratch,
      env: process.env,
      input: '',
      timeoutMs: 15_000,
      signal: controller.signal,
      killGraceMs: 300,
    });
    await until(() => readPid(pidFile) !== undefined, 'the hook to write its pid');
    controller.abort();
    const r = await pending;
    expect(r).toMatchObject({ cancelled: true, timedOut: false });
    await until(() => !isAlive(readPid(pidFile) as number), 'the cancelled hook to be gone');
  });

  it('does not start anything when the signal is already aborted', async () => {
    const r = await sh('echo started', { signal: AbortSignal.abort() });
    expect(r).toMatchObject({ cancelled: true, stdout: '', exitCode: null });
    expect(r.pid).toBeUndefined();
  });

  it('separates progress lines when asked', async () => {
    const seen: string[] = [];
    const r = await runProcess({
      file: fixture('progress.sh'),
      args: [],
      cwd: scratch,
      env: process.env,
      input: '',
      timeoutMs: 15_000,
      progressLines: true,
      onProgress: (m) => seen.push(m),
    });
    expect(r.stdout).toBe('plain line\n{"decision":"allow"}');
    expect(r.progress).toEqual(['scanning', 'almost done']);
    expect(seen).toEqual(['scanning', 'almost done']);
  });

  it('reports a signal death as signal, not as an exit code', async () => {
    const r = await sh('kill -9 $$');
    expect(r).toMatchObject({ exitCode: null, signal: 'SIGKILL', timedOut: false });
  });
});
