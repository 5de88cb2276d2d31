// engine.dispatch of 1 matching command hook against 1 bare spawn (bench/dispatch-overhead.ts).
import { dispatchOverhead } from '../dispatch-overhead.ts';
import type { BenchCase } from '../types.ts';

const commandOverheadN1: BenchCase = {
  name: 'command-overhead-n1',
  unit: 'ms',
  target: 'ratio ≤ 1.05',
  run: () => dispatchOverhead(1),
};

export default commandOverheadN1;
