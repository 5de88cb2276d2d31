import { resolve } from 'node:path';
import type { Command } from 'commander';
import { TOOL_CALL_EVENTS } from '../../events/event-sets.ts';
import type { ProfileName } from '../../model/profile-name.ts';
import type { ReporterName } from '../../scenario/report-formats.ts';
import type { ScenarioUpdate } from '../../scenario/run-scenarios.ts';
import type { CliIo } from '../cli-io.ts';
import { parseProfile } from '../common-options.ts';
import { resolveEventArg } from '../event-arg.ts';
import {
  addRewriteCheckOptions,
  type RewriteCheckCliOptions,
  rewriteCheckEngineOptions,
} from '../rewrite-check-options.ts';
import { CliUsageError } from '../usage-error.ts';
import { applyConfigWrite, type ConfigWrite, checkConfigWrite } from '../write/config-write.ts';
import { addDryRunOption, DRY_RUN_DONE, refuseIdleDryRun } from '../write/dry-run.ts';
import { unifiedDiff } from '../write/line-diff.ts';

const REPORTER_NAMES: readonly ReporterName[] = ['human', 'junit', 'tap', 'json'];

interface TestOptions extends RewriteCheckCliOptions {
  cwd: string;
  reporter: ReporterName;
  update: boolean;
  /** With --update: check and print each file's diff, write none (dry-run.ts). */
  dryRun: boolean;
  jobs?: number;
  sample?: string;
  profile: ProfileName;
}

function parseReporter(value: string): ReporterName {
  if ((REPORTER_NAMES as readonly string[]).includes(value)) return value as ReporterName;
  throw new CliUsageError(`unknown reporter "${value}"; expected one of ${REPORTER_NAMES.join(', ')}`);
}

function parseJobs(value: string): number {
  const jobs = Number(value);
  if (Number.isInteger(jobs) && jobs >= 1) return jobs;
  throw new CliUsageError(`--jobs ${value}: give a whole number of cases to run at once, 1 or more`);
}

/** `--sample PreToolUse:Bash`: the payload a hook of the profile's own dialect reads on stdin. */
async function printSample(name: string, options: TestOptions, io: CliIo): Promise<void> {
  const { samplePayload, splitSampleName } = await import('../../scenario/samples.ts');
  const split = splitSampleName(name);
  const event = resolveEventArg(split.event, '--sample event');
  if (split.tool && !TOOL_CALL_EVENTS.has(event)) {
    throw new CliUsageError(
      `--sample ${name}: ${event} is not a tool event; give it without ":${split.tool}"`,
    );
  }
  const payload = samplePayload(
    { event, ...(split.tool ? { tool: split.tool } : {}) },
    options.profile,
    resolve(options.cwd),
  );
  io.stdout(`${JSON.stringify(payload, null, 2)}\n`);
}

/**
 * Writes the recorded expectations and shows each file's diff (on stderr beside a machine report).
 * Every file is checked before the first is written, so a refused one leaves the others as they
 * were too; a dry run stops there. A file with errors ran no case, so it has nothing recorded: say
 * so rather than "all hold".
 */
function writeUpdates(
  updates: readonly ScenarioUpdate[],
  broken: number,
  io: CliIo,
  options: TestOptions,
): void {
  const show = options.reporter === 'human' ? io.stdout : io.stderr;
  const writes = updates.map(
    (update): ConfigWrite => ({
      file: update.file,
      before: update.before,
      after: update.after,
      mode: 'merge',
      notes: [],
      diff: unifiedDiff(update.file, update.before, update.after),
    }),
  );
  for (const write of writes) checkConfigWrite(write);
  for (const write of writes) {
    if (!options.dryRun) applyConfigWrite(write);
    show(write.diff);
  }
  if (broken > 0)
    show(
      `--update: ${broken} file(s) with errors left unchanged; fix the errors shown and run --update again\n`,
    );
  else if (updates.length === 0) show('--update: every expectation already holds; nothing to write\n');
}

async function runTests(paths: string[], options: TestOptions, io: CliIo): Promise<void> {
  const { runScenarios } = await import('../../scenario/run-scenarios.ts');
  const formats = await import('../../scenario/report-formats.ts');
  const { humanReport, totalsOf } = await import('../../scenario/report.ts');
  const cwd = resolve(options.cwd);
  const rewriteCheck = await rewriteCheckEngineOptions(options);
  const outcome = await runScenarios(paths, {
    cwd,
    rewriteCheck,
    update: options.update,
    ...(options.jobs ? { jobs: options.jobs } : {}),
  });
  const totals = totalsOf(outcome.files);
  if (options.update) writeUpdates(outcome.updates, totals.broken, io, options);
  const render = {
    human: (files: typeof outcome.files) => humanReport(files, cwd, options.dryRun),
    junit: formats.junitReport,
    tap: formats.tapReport,
    json: formats.jsonReport,
  }[options.reporter];
  io.stdout(render(outcome.files, cwd));
  // Last, as init prints it: on stderr beside a machine report, like the diffs.
  if (options.update && options.dryRun) (options.reporter === 'human' ? io.stdout : io.stderr)(DRY_RUN_DONE);
  io.setExitCode(totals.failed > 0 || totals.broken > 0 ? 1 : 0);
}

/** `agent-hooks test`: run scenario files against the project's hooks (docs/testing.md). */
export function registerTestCommand(program: Command, io: CliIo): void {
  const test = program
    .command('test')
    .description('run hook scenario files (hooks.test.yaml) and check each decision; exit 1 on any failure')
    .argument(
      '[paths...]',
      'scenario files or folders searched for hooks.test.{yaml,yml,json} (default: --cwd)',
    )
    .option('--cwd <dir>', 'folder searched and paths resolved from', process.cwd())
    .option('--reporter <name>', `report format: ${REPORTER_NAMES.join(' | ')}`, parseReporter, 'human')
    .option('--update', 'record the current results as expectations in the files, and print the diff', false);
  addDryRunOption(test, '--update')
    .option('--jobs <n>', 'cases run at once (default: the number of CPUs)', parseJobs)
    .option(
      '--sample <event[:tool]>',
      'print a realistic input for the event (e.g. PreToolUse:Bash) and exit',
    )
    .option(
      '--profile <profile>',
      'with --sample: the host whose payload to print: claude-code | copilot-cli | vscode',
      parseProfile,
      'claude-code',
    );
  addRewriteCheckOptions(test).action(async (paths: string[], options: TestOptions) => {
    if (!options.update) refuseIdleDryRun(options.dryRun, 'test', '--update');
    if (options.sample !== undefined) await printSample(options.sample, options, io);
    else await runTests(paths, options, io);
  });
}
