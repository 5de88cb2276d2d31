// Summed test time of a Vitest JSON report: the sum, over every test file, of its tests' durations.
// It is the figure the test-speed work is judged by (issue 11): unlike wall time it does not depend
// on how many workers ran beside each other. Usage:
//   npx vitest run --reporter=json --outputFile.json=/tmp/report.json
//   npx tsx scripts/test-time.ts /tmp/report.json [--top N]
// Give two reports (before, after) to print both and the change in per cent.
import { readFileSync } from 'node:fs';

interface Report {
  startTime: number;
  numPassedTests: number;
  numFailedTests: number;
  testResults: {
    name: string;
    startTime: number;
    endTime: number;
    assertionResults: { duration?: number | null }[];
  }[];
}

interface Summary {
  summedMs: number;
  files: { name: string; ms: number }[];
  passed: number;
  failed: number;
  spanMs: number;
}

const DEFAULT_TOP = 15;

function summarize(path: string): Summary {
  const report = JSON.parse(readFileSync(path, 'utf8')) as Report;
  const files = report.testResults.map((file) => ({
    // From test/ on, so reports made in different checkouts line up.
    name: file.name.slice(file.name.lastIndexOf('/test/') + 1),
    ms: file.assertionResults.reduce((sum, test) => sum + (test.duration ?? 0), 0),
  }));
  const end = Math.max(...report.testResults.map((file) => file.endTime));
  return {
    summedMs: files.reduce((sum, file) => sum + file.ms, 0),
    files: files.sort((a, b) => b.ms - a.ms),
    passed: report.numPassedTests,
    failed: report.numFailedTests,
    spanMs: end - report.startTime,
  };
}

const seconds = (ms: number): string => `${(ms / 1000).toFixed(2)} s`;

function print(path: string, summary: Summary, top: number): void {
  console.log(`${path}: ${summary.passed} passed, ${summary.failed} failed`);
  console.log(`  summed test time ${seconds(summary.summedMs)}, run span ${seconds(summary.spanMs)}`);
  for (const file of summary.files.slice(0, top))
    console.log(`  ${seconds(file.ms).padStart(9)}  ${file.name}`);
}

const args = process.argv.slice(2);
const topIndex = args.indexOf('--top');
const top = topIndex >= 0 ? Number(args[topIndex + 1]) : DEFAULT_TOP;
const paths = topIndex >= 0 ? args.filter((_, index) => index !== topIndex && index !== topIndex + 1) : args;
const reports = paths.map((path) => ({ path, summary: summarize(path) }));
if (reports.length === 0) {
  console.error('usage: tsx scripts/test-time.ts REPORT.json [AFTER.json] [--top N]');
  process.exit(2);
}
for (const { path, summary } of reports) print(path, summary, top);
const [before, after] = reports;
if (before && after) {
  const change = (after.summary.summedMs / before.summary.summedMs - 1) * 100;
  console.log(
    `summed test time: ${seconds(before.summary.summedMs)} -> ${seconds(after.summary.summedMs)} (${change.toFixed(1)} %)`,
  );
}
