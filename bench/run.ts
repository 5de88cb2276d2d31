// Runs every benchmark in bench/cases/. `npm run bench` prints a table; `--json` prints exactly one
// JSON object, { "benchmarks": [ { name, value, unit, baseline, ratio, target } ] }, and
// `--out FILE` writes that object to FILE (json-output.ts says which is clean under npm);
// `--only a,b` runs just the benchmarks of those names. Each runs in a process of its own (run-case.ts).
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { jsonOutput } from './json-output.ts';
import type { BenchRow } from './types.ts';

const output = jsonOutput(process.argv);
const onlyAt = process.argv.indexOf('--only');
const only = onlyAt >= 0 ? new Set(process.argv[onlyAt + 1]?.split(',')) : undefined;
const casesDir = join(dirname(fileURLToPath(import.meta.url)), 'cases');
const files = readdirSync(casesDir)
  .filter((file) => /\.(ts|mts|js|mjs)$/.test(file))
  .filter((file) => !only || only.has(file.replace(/\.[^.]+$/, '')))
  // command-overhead is the first entry (issue: command hooks); the rest in name order.
  .sort(
    (a, b) => Number(b === 'command-overhead.ts') - Number(a === 'command-overhead.ts') || a.localeCompare(b),
  );

const runCase = join(dirname(fileURLToPath(import.meta.url)), 'run-case.ts');
const rows: BenchRow[] = [];
for (const file of files) {
  if (!output.quiet) process.stderr.write(`running ${file.replace(/\.[^.]+$/, '')}…\n`);
  rows.push(measureInOwnProcess(join(casesDir, file)));
}

/** One benchmark in a process of its own (see run-case.ts), with this one's loader flags (tsx). */
function measureInOwnProcess(file: string): BenchRow {
  const run = spawnSync(process.execPath, [...process.execArgv, runCase, file], {
    stdio: ['ignore', 'pipe', 'inherit'],
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`${file} failed (exit ${run.status ?? run.signal})`);
  return JSON.parse(run.stdout.trim().split('\n').at(-1) ?? '') as BenchRow;
}

output.emit({ benchmarks: rows });
if (!output.quiet) {
  const fmt = (n: number | null): string => (n === null ? '-' : n.toFixed(n >= 100 ? 0 : 3));
  const table = [
    ['benchmark', 'value', 'unit', 'baseline', 'ratio', 'target'],
    ...rows.map((r) => [r.name, fmt(r.value), r.unit, fmt(r.baseline), fmt(r.ratio), r.target]),
  ];
  const widths = table[0]!.map((_, i) => Math.max(...table.map((row) => row[i]!.length)));
  for (const row of table) console.log(row.map((cell, i) => cell.padEnd(widths[i]!)).join('  '));
}
