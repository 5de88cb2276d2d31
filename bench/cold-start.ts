// Shared by the cold-start benchmarks: the CLI as a package's user starts it (the `bin` that
// package.json publishes, the bundled file) and the baseline a host would pay without
// agent-hooks, Node's own start plus the same hook spawned bare, alternated in one run.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { median } from './types.ts';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const WARMUP_ROUNDS = 2;

/** The published bin (package.json `bin`), built by `npm run bench`. */
export function builtBin(): string {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { bin: Record<string, string> };
  const bin = join(ROOT, pkg.bin['agent-hooks'] as string);
  if (!existsSync(bin)) throw new Error(`${bin} is missing: run \`npm run build\` (npm run bench does)`);
  return bin;
}

/** `node -e 0`, then `hook` run by /bin/sh with `stdin`: what the host pays for the hook alone. */
export function bareStart(hook: string, stdin: string): void {
  spawnSync(process.execPath, ['-e', '0']);
  spawnSync('/bin/sh', ['-c', hook], { input: stdin });
}

function time(fn: () => void): number {
  const start = performance.now();
  fn();
  return performance.now() - start;
}

/** Medians of `measured` and `baseline` over `rounds` alternated pairs, and their ratio. */
export function alternate(rounds: number, measured: () => void, baseline: () => void) {
  const a: number[] = [];
  const b: number[] = [];
  for (let round = 0; round < rounds + WARMUP_ROUNDS; round++) {
    // Alternate which side goes first so neither always runs on a warmer cache.
    let measuredMs: number;
    let baselineMs: number;
    if (round % 2 === 0) {
      measuredMs = time(measured);
      baselineMs = time(baseline);
    } else {
      baselineMs = time(baseline);
      measuredMs = time(measured);
    }
    if (round >= WARMUP_ROUNDS) {
      a.push(measuredMs);
      b.push(baselineMs);
    }
  }
  const value = median(a);
  const base = median(b);
  return {
    value: Number(value.toFixed(1)),
    baseline: Number(base.toFixed(1)),
    ratio: Number((value / base).toFixed(3)),
  };
}
