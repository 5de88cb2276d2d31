import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hookDirPrefix, sweepStaleHookDirs } from '../../../src/runners/command/stale-temp-dirs.ts';
import { tempDir } from '../../helpers/temp-dir.ts';

/** The pid of a process that has already exited. */
function deadPid(): number {
  const child = spawnSync('/bin/sh', ['-c', 'echo $$']);
  return Number(String(child.stdout).trim());
}

describe('folders of hosts that died without cleaning up (SIGKILL)', () => {
  it('are removed when their host is gone and they are a day old; nothing else is touched', () => {
    const parent = tempDir('stale-dirs');
    const dead = deadPid();
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000);
    const make = (name: string, old: boolean, file = true) => {
      const path = join(parent, name);
      if (file) {
        mkdirSync(path);
        writeFileSync(join(path, 'env-1'), 'export A=1\n');
      } else writeFileSync(path, '');
      if (old) utimesSync(path, twoDaysAgo, twoDaysAgo);
    };
    make(`agent-hooks-${dead}-old`, true);
    make(`agent-hooks-${dead}-recent`, false);
    make(`agent-hooks-${process.ppid}-alive`, true);
    make(`agent-hooks-${process.pid}-mine`, true);
    make('agent-hooks-AbC123', true);
    make(`agent-hooks-${dead}-file`, true, false);
    make('other-folder', true);
    sweepStaleHookDirs(parent);
    expect(readdirSync(parent).sort()).toEqual(
      [
        `agent-hooks-${dead}-recent`,
        `agent-hooks-${process.ppid}-alive`,
        `agent-hooks-${process.pid}-mine`,
        'agent-hooks-AbC123',
        `agent-hooks-${dead}-file`,
        'other-folder',
      ].sort(),
    );
  });

  it('is where a host makes its folders: the name carries its pid', () => {
    expect(hookDirPrefix('/dev/shm')).toBe(`/dev/shm/agent-hooks-${process.pid}-`);
  });
});
