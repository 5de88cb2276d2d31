import { join, resolve } from 'node:path';
import {
  type BridgeArguments,
  earlierForm,
  installPlan,
  VSCODE_SETTINGS_FILE,
} from '../../bridge/install.ts';
import { removeInstalled } from '../../bridge/uninstall.ts';
import { readConfig } from '../../config/read-config.ts';
import type { ConfigKind } from '../../config/read-types.ts';
import type { ProfileName } from '../../model/profile-name.ts';
import type { CliIo } from '../cli-io.ts';
import type { RewriteCheckCliOptions } from '../rewrite-check-options.ts';
import { type ConfigWrite, checkConfigWrite, planConfigWrite, WriteRefused } from '../write/config-write.ts';
import { writeOrCheck } from '../write/dry-run.ts';
import { reportingFailure } from '../write/write-json.ts';
import { WriteLog } from '../write/write-log.ts';
import {
  checkRemovable,
  createdText,
  readText,
  removalStep,
  report,
  textWrite,
} from './bridge-install-files.ts';
import { noteInstallLeftovers, reportLeft, warnOtherEntries } from './bridge-install-notes.ts';
import { checkSchemasFile, schemasPath, schemasWordPath } from './bridge-install-schemas.ts';
import { carryOut, writeStep } from './bridge-install-steps.ts';
import { planLocationRemoval, vscodeLocationWrite } from './bridge-install-vscode.ts';

export interface InstallOptions extends RewriteCheckCliOptions {
  host: ProfileName;
  cwd: string;
  command: string;
  force: boolean;
  json: boolean;
  /** Plan and check every change, print it, make none (dry-run.ts). */
  dryRun: boolean;
}

/**
 * The options the installed command passes on. For install the schema file must be usable now;
 * uninstall needs only its name, and the file may be gone. A relative one is taken from the
 * project either way (bridge-install-schemas.ts), so both name the same entries.
 */
async function bridgeArguments(
  options: InstallOptions,
  projectDir: string,
  verb: 'install' | 'uninstall',
): Promise<BridgeArguments> {
  const args: BridgeArguments = {};
  if (options.toolSchemas !== undefined) {
    if (verb === 'install') await checkSchemasFile(options.toolSchemas, projectDir, process.cwd());
    args.toolSchemas = schemasWordPath(schemasPath(options.toolSchemas, projectDir), projectDir);
  }
  if (options.invalidRewrite !== undefined) args.invalidRewrite = options.invalidRewrite;
  return args;
}

/** The kind of hook file each host's bridge entries go into, as `validate` reads it. */
const KIND: Record<ProfileName, ConfigKind> = {
  'claude-code': 'claude-settings',
  'copilot-cli': 'copilot-hooks-file',
  vscode: 'vscode-hooks',
};

/**
 * The errors the host would find in the hook file as it is (JSON with comments, which Claude Code
 * cannot read, an invalid entry): the bridge entries merged into it would never run, so install
 * refuses, as `init` and `add` do, or with --force replaces the file.
 */
function hostErrors(file: string, kind: ConfigKind): (before: string) => string[] {
  return (before) =>
    readConfig({ file, text: before, kind, scope: 'project' })
      .diagnostics.filter((d) => d.severity === 'error')
      .map((d) => `${d.code} at ${d.file}:${d.line ?? '?'}:${d.column ?? '?'}: ${d.message}`);
}

