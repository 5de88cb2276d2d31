// End-to-end runs of real host CLIs happen inside a network namespace with only loopback, so that
// nothing can leave the machine (DESIGN.md "Security rules"). The script installs what it needs
// first (registry access), then re-executes itself under `unshare -n`.
import { spawnSync } from 'node:child_process';

const MARKER = 'AGENT_HOOKS_E2E_NETNS';

/** True when this process already runs inside the loopback-only namespace. */
export function insideNamespace(): boolean {
  return process.env[MARKER] === '1';
}

/** Refuses (throws) unless a new network namespace can be made; never falls back to the host network. */
export function assertCanIsolate(): void {
  const probe = spawnSync('unshare', ['-n', 'true'], { stdio: 'ignore' });
  if (probe.error || probe.status !== 0) {
    throw new Error(
      'cannot create a network namespace (`unshare -n` failed): refusing to run a real host CLI ' +
        'with network access. Run as root or with CAP_SYS_ADMIN (util-linux unshare).',
    );
  }
}

/** Re-executes the current script inside a fresh network namespace and returns its exit status. */
export function reexecIsolated(): number {
  const result = spawnSync(
    'unshare',
    ['-n', '--', process.execPath, ...process.execArgv, ...process.argv.slice(1)],
    {
      stdio: 'inherit',
      env: { ...process.env, [MARKER]: '1' },
    },
  );
  return result.status ?? 1;
}

/** Inside the namespace: bring loopback up and check that it is the only interface. */
export function prepareLoopback(): void {
  const up = spawnSync('ip', ['link', 'set', 'lo', 'up'], { stdio: 'inherit' });
  if (up.error || up.status !== 0)
    throw new Error('cannot bring up loopback (`ip link set lo up`; install iproute2)');
  // /sys/class/net still shows the host's interfaces (sysfs is not remounted), so ask `ip`.
  const listed = spawnSync('ip', ['-o', 'link', 'show'], { encoding: 'utf8' });
  const interfaces = listed.stdout
    .split('\n')
    .map((line) => /^\d+:\s+([^:@]+)/.exec(line)?.[1])
    .filter((name): name is string => name !== undefined);
  if (interfaces.some((name) => name !== 'lo')) {
    throw new Error(
      `refusing to run: the namespace has interfaces besides loopback (${interfaces.join(', ')})`,
    );
  }
}
