import { availableParallelism } from 'node:os';
import { type Diagnostic, diagnostic } from '../errors.ts';
import { checkCase } from './check-expect.ts';
import { findScenarioFiles } from './find-scenarios.ts';
import { readScenario, type Scenario } from './read-scenario.ts';
import type { CaseReport, FileReport } from './report.ts';
import { type CaseRun, inParallel, type RewriteCheckOptions, runCase } from './run-case.ts';
import { expectEdits, updatedScenarioText } from './update-expect.ts';

export interface RunScenariosOptions {
  /** Where relative paths start, and the folder searched when no path is given. */
  cwd: string;
  /** Cases running at once (default: the machine's available parallelism). */
  jobs?: number;
  /** Record the current results as expectations (`--update`). */
  update?: boolean;
  /** The tools' input schemas and what a rewrite failing them does (`--tool-schemas`, `--invalid-rewrite`). */
  rewriteCheck?: RewriteCheckOptions;
}

/** A scenario file `--update` would rewrite: its text now and after. */
export interface ScenarioUpdate {
  file: string;
  before: string;
  after: string;
}

export interface ScenariosOutcome {
  /** Each file; a path that does not exist, or finding no file at all, is a file with a diagnostic. */
  files: FileReport[];
  updates: ScenarioUpdate[];
}

function noFiles(paths: readonly string[]): Diagnostic {
  const where = paths.length === 0 ? 'the current folder' : paths.join(', ');
  return diagnostic(
    'SCENARIO_NO_FILES',
    `no scenario file (hooks.test.yaml, hooks.test.json or *.hooks.test.yaml) under ${where}; name one, or create hooks.test.yaml (docs/testing.md)`,
  );
}

/** With `--update`, a case that ran and whose expectations were rewritten counts as passing. */
function updated(
  reports: CaseReport[],
  scenario: Scenario,
): { reports: CaseReport[]; update?: ScenarioUpdate } {
  const edits = reports.flatMap((r) => expectEdits(r.run, r.verdict));
  const after = updatedScenarioText(scenario, edits);
  const changed = new Set(edits.map((edit) => edit.index));
  const next = reports.map((r) =>
    changed.has(r.run.item.index) &&
    r.run.result &&
    r.run.error === undefined &&
    r.run.configErrors.length === 0
      ? { ...r, updated: true, verdict: { ...r.verdict, passed: true, failures: [] } }
      : r,
  );
  return after === scenario.text
    ? { reports: next }
    : { reports: next, update: { file: scenario.file, before: scenario.text, after } };
}

/** Finds, reads and runs every scenario (cases of all files in parallel); writes nothing. */
export async function runScenarios(
  paths: readonly string[],
  options: RunScenariosOptions,
): Promise<ScenariosOutcome> {
  const found = await findScenarioFiles(paths.length === 0 ? ['.'] : paths, options.cwd);
  if (found.files.length === 0 && found.diagnostics.length === 0) found.diagnostics.push(noFiles(paths));
  const reads = await Promise.all(
    found.files.map(async (file) => ({ file, read: await readScenario(file) })),
  );
  const scenarios = reads.flatMap(({ read }) => (read.ok ? [read.scenario] : []));
  const tasks = scenarios.flatMap((scenario) =>
    scenario.cases.map((item) => () => runCase(scenario, item, options.rewriteCheck)),
  );
  const runs: CaseRun[] = await inParallel(tasks, options.jobs ?? availableParallelism());
  const files: FileReport[] = found.diagnostics.map((d) => ({
    file: d.file ?? options.cwd,
    diagnostics: [d],
    cases: [],
  }));
  const updates: ScenarioUpdate[] = [];
  for (const { file, read } of reads) {
    if (!read.ok) {
      files.push({ file, diagnostics: read.diagnostics, cases: [] });
      continue;
    }
    let reports: CaseReport[] = runs
      .filter((run) => run.scenario === read.scenario)
      .map((run) => ({ run, verdict: checkCase(run) }));
    if (options.update) {
      const result = updated(reports, read.scenario);
      reports = result.reports;
      if (result.update) updates.push(result.update);
    }
    files.push({ file, diagnostics: [], cases: reports });
  }
  return { files, updates };
}
