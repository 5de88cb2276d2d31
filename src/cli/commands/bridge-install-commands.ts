// The `bridge install` and `bridge uninstall` subcommands as `bridge` registers them. Their work
// (bridge-install.ts: host files, jsonc edits, diffs) is imported when one of them runs: the host
// starts `bridge` itself on every tool call, and that needs none of it (issue 16 item 4).
import type { Command } from 'commander';
import { PROFILE_NAMES, type ProfileName } from '../../model/profile-name.ts';
import { refuseBridgeOnlyOptions } from '../bridge-option-order.ts';
import type { UncheckedBridgeOptions } from '../bridge-usage.ts';
import type { CliIo } from '../cli-io.ts';
import { parseProfile } from '../common-options.ts';
import { addRewriteCheckOptions, parseInvalidRewrite } from '../rewrite-check-options.ts';
import { CliUsageError } from '../usage-error.ts';
import { addDryRunOption } from '../write/dry-run.ts';
import type { InstallOptions } from './bridge-install.ts';

/** `bridge install` and `bridge uninstall` (docs/bridge.md "Install"). */
export function addBridgeInstallCommands(bridge: Command, io: CliIo): void {
  const hosts = PROFILE_NAMES.join(' | ');
  for (const [name, description] of [
    ['install', "route every event of the host to the bridge: merges the host's hook file, prints the diff"],
    ['uninstall', 'remove exactly the entries bridge install added'],
  ] as const) {
    const command = bridge
      .command(name)
      .description(description)
      .option('--host <host>', `the host to configure: ${hosts} (required)`, parseProfile)
      .option('--cwd <dir>', 'project directory', process.cwd())
      .option('--command <cmd>', 'how the host starts agent-hooks', 'agent-hooks');
    // The bridge options the installed command passes on; uninstall takes the same to find it.
    addRewriteCheckOptions(command, {
      relativeTo: 'the project (--cwd), where the host runs the installed command',
    });
    // Uninstall never replaces a file: it edits one it can parse or refuses, so it has no --force.
    if (name === 'install')
      command.option('--force', 'replace a hook file that cannot be merged into', false);
    addDryRunOption(command);
    command.option(
      '--json',
      'print one JSON object describing the write (as init and add do): file, mode, diff, files, notes, warnings',
      false,
    );
    command.action(async (options: Omit<InstallOptions, 'host'> & { host?: ProfileName }) => {
      const run = await import('./bridge-install.ts');
      await run.runInstallCommand(name, options, () => checkedOptions(bridge, command, options), io);
    });
  }
}

/**
 * The options of install or uninstall, with those commander hands to the parent `bridge`: `--host`
 * and `--cwd` (which it has too), `--tool-schemas` and `--invalid-rewrite`. The parent keeps their
 * values as given (bridge-usage.ts): they are checked here, with the CLI's usual errors. Any other
 * option of the bridge is refused (bridge-option-order.ts).
 */
function checkedOptions(
  bridge: Command,
  command: Command,
  options: Omit<InstallOptions, 'host'> & { host?: ProfileName },
): InstallOptions {
  refuseBridgeOnlyOptions(bridge, command);
  const name = command.name();
  const parent = bridge.opts() as { cwd: string } & UncheckedBridgeOptions;
  const cwd = bridge.getOptionValueSource('cwd') === 'cli' ? parent.cwd : options.cwd;
  const host = options.host ?? (parent.host === undefined ? undefined : parseProfile(parent.host));
  const toolSchemas = options.toolSchemas ?? parent.toolSchemas;
  const invalidRewrite =
    options.invalidRewrite ??
    (parent.invalidRewrite === undefined ? undefined : parseInvalidRewrite(parent.invalidRewrite));
  if (!host) throw new CliUsageError(`bridge ${name}: --host is required (${PROFILE_NAMES.join(' | ')})`);
  return {
    ...options,
    ...(toolSchemas !== undefined ? { toolSchemas } : {}),
    ...(invalidRewrite !== undefined ? { invalidRewrite } : {}),
    host,
    cwd,
  };
}
