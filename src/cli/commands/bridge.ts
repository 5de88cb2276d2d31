import { resolve } from 'node:path';
import { type Command, Option } from 'commander';
import { hostProjectDir } from '../../bridge/project-dir.ts';
import { runBridge } from '../../bridge/run-bridge.ts';
import { PROFILE_NAMES, type ProfileName } from '../../model/profile-name.ts';
import { BACKGROUND_ONLY_FLAG, startKeeper } from '../bridge-keeper.ts';
import type { CliIo } from '../cli-io.ts';
import { parseProfile } from '../common-options.ts';
import { readStdinText } from '../read-input.ts';
import {
  addRewriteCheckOptions,
  type RewriteCheckCliOptions,
  rewriteCheckEngineOptions,
} from '../rewrite-check-options.ts';
import { selfCommand } from '../self-command.ts';
import { markColdPathWarm } from '../warm-mark.ts';
import { addBridgeInstallCommands } from './bridge-install-commands.ts';

interface BridgeCliOptions extends RewriteCheckCliOptions {
  host?: ProfileName;
  event?: string;
  cwd?: string;
  from: ProfileName[];
  includeNative: boolean;
  user: boolean;
  stateDir?: string;
  backgroundOnly: boolean;
}

function collectHost(value: string, previous: ProfileName[]): ProfileName[] {
  return [...previous, parseProfile(value)];
}

/**
 * `agent-hooks bridge --host <host>`: the command a host runs as its hook (docs/bridge.md). It
 * never fails with a usage error on stdout: every problem is the host's "crashed hook" answer.
 */
export function registerBridgeCommand(program: Command, io: CliIo): void {
  const hosts = PROFILE_NAMES.join(' | ');
  const bridge = program.command('bridge');
  addRewriteCheckOptions(
    bridge
      .description("run every other agent's hooks as this host's hook: reads the host's payload on stdin")
      .option('--host <host>', `the calling host: ${hosts} (required)`, parseProfile)
      .option('--event <name>', "the event, when the payload does not name it (Copilot's camelCase payloads)")
      .option(
        '--cwd <dir>',
        'project directory (default: the one the host names, CLAUDE_PROJECT_DIR or COPILOT_PROJECT_DIR, else the working directory)',
      )
      .option('--from <host>', `read only this host's hook files (repeatable): ${hosts}`, collectHost, [])
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
    'the project (--cwd, or the one the host names)',
  ).action(async (options: BridgeCliOptions) => {
    if (!options.host) throw new Error(`bridge: --host is required (${hosts})`);
    // The host starts the bridge in the session's current folder, which follows the model's `cd`.
    const cwd =
      options.cwd === undefined
        ? hostProjectDir(options.host, process.env, process.cwd())
        : resolve(options.cwd);
    // Read before any hook runs: a bad file is the same error as for `run` (exit 1, which every
    // host reads as a failed hook). A relative file is the project's, as `bridge install` names it
    // (docs/bridge.md), wherever the host started this hook.
    const rewriteCheck = await rewriteCheckEngineOptions({
      ...options,
      ...(options.toolSchemas ? { toolSchemas: resolve(cwd, options.toolSchemas) } : {}),
    });
    const run = await runBridge({
      rewriteCheck,
      host: options.host,
      stdin: await readStdinText(io),
      cwd,
      includeNative: options.includeNative,
      noUser: !options.user,
      ...(options.event !== undefined ? { event: options.event } : {}),
      ...(options.from.length > 0 ? { from: options.from } : {}),
      ...(options.stateDir !== undefined ? { stateDir: resolve(options.stateDir) } : {}),
      ...(options.backgroundOnly ? { backgroundOnly: true } : keeperOption()),
    });
    if (run.result) markColdPathWarm();
    io.stdout(run.answer.stdout);
    io.stderr(run.answer.stderr);
    io.setExitCode(run.answer.exitCode);
  });
  addBridgeInstallCommands(bridge, io);
}

/** The bin started this bridge: it can start itself again as the keeper of the background hooks. */
function keeperOption(): { handOff?: (stdin: string) => Promise<string | undefined> } {
  const command = selfCommand();
  return command ? { handOff: (stdin) => startKeeper(command, stdin) } : {};
}
