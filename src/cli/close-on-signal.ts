/**
 * Until the returned disposer runs, SIGINT and SIGTERM first run `close` (an engine's: it cancels
 * running hooks and stops stdio MCP servers) and then end the process by that same signal, so its
 * exit status stays 128+n. Without it Node dies at once and leaves those children orphaned. A
 * second signal while closing is ignored: the close is bounded by the runners' own deadlines.
 */
export function closeOnSignal(close: () => Promise<unknown>): () => void {
  let closing = false;
  const dispose = () => {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
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
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  return dispose;
}
