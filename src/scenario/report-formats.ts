import { type CaseReport, type FileReport, located, shownPath, totalsOf } from './report.ts';

export const REPORTERS = ['human', 'junit', 'tap', 'json'] as const;
export type ReporterName = (typeof REPORTERS)[number];

const MS_PER_SECOND = 1000;

function xml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '');
}

function seconds(ms: number): string {
  return (ms / MS_PER_SECOND).toFixed(3);
}

function junitCase(report: CaseReport, suite: string): string {
  const { run, verdict } = report;
  const open = `    <testcase name="${xml(run.item.name)}" classname="${xml(suite)}" time="${seconds(run.durationMs)}"`;
  if (verdict.passed) return `${open}/>`;
  const message = verdict.failures[0] ?? 'failed';
  const body = verdict.failures.join('\n');
  return `${open}>\n      <failure message="${xml(message)}">${xml(body)}</failure>\n    </testcase>`;
}

/** JUnit XML, one `<testsuite>` per file; a file that could not be read is one `<error>` case. */
export function junitReport(files: readonly FileReport[], cwd: string): string {
  const totals = totalsOf(files);
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="agent-hooks test" tests="${totals.passed + totals.failed + totals.broken}" failures="${totals.failed}" errors="${totals.broken}">`,
  ];
  for (const file of files) {
    const suite = shownPath(file.file, cwd);
    const failures = file.cases.filter((c) => !c.verdict.passed).length;
    const errors = file.diagnostics.length > 0 ? 1 : 0;
    const time = seconds(file.cases.reduce((sum, c) => sum + c.run.durationMs, 0));
    lines.push(
      `  <testsuite name="${xml(suite)}" tests="${file.cases.length + errors}" failures="${failures}" errors="${errors}" time="${time}">`,
    );
    if (errors > 0) {
      const text = file.diagnostics.map((d) => located(d, cwd)).join('\n');
      lines.push(
        `    <testcase name="${xml(suite)}" classname="${xml(suite)}">\n      <error message="${xml(located(file.diagnostics[0]!, cwd))}">${xml(text)}</error>\n    </testcase>`,
      );
    }
    for (const report of file.cases) lines.push(junitCase(report, suite));
    lines.push('  </testsuite>');
  }
  lines.push('</testsuites>');
  return `${lines.join('\n')}\n`;
}

function yamlBlock(lines: readonly string[]): string[] {
  return ['  ---', ...lines.map((line) => `  ${line}`), '  ...'];
}

/** TAP version 13: one test point per case, and one failing point per file that could not run. */
export function tapReport(files: readonly FileReport[], cwd: string): string {
  const points: string[] = [];
  let count = 0;
  for (const file of files) {
    const suite = shownPath(file.file, cwd);
    if (file.diagnostics.length > 0) {
      count += 1;
      points.push(`not ok ${count} - ${suite}`);
      points.push(
        ...yamlBlock(['errors:', ...file.diagnostics.map((d) => `  - ${JSON.stringify(located(d, cwd))}`)]),
      );
    }
    for (const { run, verdict } of file.cases) {
      count += 1;
      points.push(`${verdict.passed ? 'ok' : 'not ok'} ${count} - ${suite} > ${run.item.name}`);
      if (verdict.passed) continue;
      points.push(
        ...yamlBlock([
          `at: ${JSON.stringify(`${suite}:${run.item.line}:${run.item.column}`)}`,
          'failures:',
          ...verdict.failures.map((failure) => `  - ${JSON.stringify(failure)}`),
        ]),
      );
    }
  }
  return `${['TAP version 13', `1..${count}`, ...points].join('\n')}\n`;
}

/** One JSON object: totals, each case with its verdict and the dispatch's main fields. */
export function jsonReport(files: readonly FileReport[], cwd: string): string {
  const cases = files.flatMap((file) =>
    file.cases.map(({ run, verdict }) => ({
      file: shownPath(file.file, cwd),
      line: run.item.line,
      column: run.item.column,
      name: run.item.name,
      event: run.item.event,
      profile: run.item.profile,
      passed: verdict.passed,
      durationMs: run.durationMs,
      failures: verdict.failures,
      result: run.result
        ? {
            decision: run.result.decision,
            reason: run.result.reason,
            continue: run.result.continue,
            additionalContext: run.result.additionalContext,
            updatedInput: run.result.updatedInput,
            hooks: run.result.hooks.map((h) => ({
              label: h.label,
              outcome: h.outcome,
              exitCode: h.exitCode,
            })),
          }
        : null,
    })),
  );
  const errors = files.flatMap((file) => file.diagnostics);
  return `${JSON.stringify({ ...totalsOf(files), files: files.length, cases, errors }, null, 2)}\n`;
}
