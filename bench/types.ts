/** One benchmark: `bench/run.ts` imports every module in `bench/cases/` and runs its default export. */
export interface BenchCase {
  name: string;
  /** Unit of `value`, e.g. `ms`, `µs/event`, `events/s`. */
  unit: string;
  /** The target in words, e.g. `ratio ≤ 1.10`. */
  target: string;
  run(): Promise<BenchMeasurement>;
}

export interface BenchMeasurement {
  value: number;
  /** The same work done the plain way in the same run, when there is one. */
  baseline: number | null;
  /** `value / baseline`, when there is a baseline. */
  ratio: number | null;
}

export interface BenchRow extends BenchMeasurement {
  name: string;
  unit: string;
  target: string;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}
