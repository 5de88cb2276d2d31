import { readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Command } from 'commander';
import { applyEdits, modify } from 'jsonc-parser';
import {
  installPlan,
  VSCODE_HOOKS_FOLDER,
  VSCODE_LOCATIONS_KEY,
  VSCODE_SETTINGS_FILE,
} from '../../bridge/install.ts';
import { removeInstalled } from '../../bridge/uninstall.ts';
import { PROFILE_NAMES, type ProfileName } from '../../model/profile-name.ts';
import type { CliIo } from '../cli-io.ts';
import { parseProfile } from '../common-options.ts';
import { applyConfigWrite, type ConfigWrite, planConfigWrite, WriteRefused } from '../write/config-write.ts';
import { unifiedDiff } from '../write/line-diff.ts';

interface InstallOptions {
  host: ProfileName;
  cwd: string;
  command: string;
  force: boolean;
}

function readText(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

function textWrite(file: string, before: string | undefined, after: string): ConfigWrite {
  return {
    file,
    before,
    after,
    mode: before === undefined ? 'create' : 'merge',
    notes: [],
    diff: unifiedDiff(file, before, after),
  };
}

/**
 * VS Code reads `.vscode/hooks` only when `chat.hookFilesLocations` names it (other-agents-hooks.md
 * §2.2); the key is set with a jsonc edit so the rest of settings.json, comments included, stays.
 */
function vscodeLocationWrite(projectDir: string, on: boolean): ConfigWrite | undefined {
  const file = join(projectDir, VSCODE_SETTINGS_FILE);
  const before = readText(file);
  if (!on && before === undefined) return undefined;
  const text = before ?? '{}\n';
  const edits = modify(text, [VSCODE_LOCATIONS_KEY, VSCODE_HOOKS_FOLDER], on ? true : undefined, {
    formattingOptions: { insertSpaces: true, tabSize: 2 },
  });
  const after = applyEdits(text, edits);
  return after === before ? undefined : textWrite(file, before, after);
}

function report(io: CliIo, write: ConfigWrite | undefined): void {
  if (!write) return;
  for (const note of write.notes) io.stderr(`${write.file}: ${note}\n`);
  if (write.diff === '') io.stderr(`${write.file}: already bridged, nothing changed\n`);
  else io.stdout(write.diff);
}

function install(options: InstallOptions, io: CliIo): void {
  const projectDir = resolve(options.cwd);
  const plan = installPlan(options.host, options.command);
  const write = planConfigWrite(join(projectDir, plan.file), plan.config, { force: options.force });
  const settings = options.host === 'vscode' ? vscodeLocationWrite(projectDir, true) : undefined;
  applyConfigWrite(write);
  if (settings) applyConfigWrite(settings);
  report(io, write);
  report(io, settings);
}

function uninstall(options: InstallOptions, io: CliIo): void {
  const projectDir = resolve(options.cwd);
  const plan = installPlan(options.host, options.command);
  const file = join(projectDir, plan.file);
  const before = readText(file);
  if (before === undefined) {
    io.stderr(`${file}: not there, nothing to remove\n`);
    return;
  }
  const removal = removeInstalled(before, plan.config);
  if (typeof removal === 'string') throw new WriteRefused(`not changing ${file}: ${removal}; fix it first`);
  if (removal.removed === 0) {
    io.stderr(
      `${file}: holds no bridge entries for ${options.host} (installed with --command "${options.command}"?)\n`,
    );
    return;
  }
  if (removal.text === null) {
    rmSync(file);
    io.stdout(unifiedDiff(file, before, ''));
    if (options.host === 'vscode') report(io, applied(vscodeLocationWrite(projectDir, false)));
    return;
  }
  report(io, applied(textWrite(file, before, removal.text)));
}

function applied(write: ConfigWrite | undefined): ConfigWrite | undefined {
  if (write) applyConfigWrite(write);
  return write;
}

/** `bridge install` and `bridge uninstall` (docs/bridge.md "Install"). */
export function addBridgeInstallCommands(bridge: Command, io: CliIo): void {
  const hosts = PROFILE_NAMES.join(' | ');
  for (const [name, run, description] of [
    [
      'install',
      install,
      "route every event of the host to the bridge: merges the host's hook file, prints the diff",
    ],
    ['uninstall', uninstall, 'remove exactly the entries bridge install added'],
  ] as const) {
    const command = bridge
      .command(name)
      .description(description)
      .option('--host <host>', `the host to configure: ${hosts} (required)`, parseProfile)
      .option('--cwd <dir>', 'project directory', process.cwd())
      .option('--command <cmd>', 'how the host starts agent-hooks', 'agent-hooks');
    // Uninstall never replaces a file: it edits one it can parse or refuses, so it has no --force.
    if (name === 'install')
      command.option('--force', 'replace a hook file that cannot be merged into', false);
    command.action((options: Omit<InstallOptions, 'host'> & { host?: ProfileName }) => {
      // Commander hands `--host` and `--cwd` to the parent `bridge`, which has options of those names.
      const parent = bridge.opts() as { host?: ProfileName; cwd: string };
      const cwd = bridge.getOptionValueSource('cwd') === 'cli' ? parent.cwd : options.cwd;
      const host = options.host ?? parent.host;
      if (!host) throw new Error(`bridge ${name}: --host is required (${hosts})`);
      run({ ...options, host, cwd }, io);
    });
  }
}
