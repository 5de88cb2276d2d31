// engine.dispatch of 10 matching command hooks against 10 bare spawns (bench/dispatch-overhead.ts).
import { dispatchOverhead } from '../dispatch-overhead.ts';
import type { BenchCase } from '../types.ts';

const commandOverheadN10: BenchCase = {
  name: 'command-overhead-n10',
  unit: 'ms',
  target: 'ratio ≤ 1.05',
  run: () => dispatchOverhead(10),
};

export default commandOverheadN10;
