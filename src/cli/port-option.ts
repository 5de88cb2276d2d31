import { CliUsageError } from './usage-error.ts';

/** The highest TCP port. */
const MAX_PORT = 65_535;

/**
 * `--port` of `serve` and `inspect`: a whole number from 0 (any free port) to 65535, refused as a
 * usage error before anything opens. Passed on as `Number("nope")`, it reached `listen` after the
 * audit database had opened, which kept the process alive after its error.
 */
export function parsePort(value: string): number {
  const port = Number(value);
  if (value.trim() !== '' && Number.isInteger(port) && port >= 0 && port <= MAX_PORT) return port;
  throw new CliUsageError(`--port ${value}: give a whole number from 0 (any free port) to ${MAX_PORT}`);
}

/** The longest `--shutdown-grace`: a day, past which a typo (ms for s) is more likely than intent. */
const MAX_GRACE_SECONDS = 86_400;

/**
 * `serve --shutdown-grace SECONDS`: the supervisor's grace period between SIGTERM and SIGKILL
 * (Kubernetes' `terminationGracePeriodSeconds`), a number of seconds above 0, returned in ms.
 */
export function parseGraceSeconds(value: string): number {
  const seconds = Number(value);
  if (value.trim() !== '' && Number.isFinite(seconds) && seconds > 0 && seconds <= MAX_GRACE_SECONDS)
    return Math.round(seconds * 1000);
  throw new CliUsageError(
    `--shutdown-grace ${value}: give the seconds between SIGTERM and SIGKILL, a number above 0 and at most ${MAX_GRACE_SECONDS} (e.g. 30, Kubernetes' default)`,
  );
}
