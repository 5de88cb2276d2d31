import path from 'node:path';
import type { CliIo } from '../cli-io.ts';
import type { Said } from '../failure-json.ts';
import { DRY_RUN_DONE } from '../write/dry-run.ts';
import { printWriteJson, type WriteJson } from '../write/write-json.ts';
import { applyInstall, checkInstall } from './apply-install.ts';
import { describeInstall, type InstallPlan } from './install.ts';

/** The `--json` object of `init` and `add`: the shape every writing command prints (write-json.ts). */
function installJson(plan: InstallPlan, written: boolean, notes: readonly string[]): WriteJson {
  const { write, lossy, warnings } = plan.config;
  return {
    host: plan.destination.host,
    file: write.file,
    kind: plan.destination.kind,
    mode: write.mode,
    diff: write.diff,
    text: write.after,
    files: plan.files.map((f) => ({ file: f.file, status: f.status })),
    lossy,
    notes: [...notes, ...write.notes.map((note) => `${write.file}: ${note}`)],
    warnings,
    written,
  };
}

/** What `--json` says of the plan when the write then fails: its notes and warnings. */
export function installSaid(plan: InstallPlan, notes: readonly string[]): Said {
  const { notes: all, warnings } = installJson(plan, false, notes);
  return { notes: all, warnings };
}

/** Writes the plan (a dry run only checks it: dry-run.ts) and tells what was, or would be, written. */
export function writeAndReport(
  plan: InstallPlan,
  options: { dryRun: boolean; json: boolean; cwd: string },
  io: CliIo,
  notes: readonly string[] = [],
): void {
  const cwd = path.resolve(options.cwd);
  if (options.dryRun) checkInstall(plan);
  else applyInstall(plan);
  if (options.json) {
    printWriteJson(io, installJson(plan, !options.dryRun, notes));
    return;
  }
  for (const note of notes) io.stderr(`${note}\n`);
  const described = describeInstall(plan, cwd);
  if (described.notes !== '') io.stderr(described.notes);
  io.stdout(described.report);
  io.stdout(options.dryRun ? DRY_RUN_DONE : 'Written.\n');
}
