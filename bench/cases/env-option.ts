// What the engine's `env` option saves (docs/library.md): one command hook dispatched by an engine
// given `env: { ...process.env }` against the same hook dispatched by an engine that reads
// `process.env` at each dispatch, alternated in one run. Ratio below 1 = the option's saving. No
// target of its own: it backs the figure the docs give embedders.
import { envOptionRatio } from '../dispatch-overhead.ts';
import type { BenchCase } from '../types.ts';

const envOption: BenchCase = {
  name: 'env-option',
  unit: 'ms',
  target: 'none (ratio against the same engine without env)',
  run: envOptionRatio,
};

export default envOption;
