import { spawnSync } from 'node:child_process';

/**
 * A proxy address where nothing listens (port 9, discard, on loopback): a hook that honours the
 * proxy variables fails to connect at once instead of reaching the network.
 */
const DEAD_PROXY = 'http://127.0.0.1:9';
const PROXY_VARS = ['HTTP_PROXY', 'HTTPS_PROXY', 'ALL_PROXY', 'http_proxy', 'https_proxy', 'all_proxy'];
/** How long the one-off `unshare` test may take before it counts as unavailable. */
const UNSHARE_TEST_TIMEOUT_MS = 5_000;

/** How probe processes are kept off the network, and the words to say so. */
export interface Isolation {
  /** Prefix for the command: `unshare -n --` where a new network namespace can be made. */
  wrapper: string[];
  describe: string;
}

function unshareWorks(flags: string[]): boolean {
  try {
    const result = spawnSync('unshare', [...flags, 'true'], {
      stdio: 'ignore',
      timeout: UNSHARE_TEST_TIMEOUT_MS,
    });
    return result.status === 0;
  } catch {
    return false;
  }
}

/**
 * The strongest isolation this machine allows: a network namespace with only a loopback that is
 * down (`unshare -n`, as root; `unshare -rn` in a user namespace otherwise), else none beyond the
 * dead proxy variables.
 */
export function detectIsolation(platform: NodeJS.Platform): Isolation {
  const proxies = `proxy variables point at ${DEAD_PROXY}`;
  if (platform === 'linux') {
    if (unshareWorks(['-n']))
      return { wrapper: ['unshare', '-n', '--'], describe: `unshare -n (no network); ${proxies}` };
    if (unshareWorks(['-r', '-n']))
      return {
        wrapper: ['unshare', '-r', '-n', '--'],
        describe: `unshare -rn (no network, user namespace); ${proxies}`,
      };
  }
  return { wrapper: [], describe: `no network namespace available: only ${proxies}` };
}

/** The environment probe hooks start from: the caller's, with every proxy variable dead. */
export function probeEnvironment(base: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...base, NO_PROXY: '', no_proxy: '' };
  for (const name of PROXY_VARS) env[name] = DEAD_PROXY;
  return env;
}
