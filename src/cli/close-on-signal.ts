import { TERMINATING_SIGNALS } from '../model/terminating-signals.ts';

/**
 * Until the returned disposer runs, every terminating signal (SIGINT, SIGTERM, SIGHUP, SIGQUIT)
 * first runs `close` (an engine's: it cancels running hooks and stops stdio MCP servers) and then
 * ends the process by that same signal, so its exit status stays 128+n. Without it Node dies at once and leaves those children orphaned. A
 * second signal while closing is ignored: the close is bounded by the runners' own deadlines.
 */
export function closeOnSignal(close: () => Promise<unknown>): () => void {
  let closing = false;
  const dispose = () => {
    for (const signal of TERMINATING_SIGNALS) process.off(signal, onSignal);
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
  for (const signal of TERMINATING_SIGNALS) process.on(signal, onSignal);
  return dispose;
}
