import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

/**
 * Signals a hook's whole process tree. On POSIX every hook is spawned `detached`, so it leads
 * its own process group (pgid = pid) and `kill(-pid)` reaches grandchildren too
 * (dependencies.md §2(a)); descendants that left the group (`setsid`, a new group) are found by
 * walking the process tree, as Claude Code does (claude-code-observed.md), and signalled one by
 * one. On Windows there are no groups: `taskkill /T /F` walks the tree.
 */
export function killProcessTree(
  pid: number,
  signal: NodeJS.Signals,
  platform: NodeJS.Platform,
  known: Iterable<number> = [],
): void {
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
  signalQuietly(-pid, signal);
  for (const member of known) signalQuietly(member, signal);
}

/** True while any process of the group led by `pid` is alive (POSIX); Windows: the pid itself. */
export function isProcessTreeAlive(pid: number, platform: NodeJS.Platform): boolean {
  // After every hook the answer is usually "no", which `process.kill` gives as an ESRCH exception;
  // its stack trace was most of what the check cost (about 4 of 6 µs), and nobody reads it.
  const stackLimit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    process.kill(platform === 'win32' ? pid : -pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  } finally {
    Error.stackTraceLimit = stackLimit;
  }
}

/**
 * Like `isProcessTreeAlive`, but a group of zombies only is dead: in a container whose PID 1 never
 * reaps orphans, the zombies of a hook's finished background children linger in its group.
 */
export function isGroupRunning(pid: number, platform: NodeJS.Platform): boolean {
  if (!isProcessTreeAlive(pid, platform)) return false;
  if (platform !== 'linux') return true;
  return processTable().some((row) => row.pgrp === pid);
}

/**
 * Every process of a hook's tree right now (Linux, from /proc): the members of its group and
 * every descendant of those, whatever group or session they moved to. A process whose parent
 * already exited was handed to init and cannot be found (a double-forked daemon). Elsewhere: none.
 */
export function processTreePids(pid: number, platform: NodeJS.Platform): number[] {
  if (platform !== 'linux') return [];
  const table = processTable();
  const found = new Set<number>();
  const frontier = [pid];
  for (const row of table) if (row.pgrp === pid && row.pid !== pid) frontier.push(row.pid);
  for (const seed of frontier) found.add(seed);
  while (frontier.length > 0) {
    const parent = frontier.pop() as number;
    for (const row of table) {
      if (row.ppid === parent && !found.has(row.pid)) {
        found.add(row.pid);
        frontier.push(row.pid);
      }
    }
  }
  found.delete(pid);
  return [...found];
}

/** Whether any of `pids` is still running (a zombie does not count). */
export function anyAlive(pids: Iterable<number>): boolean {
  for (const pid of pids) {
    try {
      process.kill(pid, 0);
      if (!readFileSync(`/proc/${pid}/stat`, 'utf8').includes(') Z ')) return true;
    } catch {
      // gone
    }
  }
  return false;
}

interface ProcessRow {
  pid: number;
  ppid: number;
  pgrp: number;
}

function processTable(): ProcessRow[] {
  const rows: ProcessRow[] = [];
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return rows;
  }
  for (const entry of entries) {
    if (entry.charCodeAt(0) > 0x39) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // Fields after the command name, which may itself hold spaces and parentheses.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (fields[0] === 'Z') continue;
      rows.push({ pid: Number(entry), ppid: Number(fields[1]), pgrp: Number(fields[2]) });
    } catch {
      // The process ended while we looked.
    }
  }
  return rows;
}

function signalQuietly(target: number, signal: NodeJS.Signals): void {
  try {
    process.kill(target, signal);
  } catch {
    // ESRCH: already gone. EPERM cannot happen for our own children.
  }
}
