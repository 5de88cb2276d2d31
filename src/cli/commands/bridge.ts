import { resolve } from 'node:path';
import { type Command, Option } from 'commander';
import { hostProjectDir } from '../../bridge/project-dir.ts';
import { runBridge } from '../../bridge/run-bridge.ts';
import { PROFILE_NAMES, type ProfileName } from '../../model/profile-name.ts';
import { BACKGROUND_ONLY_FLAG, startKeeper } from '../bridge-keeper.ts';
import { checkedBridgeOptions, crashOnUsageErrors, type UncheckedBridgeOptions } from '../bridge-usage.ts';
import type { CliIo } from '../cli-io.ts';
import { readStdinText } from '../read-input.ts';
import { collect } from '../repeated-options.ts';
import { addRewriteCheckOptions } from '../rewrite-check-options.ts';
import { selfCommand } from '../self-command.ts';
import { markColdPathWarm } from '../warm-mark.ts';
import { addBridgeInstallCommands } from './bridge-install-commands.ts';

interface BridgeCliOptions extends UncheckedBridgeOptions {
  event?: string;
  cwd?: string;
  includeNative: boolean;
  user: boolean;
  stateDir?: string;
  backgroundOnly: boolean;
}

/**
 * `agent-hooks bridge --host <host>`: the command a host runs as its hook (docs/bridge.md). It
 * never fails with a usage error on stdout: every problem, a usage error too (bridge-usage.ts), is
 * the host's "crashed hook" answer.
 */
export function registerBridgeCommand(program: Command, io: CliIo): void {
  const hosts = PROFILE_NAMES.join(' | ');
  const bridge = program.command('bridge');
  addRewriteCheckOptions(
    bridge
      .description("run every other agent's hooks as this host's hook: reads the host's payload on stdin")
      // Values checked when the bridge runs (checkedBridgeOptions), not as commander reads them.
      .option('--host <host>', `the calling host: ${hosts} (required)`)
      .option('--event <name>', "the event, when the payload does not name it (Copilot's camelCase payloads)")
      .option(
        '--cwd <dir>',
        'project directory (default: the one the host names, CLAUDE_PROJECT_DIR or COPILOT_PROJECT_DIR, else the working directory)',
      )
      .option('--from <host>', `read only this host's hook files (repeatable): ${hosts}`, collect, [])
      .option('--include-native', "also run the calling host's own hook files (it already runs them)", false)
      .option('--no-user', 'ignore user-level configuration in the home directory')
      .option(
        '--state-dir <dir>',
        'per-session state between invocations (default: $XDG_STATE_HOME/agent-hooks, else ~/.local/state/agent-hooks)',
      )
      // The keeper the bridge starts for background hooks (src/cli/bridge-keeper.ts), not for people.
      .addOption(
        new Option(BACKGROUND_ONLY_FLAG, 'run only the background hooks, to the end')
          .default(false)
          .hideHelp(),
      ),
    { relativeTo: 'the project (--cwd, or the one the host names)', checkNow: false },
  ).action(async (options: BridgeCliOptions) => {
    // The host starts the bridge in the session's current folder, which follows the model's `cd`.
    const projectOf = (host: ProfileName): string =>
      options.cwd === undefined ? hostProjectDir(host, process.env, process.cwd()) : resolve(options.cwd);
    const { host, cwd, from, rewriteCheck } = await checkedBridgeOptions(bridge, options, projectOf);
    const run = await runBridge({
      rewriteCheck,
      host,
      stdin: await readStdinText(io),
      cwd,
      includeNative: options.includeNative,
      noUser: !options.user,
      ...(options.event !== undefined ? { event: options.event } : {}),
      ...(from.length > 0 ? { from } : {}),
      ...(options.stateDir !== undefined ? { stateDir: resolve(options.stateDir) } : {}),
      ...(options.backgroundOnly ? { backgroundOnly: true } : keeperOption()),
    });
    if (run.result) markColdPathWarm();
    io.stdout(run.answer.stdout);
    io.stderr(run.answer.stderr);
    io.setExitCode(run.answer.exitCode);
  });
  addBridgeInstallCommands(bridge, io);
  // After the subcommands, which keep the CLI's usage errors (bridge-usage.ts).
  crashOnUsageErrors(bridge);
}

/** The bin started this bridge: it can start itself again as the keeper of the background hooks. */
function keeperOption(): { handOff?: (stdin: string) => Promise<string | undefined> } {
  const command = selfCommand();
  return command ? { handOff: (stdin) => startKeeper(command, stdin) } : {};
}
