import path from 'node:path';
import type { Command } from 'commander';
import pc from 'picocolors';
import type { DoctorReport } from '../../doctor/run-doctor.ts';
import { runDoctor } from '../../doctor/run-doctor.ts';
import type { Finding } from '../../doctor/types.ts';
import { renderBridge } from '../bridge-listing.ts';
import type { CliIo } from '../cli-io.ts';
import { addCommonOptions, type CommonOptions } from '../common-options.ts';
import { displayPath, type LoadOverrides, loadOptionsFromCli, type Write } from '../diagnostic-lines.ts';

export interface DoctorCliOptions extends CommonOptions {
  /** Check every host, each file under the first host that reads it (the default without --profile). */
  allHosts?: boolean;
  probe?: boolean;
  requireTrust?: boolean;
  trustFile?: string;
}

const PAINT = { error: pc.red, warning: pc.yellow, info: pc.dim } as const;

function renderFinding(f: Finding, cwd: string, write: Write): void {
  const where = f.file ? `${displayPath(f.file, cwd)}:${f.line ?? 1}:${f.column ?? 1}` : '(no file)';
  const pointer = f.pointer ? ` ${pc.dim(f.pointer)}` : '';
  write(`${where}${pointer}\n`);
  write(`  ${PAINT[f.severity](f.severity)} ${pc.bold(f.code)} ${f.message}\n`);
  if (f.hook) write(`  ${pc.dim('hook:')} ${f.hook}\n`);
  write(`  ${pc.dim('host:')} ${f.host}\n`);
  write(`  ${pc.dim('fix:')}  ${f.fix}\n`);
}

function renderReport(report: DoctorReport, cwd: string, write: Write): void {
  const hooks = Object.entries(report.checked)
    .map(([host, count]) => `${host} ${count}`)
    .join(', ');
  write(`${pc.bold('doctor')} ${displayPath(report.projectDir, cwd) || '.'}: hooks checked: ${hooks}\n`);
  if (report.probe) {
    const p = report.probe;
    write(
      `${pc.bold('probe')}: ran ${p.ran} command hook(s) once in a temporary copy; isolation: ${p.isolation}\n`,
    );
    for (const n of p.notRun)
      write(`  ${pc.dim('not probed')} ${displayPath(n.file, cwd)} ${n.pointer}: ${n.why}\n`);
  }
  for (const bridge of report.bridges ?? []) renderBridge(bridge, cwd, write);
  for (const finding of report.findings) {
    write('\n');
    renderFinding(finding, cwd, write);
  }
  const others = report.findings.length - report.errors - report.warnings;
  write(
    `\n${report.errors} error(s), ${report.warnings} warning(s)${others > 0 ? `, ${others} note(s)` : ''}${report.findings.length === 0 ? ': no hook will silently fail or never fire' : ''}\n`,
  );
}

/** Runs `doctor`; returns the exit status: 1 when any finding is an error. */
export async function runDoctorCommand(
  options: DoctorCliOptions,
  write: Write,
  overrides: LoadOverrides = {},
): Promise<number> {
  const cwd = path.resolve(options.cwd);
  const { profile: _profile, ...load } = loadOptionsFromCli({ ...options, cwd }, overrides);
  const { report } = await runDoctor({
    load,
    ...(options.allHosts ? {} : { profile: options.profile }),
    ...(options.requireTrust ? { requireTrust: true } : {}),
    ...(options.probe ? { probe: true } : {}),
    ...(options.trustFile ? { trustFile: options.trustFile } : {}),
  });
  if (options.json) write(`${JSON.stringify(report)}\n`);
  else renderReport(report, cwd, write);
  return report.errors > 0 ? 1 : 0;
}

export function registerDoctorCommand(program: Command, io: CliIo): void {
  const command = program
    .command('doctor')
    .description(
      'find every hook that would silently fail or never fire, with where, what the host does, and the fix',
    )
    .option(
      '--probe',
      'also run each command hook once on a synthetic input, in a temporary copy of the project, without network',
      false,
    )
    .option(
      '--require-trust',
      'report project hooks that are not approved, as `run --require-trust` skips them',
      false,
    )
    .option('--trust-file <file>', 'trust store to read (default: $XDG_CONFIG_HOME/agent-hooks/trust.json)');
  addCommonOptions(command).action(async (options: DoctorCliOptions, self: Command) => {
    const allHosts = self.getOptionValueSource('profile') === 'default';
    io.setExitCode(await runDoctorCommand({ ...options, allHosts }, io.stdout));
  });
}
