import { resolve } from 'node:path';
import type { Command } from 'commander';
import { createHookEngine } from '../../engine/engine.ts';
import type { TelemetryListener } from '../../engine/telemetry/bus.ts';
import { askPerson, requireTerminalForInteractive } from '../ask-person.ts';
import type { CliIo } from '../cli-io.ts';
import { closeOnSignal } from '../close-on-signal.ts';
import { addCommonOptions, type CommonOptions, settingsArguments } from '../common-options.ts';
import { unreadableConfiguration } from '../config-status.ts';
import { displayPath, loadOptionsFromCli } from '../diagnostic-lines.ts';
import { requireToolName, resolveEventArg } from '../event-arg.ts';
import { type IgnoredHostFile, otherHostsFiles } from '../hosts.ts';
import { createLiveDisplay } from '../live-display.ts';
import { readRunInput } from '../read-input.ts';
import { renderResult } from '../render-result.ts';
import {
  addRewriteCheckOptions,
  type RewriteCheckCliOptions,
  rewriteCheckEngineOptions,
} from '../rewrite-check-options.ts';
import { runJson } from '../run-json.ts';
import { openTrace } from '../trace-option.ts';
import { markColdPathWarm } from '../warm-mark.ts';

interface RunOptions extends CommonOptions, RewriteCheckCliOptions {
  input?: string;
  requireTrust: boolean;
  interactive: boolean;
  sessionId?: string;
  trustFile?: string;
  trace?: string;
}

/** `agent-hooks run <Event>`: dispatch one event and report it (DESIGN.md "CLI contract"). */
export function registerRunCommand(program: Command, io: CliIo): void {
  runCommand(program).action(async (event: string, options: RunOptions) => {
    const eventName = resolveEventArg(event);
    if (options.interactive) requireTerminalForInteractive(io);
    const { input, from } = await readRunInput(options.input, io);
    requireToolName(eventName, input, from);
    const cwd = resolve(options.cwd);
    const rewriteCheck = await rewriteCheckEngineOptions(options);
    // Opened before any hook runs: a trace that cannot be written refuses the run (CLI_TRACE_UNWRITABLE).
    const trace = options.trace ? await openTrace(resolve(options.trace)) : undefined;
    const engine = await engineFor(options, cwd, trace?.listener, rewriteCheck);
    const stopClosingOnSignal = closeOnSignal(async () => {
      await engine.close();
      await trace?.close();
    });
    // A live view of running hooks on a terminal; never mixed into the --json object.
    const live = !options.json && io.stderrIsTTY ? createLiveDisplay(io.stderr) : undefined;
    if (live) engine.telemetry.subscribe(live);
    // Read while the hooks run: the host waits for them anyway (issue 16 item 4).
    const ignoring = otherHostsFiles(options.profile, loadOptionsFromCli({ ...options, cwd }));
    ignoring.catch(() => undefined);
    try {
      const dispatched = await engine.dispatch(eventName, input);
      markColdPathWarm();
      live?.finish();
      const { result, asked } = options.interactive
        ? await askPerson(dispatched, input, io)
        : { result: dispatched, asked: undefined };
      // A write that failed during the run is in the result, not only on stderr after it.
      const traceFailed = trace ? await trace.writeFailure() : undefined;
      const diagnostics = traceFailed
        ? [...engine.config.diagnostics, traceFailed]
        : engine.config.diagnostics;
      const ignored = await ignoring;
      if (options.json) {
        const json = {
          ...runJson(result, diagnostics),
          ...(asked ? { asked } : {}),
          ...(ignored.length > 0 ? { ignoredHostFiles: ignored } : {}),
        };
        io.stdout(`${JSON.stringify(json, null, 2)}\n`);
      } else {
        const person = asked ? `  answered by the person: ${asked.answer}\n` : '';
        io.stdout(renderResult(result, diagnostics, cwd) + person + ignoredLines(ignored, cwd));
      }
      // README "CLI": a configuration file that could not be read, or a trace that could not be
      // written, is exit 1, whatever was decided.
      if (unreadableConfiguration(diagnostics) || traceFailed) io.setExitCode(1);
    } finally {
      await engine.close();
      await trace?.close();
      stopClosingOnSignal();
    }
  });
}

/** The `run` command with its options (DESIGN.md "CLI contract"; `--tool-schemas` is issue 12 point 19). */
function runCommand(program: Command): Command {
  const run = addCommonOptions(
    program
      .command('run')
      .description('dispatch one event to the configured hooks and show the decision')
      .argument('<event>', 'event name in any dialect (PreToolUse, preToolUse, agentStop, …)')
      .option(
        '--input <file|-|json>',
        'event input: a JSON file, - for stdin, or a JSON object literal (default: stdin when it is not a terminal)',
      )
      .option(
        '--require-trust',
        'skip project hooks that have not been approved with `agent-hooks trust`',
        false,
      )
      .option(
        '--interactive',
        'ask the person at the terminal when a hook decides "ask" (otherwise ask becomes deny)',
        false,
      )
      .option('--session-id <id>', 'session id given to the hooks')
      .option(
        '--trust-file <file>',
        'trust store to read (default: $XDG_CONFIG_HOME/agent-hooks/trust.json)',
      ),
  ).option('--trace <file>', 'append every telemetry event of the run to FILE as JSON lines');
  return addRewriteCheckOptions(run);
}

function engineFor(
  options: RunOptions,
  cwd: string,
  onTelemetry: TelemetryListener | undefined,
  rewriteCheck: Awaited<ReturnType<typeof rewriteCheckEngineOptions>>,
) {
  return createHookEngine({
    ...(onTelemetry ? { onTelemetry } : {}),
    ...rewriteCheck,
    cwd,
    profile: options.profile,
    noUser: !options.user,
    settingsFiles: settingsArguments(options.settings),
    pluginDirs: options.pluginDir.map((dir) => resolve(dir)),
    ...(options.trustFolder ? { copilotTrustFolder: true } : {}),
    interactive: options.interactive,
    explain: true,
    // One process per event: the host's model reads a spill after this run ends (SessionEnd deletes it).
    keepSpillsOnClose: true,
    untrusted: options.requireTrust ? 'skip' : 'run',
    ...(options.trustFile ? { trustFile: resolve(options.trustFile) } : {}),
    ...(options.sessionId ? { sessionId: options.sessionId } : {}),
  });
}

/** Other hosts' hook files this profile did not read, with the --profile that would run them. */
function ignoredLines(ignored: readonly IgnoredHostFile[], cwd: string): string {
  return ignored
    .map(
      (entry) =>
        `  ignored ${displayPath(entry.file, cwd)}: a ${entry.host} hook file; run with --profile ${entry.host} to run its hooks\n`,
    )
    .join('');
}
