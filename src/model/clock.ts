/**
 * Milliseconds since an arbitrary moment, for measuring durations. Not `performance.now()`: its
 * first use loads Node's perf_hooks (about 1.5 ms here), which a CLI the host starts on every
 * event would pay each time (issue 16 item 4).
 */
export function monotonicMs(): number {
  return Number(process.hrtime.bigint()) / 1e6;
}
