import { HookError } from '../errors.ts';

/** A failing token database is logged at most this often, with the requests refused meanwhile. */
const FAILURE_LOG_EVERY_MS = 10_000;
/** A token listed for two teams is logged at most this often per token, until someone fixes it. */
const CONFLICT_LOG_EVERY_MS = 60_000;

type Lookup = (hash: string) => Promise<string | undefined>;
type BudgetedLookup = (hash: string, budgetMs: number) => Promise<string | undefined>;

/**
 * The token database lookup, saying when it fails or does not answer within the request's
 * budget (a stalled database must not hold the request past the host's timeout): the request is
 * refused (503, no hook runs), and the operator reads SERVER_TOKEN_LOOKUP_FAILED in the log, not
 * only a status in the metrics. The host gets no database detail.
 */
export function reportedLookup(
  lookup: Lookup,
  database: string,
  log: (line: string) => void,
): BudgetedLookup {
  let lastLogged = Number.NEGATIVE_INFINITY;
  let refused = 0;
  const report = (why: string) => {
    refused += 1;
    const now = Date.now();
    if (now - lastLogged < FAILURE_LOG_EVERY_MS) return;
    log(
      `SERVER_TOKEN_LOOKUP_FAILED: ${database} could not be asked for a token (${why}); ${refused} request${refused === 1 ? '' : 's'} refused with 503 since the last report`,
    );
    lastLogged = now;
    refused = 0;
  };
  return async (hash, budgetMs) => {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      if (Number.isFinite(budgetMs))
        timer = setTimeout(() => reject(new Error(`no answer within ${Math.round(budgetMs)} ms`)), budgetMs);
    });
    try {
      return await Promise.race([lookup(hash), late]);
    } catch (error) {
      report((error as Error).message);
      throw new HookError('SERVER_TOKEN_LOOKUP_FAILED', 'the token database could not be asked');
    } finally {
      clearTimeout(timer);
    }
  };
}

/**
 * Checks, off the request path, that a token the configuration file gives `team` is not in the
 * token database for another team. The file wins (it is the reviewed, deployed configuration,
 * and it answers without the database); the other entry is only reported, with both teams,
 * at most once per token per CONFLICT_LOG_EVERY_MS. A failing database is not reported here:
 * the lookups and the audit writer report it.
 */
export function conflictCheck(
  lookup: Lookup,
  database: string,
  log: (line: string) => void,
): (hash: string, team: string) => void {
  const lastLogged = new Map<string, number>();
  return (hash, team) => {
    void lookup(hash).then(
      (other) => {
        if (!other || other === team) return;
        const now = Date.now();
        if (now - (lastLogged.get(hash) ?? Number.NEGATIVE_INFINITY) < CONFLICT_LOG_EVERY_MS) return;
        lastLogged.set(hash, now);
        log(
          `SERVER_TOKEN_TEAM_CONFLICT: token ${hash} is team "${team}"'s in the configuration file and team "${other}"'s in ${database}; the configuration file wins, so it runs team "${team}"'s hooks`,
        );
      },
      () => undefined,
    );
  };
}
