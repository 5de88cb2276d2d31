import { HookError } from '../errors.ts';

/** A failing token database is logged at most this often, with the requests refused meanwhile. */
const FAILURE_LOG_EVERY_MS = 10_000;

type Lookup = (hash: string) => Promise<string | undefined>;

/**
 * The token database lookup, saying when it fails: the request is refused (503, no hook runs),
 * and the operator reads SERVER_TOKEN_LOOKUP_FAILED in the log, not only a status in the metrics.
 * The host gets no database detail.
 */
export function reportedLookup(lookup: Lookup, database: string, log: (line: string) => void): Lookup {
  let lastLogged = Number.NEGATIVE_INFINITY;
  let refused = 0;
  return async (hash) => {
    try {
      return await lookup(hash);
    } catch (error) {
      refused += 1;
      const now = Date.now();
      if (now - lastLogged >= FAILURE_LOG_EVERY_MS) {
        log(
          `SERVER_TOKEN_LOOKUP_FAILED: ${database} could not be asked for a token (${(error as Error).message}); ${refused} request${refused === 1 ? '' : 's'} refused with 503 since the last report`,
        );
        lastLogged = now;
        refused = 0;
      }
      throw new HookError('SERVER_TOKEN_LOOKUP_FAILED', 'the token database could not be asked');
    }
  };
}
