// The floor under command-overhead-n1: the options the runner must spawn with (own session, stdin
// from an unlinked tmpfs file, a copied environment with the hook variables, cwd) as a bare spawn,
// against the plain bare spawn (bench/dispatch-overhead.ts). No target of its own: n1's ratio less
// this one is what the engine's JavaScript costs.
import { spawnFloorRatio } from '../dispatch-overhead.ts';
import type { BenchCase } from '../types.ts';

const commandSpawnFloor: BenchCase = {
  name: 'command-spawn-floor',
  unit: 'ms',
  target: 'none (the required spawn options alone, against bare)',
  run: spawnFloorRatio,
};

export default commandSpawnFloor;
