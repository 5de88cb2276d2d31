import { killProcessTree } from './kill-tree.ts';
import { removeHookTempDir } from './temp-files.ts';

/**
 * Process trees of running hooks. Hooks run in their own process group, so a Ctrl-C at the
 * terminal no longer reaches them: the host kills them itself on exit, SIGINT and SIGTERM
 * (dependencies.md §2(a) step 6). Listeners exist only while a hook is live, so an idle host
 * keeps Node's default signal behaviour.
 */
const live = new Map<number, NodeJS.Platform>();
const HOST_SIGNALS: NodeJS.Signals[] = ['SIGINT', 'SIGTERM'];

function killAll(): void {
  for (const [pid, platform] of live) killProcessTree(pid, 'SIGKILL', platform);
  live.clear();
}

function onExit(): void {
  killAll();
}

function onSignal(signal: NodeJS.Signals): void {
  killAll();
  uninstall();
  // We were the only listener: restore the default action (terminate) that our listener replaced.
  if (process.listenerCount(signal) === 0) {
    removeHookTempDir();
    process.kill(process.pid, signal);
  }
}

function install(): void {
  process.on('exit', onExit);
  for (const signal of HOST_SIGNALS) process.on(signal, onSignal);
}

function uninstall(): void {
  process.off('exit', onExit);
  for (const signal of HOST_SIGNALS) process.off(signal, onSignal);
}

export function registerLiveProcess(pid: number, platform: NodeJS.Platform): void {
  if (live.size === 0) install();
  live.set(pid, platform);
}

export function unregisterLiveProcess(pid: number): void {
  if (!live.delete(pid)) return;
  if (live.size === 0) uninstall();
}

/** Number of hook process trees the host would kill on exit right now (for tests and doctor). */
export function liveProcessCount(): number {
  return live.size;
}
