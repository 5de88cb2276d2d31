// Runs one benchmark of bench/cases/ and prints its row as one JSON line on stdout. `run.ts` starts
// it once per benchmark, so each is measured in a fresh process: one that ran after others measured
// their leftovers too (function-hook-throughput read about 250,000 events/s after the command-hook
// benchmarks and under 200,000 after all of them, against about 300,000 on its own: V8 had tuned
// the dispatch code they share for command hooks, and a fresh copy of the same modules, loaded in
// that same process, ran at full speed again).
import { pathToFileURL } from 'node:url';
import type { BenchCase, BenchRow } from './types.ts';

const file = process.argv[2];
if (file === undefined) throw new Error('usage: run-case.ts <bench/cases file>');
const module = (await import(pathToFileURL(file).href)) as { default: BenchCase };
const bench = module.default;
const { value, baseline, ratio } = await bench.run();
const row: BenchRow = { name: bench.name, value, unit: bench.unit, baseline, ratio, target: bench.target };
process.stdout.write(`${JSON.stringify(row)}\n`);
