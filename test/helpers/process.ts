import { readdirSync, readFileSync } from 'node:fs';

/** The state letter of a process in /proc/PID/stat (R, S, Z …), or undefined when it is gone. */
function processState(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
  } catch {
    return undefined;
  }
}

/** Alive and not a zombie: PID 1 in a container may never reap orphans, so a dead one can linger. */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  const state = processState(pid);
  return state !== undefined && state !== 'Z';
}

/** Open file descriptors of this process. */
export function openFdCount(): number {
  return readdirSync('/proc/self/fd').length;
}

/** Live (non-zombie) descendants of a process (this one by default), from /proc. */
export function descendantPids(root = process.pid): number[] {
  const parents = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (fields[0] === 'Z') continue;
      parents.set(Number(entry), Number(fields[1]));
    } catch {
      // the process ended while we looked
    }
  }
  const found: number[] = [];
  const frontier = [root];
  while (frontier.length > 0) {
    const parent = frontier.pop() as number;
    for (const [pid, ppid] of parents) {
      if (ppid === parent) {
        found.push(pid);
        frontier.push(pid);
      }
    }
  }
  return found;
}
