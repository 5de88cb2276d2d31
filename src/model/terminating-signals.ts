/**
 * Every catchable signal whose default action ends the process (SIGKILL and SIGSTOP cannot be
 * caught). The command runner kills hook trees on each, and the CLI closes its engine on each, so
 * one list keeps the two from drifting apart.
 */
export const TERMINATING_SIGNALS: readonly NodeJS.Signals[] =
  process.platform === 'win32'
    ? ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK']
    : ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGQUIT'];
