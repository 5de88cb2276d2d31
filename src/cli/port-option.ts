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
