/** Every catchable signal whose default action ends the process (as the command runner's list). */
const CLOSING_SIGNALS: NodeJS.Signals[] =
  process.platform === 'win32'
    ? ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK']
    : ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGQUIT'];

/**
 * Until the returned disposer runs, SIGINT, SIGTERM, SIGHUP and SIGQUIT first run `close` (an engine's: it cancels
 * running hooks and stops stdio MCP servers) and then end the process by that same signal, so its
 * exit status stays 128+n. Without it Node dies at once and leaves those children orphaned. A
 * second signal while closing is ignored: the close is bounded by the runners' own deadlines.
 */
export function closeOnSignal(close: () => Promise<unknown>): () => void {
  let closing = false;
  const dispose = () => {
    for (const signal of CLOSING_SIGNALS) process.off(signal, onSignal);
  };
  function onSignal(signal: NodeJS.Signals): void {
    if (closing) return;
    closing = true;
    void close()
      .catch(() => undefined)
      .finally(() => {
        dispose();
        process.kill(process.pid, signal);
      });
  }
  for (const signal of CLOSING_SIGNALS) process.on(signal, onSignal);
  return dispose;
}
