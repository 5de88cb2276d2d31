import { spawn } from 'node:child_process';

/**
 * Signals a hook's whole process tree. On POSIX every hook is spawned `detached`, so it leads
 * its own process group (pgid = pid) and `kill(-pid)` reaches grandchildren too
 * (dependencies.md §2(a)). On Windows there are no groups: `taskkill /T /F` walks the tree.
 */
export function killProcessTree(pid: number, signal: NodeJS.Signals, platform: NodeJS.Platform): void {
  if (platform === 'win32') {
    // taskkill has no graceful mode for console programs, so both rungs of the ladder force-kill.
    const killer = spawn('taskkill', ['/pid', String(pid), '/T', '/F'], {
      stdio: 'ignore',
      windowsHide: true,
    });
    killer.on('error', () => {});
    killer.unref();
    return;
  }
  try {
    process.kill(-pid, signal);
  } catch {
    // ESRCH: the group is already gone. EPERM cannot happen for our own children.
  }
}

/** True while any process of the group led by `pid` is alive (POSIX); Windows: the pid itself. */
export function isProcessTreeAlive(pid: number, platform: NodeJS.Platform): boolean {
  try {
    process.kill(platform === 'win32' ? pid : -pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