/** Why bridge install or uninstall stopped: the message starts with the code (docs/errors.md). */
class BridgeInstallFailed extends Error {
  override readonly name = 'BridgeInstallFailed';
  readonly code = 'BRIDGE_INSTALL_FAILED';
  constructor(error: unknown) {
    super(`BRIDGE_INSTALL_FAILED: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/**
 * `bridge install` or `bridge uninstall` with the options `options` reads (a usage error there is
 * uncoded): a failure is BRIDGE_INSTALL_FAILED and, under --json, still one document on stdout
 * with the error and what was said before it, as for `init` and `add` (nothing stays changed).
 */
export async function runInstallCommand(
  verb: 'install' | 'uninstall',
  { json, dryRun }: { json: boolean; dryRun: boolean },
  options: () => InstallOptions,
  io: CliIo,
): Promise<void> {
  const log = new WriteLog(io, json, dryRun);
  await reportingFailure(
    io,
    json,
    () => log.said(),
    async () => {
      const given = options();
      try {
        await (verb === 'install' ? install : uninstall)(given, log);
      } catch (error) {
        throw new BridgeInstallFailed(error);
      }
    },
  );
}

async function install(options: InstallOptions, log: WriteLog): Promise<void> {
  const projectDir = resolve(options.cwd);
  const plan = installPlan(
    options.host,
    options.command,
    await bridgeArguments(options, projectDir, 'install'),
  );
  const target = join(projectDir, plan.file);
  readText(target); // A folder or an unreadable file in its place: an error that says what to do.
  const write = planConfigWrite(target, plan.config, {
    force: options.force,
    refuse: hostErrors(target, KIND[options.host]),
  });
  // Said before settings.json is read, so a failure there still carries it (--json's warnings).
  if (write.mode !== 'replace') warnOtherEntries(target, write.before, options.host, plan.config, log);
  const settings = options.host === 'vscode' ? vscodeLocationWrite(projectDir, options.force) : undefined;
  // Both files are checked before either is written (a link to nothing, a file this user may not
  // write), so a refused settings.json leaves no hook file VS Code would not read. A dry run makes
  // these checks and stops.
  for (const planned of [write, settings]) if (planned) checkConfigWrite(planned);
  if (!options.dryRun) writeInstall(write, settings);
  report(log, write);
  report(log, settings);
  log.finish({ host: options.host, file: target, kind: KIND[options.host] });
}

/** The hook file, then settings.json: should that fail all the same (a disk error), the hook file is taken back. */
function writeInstall(write: ConfigWrite, settings: ConfigWrite | undefined): void {
  carryOut(
    [
      writeStep(
        write,
        `${write.file} keeps what install wrote: run bridge uninstall with the same options once the failure is fixed`,
      ),
      writeStep(settings),
    ],
    `run bridge install again once ${settings?.file ?? write.file} can be written`,
  );
}

async function uninstall(options: InstallOptions, log: WriteLog): Promise<void> {
  const projectDir = resolve(options.cwd);
  const plan = installPlan(
    options.host,
    options.command,
    await bridgeArguments(options, projectDir, 'uninstall'),
  );
  const file = join(projectDir, plan.file);
  const done = () => log.finish({ host: options.host, file, kind: KIND[options.host] });
  const before = readText(file);
  if (before === undefined) {
    log.note(`${file}: not there, nothing to remove`);
    done();
    return;
  }
  const earlier = earlierForm(plan.config);
  const removal = removeInstalled(before, plan.config, [earlier]);
  if (typeof removal === 'string') throw new WriteRefused(`not changing ${file}: ${removal}; fix it first`);
  if (removal.removed === 0) {
    log.kept(file, before);
    log.warn(
      `${file}: holds no bridge entries for ${options.host} as written by install with --command "${options.command}"${options.toolSchemas === undefined && options.invalidRewrite === undefined ? '' : ' and these --tool-schemas/--invalid-rewrite'} (installed with other options?)`,
    );
    reportLeft(file, removal.text, options.host, plan.config, log);
    done();
    return;
  }
  // Only a file that is exactly what install creates from nothing goes: any other was there
  // before install (or was edited since), and keeps everything but the bridge's entries.
  const created = [plan.config, earlier].some((config) => before === createdText(config));
  if (created) {
    // Everything uninstall does to settings.json is planned and checked first: a settings file it
    // cannot change stops it before the hook file goes.
    const location = options.host === 'vscode' ? planLocationRemoval(projectDir, file) : undefined;
    checkRemovable(file);
    if (!options.dryRun)
      carryOut(
        [removalStep(file, before, projectDir), location?.step],
        `run bridge uninstall again once ${join(projectDir, VSCODE_SETTINGS_FILE)} can be written`,
      );
    log.deleted(file, before);
    location?.said(log);
    done();
    return;
  }
  const edit = textWrite(file, before, removal.text);
  writeOrCheck(edit, options.dryRun);
  report(log, edit);
  noteInstallLeftovers(file, removal.text, plan.config, log);
  reportLeft(file, removal.text, options.host, plan.config, log);
  done();
}
