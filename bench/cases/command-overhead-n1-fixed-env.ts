// command-overhead-n1 with the engine's `env` option: the hook's base environment is one copy of
// `process.env` made up front, so no dispatch reads `process.env` (docs/library.md, `env`). No
// target of its own: it shows what an embedder whose environment does not change can save.
import { dispatchOverhead } from '../dispatch-overhead.ts';
import type { BenchCase } from '../types.ts';

const commandOverheadN1FixedEnv: BenchCase = {
  name: 'command-overhead-n1-fixed-env',
  unit: 'ms',
  target: 'none (compare command-overhead-n1)',
  run: () => dispatchOverhead(1, { fixedEnv: true }),
};

export default commandOverheadN1FixedEnv;
