import { isAbsolute, relative } from 'node:path';
import pc from 'picocolors';
import type { Diagnostic } from '../errors.ts';
import type { CaseVerdict } from './check-expect.ts';
import type { CaseRun } from './run-case.ts';

/** One case's run and its verdict. */
export interface CaseReport {
  run: CaseRun;
  verdict: CaseVerdict;
  /** `--update` rewrote this case's expectations to what happened. */
  updated?: boolean;
}

/** One scenario file: its cases, or the problems that kept it from running. */
export interface FileReport {
  file: string;
  diagnostics: Diagnostic[];
  cases: CaseReport[];
}

export interface Totals {
  passed: number;
  failed: number;
  /** Files that could not be read or checked; none of their cases ran. */
  broken: number;
}

export function totalsOf(files: readonly FileReport[]): Totals {
  const cases = files.flatMap((file) => file.cases);
  return {
    passed: cases.filter((c) => c.verdict.passed).length,
    failed: cases.filter((c) => !c.verdict.passed).length,
    broken: files.filter((file) => file.diagnostics.length > 0).length,
  };
}

/** A path relative to `cwd` when it is inside it. */
export function shownPath(file: string, cwd: string): string {
  const rel = relative(cwd, file);
  return rel && !rel.startsWith('..') && !isAbsolute(rel) ? rel : file;
}

export function located(d: Diagnostic, cwd: string): string {
  const position = d.line === undefined ? '' : `:${d.line}:${d.column ?? 1}`;
  const at = d.file ? `${shownPath(d.file, cwd)}${position}` : '';
  return `${at}${at ? ' ' : ''}${d.severity} ${d.code} ${d.message}`;
}

function caseLine(report: CaseReport, cwd: string, dryRun: boolean): string[] {
  const { run, verdict } = report;
  const mark = report.updated ? pc.yellow('↻') : verdict.passed ? pc.green('✓') : pc.red('✗');
  const recorded = dryRun ? 'expectations to record (dry run: not written)' : 'expectations recorded';
  const note = report.updated ? ` · ${recorded}` : '';
  const what = pc.dim(`${run.item.event} · ${run.item.profile} · ${run.durationMs} ms${note}`);
  const lines = [`  ${mark} ${run.item.name} ${what}`];
  if (verdict.passed) return lines;
  lines.push(
    `      ${pc.dim(`at ${shownPath(run.scenario.file, cwd)}:${run.item.line}:${run.item.column}`)}`,
  );
  for (const failure of verdict.failures) lines.push(`      ${pc.red(failure)}`);
  return lines;
}

/**
 * The readable report: each file, each case with a mark, each failure with where to look. `dryRun`:
 * `--update --dry-run`, whose updated cases were not written.
 */
export function humanReport(files: readonly FileReport[], cwd: string, dryRun = false): string {
  const lines: string[] = [];
  for (const file of files) {
    lines.push(pc.bold(shownPath(file.file, cwd)));
    for (const d of file.diagnostics) lines.push(`  ${pc.red(located(d, cwd))}`);
    for (const report of file.cases) lines.push(...caseLine(report, cwd, dryRun));
  }
  const totals = totalsOf(files);
  const parts = [pc.green(`${totals.passed} passed`)];
  if (totals.failed > 0) parts.push(pc.red(`${totals.failed} failed`));
  if (totals.broken > 0) parts.push(pc.red(`${totals.broken} file(s) with errors`));
  lines.push('', `${parts.join(', ')} (${files.length} file(s))`);
  return `${lines.join('\n')}\n`;
}
