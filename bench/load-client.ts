// A closed-loop load generator on loopback: `concurrency` requests in flight at any time, each
// over a kept-alive connection, until `count` requests or `durationMs` have passed.
import { Pool } from 'undici';

export interface LoadResult {
  sent: number;
  ok: number;
  failed: number;
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** `X-Agent-Hooks-Dispatch` of every 2xx answer. */
  dispatchIds: string[];
}

export interface LoadOptions {
  url: string;
  path: string;
  token?: string;
  body: (i: number) => string;
  concurrency: number;
  count: number;
  durationMs: number;
  /** Called after each answer (the SIGTERM case stops the server mid-run). */
  onAnswer?: (answered: number) => void;
  /** Stop at the first connection error (the server went away) instead of counting it. */
  stopOnConnectionError?: boolean;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const pool = new Pool(options.url, { connections: options.concurrency, pipelining: 1 });
  const latencies: number[] = [];
  const dispatchIds: string[] = [];
  let next = 0;
  let failed = 0;
  let ok = 0;
  let stopped = false;
  const started = performance.now();
  const deadline = started + options.durationMs;
  const worker = async () => {
    while (!stopped && next < options.count && performance.now() < deadline) {
      const i = next++;
      const t0 = performance.now();
      try {
        const response = await pool.request({
          method: 'POST',
          path: options.path,
          headers: {
            'content-type': 'application/json',
            ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
          },
          body: options.body(i),
        });
        await response.body.text();
        latencies.push(performance.now() - t0);
        if (response.statusCode >= 200 && response.statusCode < 300) {
          ok += 1;
          const id = response.headers['x-agent-hooks-dispatch'];
          if (typeof id === 'string') dispatchIds.push(id);
        } else failed += 1;
      } catch {
        failed += 1;
        if (options.stopOnConnectionError) stopped = true;
      }
      options.onAnswer?.(latencies.length + failed);
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  const elapsed = (performance.now() - started) / 1000;
  await pool.close().catch(() => undefined);
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    sent: latencies.length + failed,
    ok,
    failed,
    perSecond: ok / elapsed,
    p50Ms: percentile(sorted, 50),
    p99Ms: percentile(sorted, 99),
    dispatchIds,
  };
}
