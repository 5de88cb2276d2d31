// Ten matching handlers that each sleep 100 ms, dispatched through the engine, against the same
// ten commands started with bare `spawn` in parallel in the same run (DESIGN.md "Performance
// targets"; on 2 cores each spawn blocks the event loop for milliseconds, so the bare fan-out is
// the honest baseline). Ratio = median engine / median bare (bench/dispatch-overhead.ts).
import { dispatchOverhead } from '../dispatch-overhead.ts';
import type { BenchCase } from '../types.ts';

const FANOUT = 10;

const parallelFanout: BenchCase = {
  name: 'parallel-fanout',
  unit: 'ms',
  target: 'ratio ≤ 1.10',
  async run() {
    const { value, baseline } = await dispatchOverhead(FANOUT, {
      work: 'sleep 0.1; ',
      warmupPairs: 2,
      measuredPairs: 15,
    });
    return {
      value: Number(value.toFixed(1)),
      baseline: Number(baseline.toFixed(1)),
      ratio: Number((value / baseline).toFixed(3)),
    };
  },
};

export default parallelFanout;
