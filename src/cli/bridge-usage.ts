// A host starts `agent-hooks bridge` as its hook and shows a crashed hook from exit 1 and stderr.
// So a bridge started wrongly (no --host, an unknown option, a bad value) answers as every other
// bridge failure does, `agent-hooks bridge: BRIDGE_USAGE: <reason>` (docs/bridge.md "Failures"),
// not with the CLI's usage text, whose `error:` line and help hint a host shows as noise.
import { resolve } from 'node:path';
import type { Command } from 'commander';
import { CRASH_EXIT_CODE, crashAnswer } from '../bridge/host-io.ts';
import type { HookEngineOptions } from '../engine/options.ts';
import { PROFILE_NAMES, type ProfileName } from '../model/profile-name.ts';
import { misplacedOptionError, subcommandAfterError } from './bridge-option-order.ts';
import { parseProfile } from './common-options.ts';
import {
  parseInvalidRewrite,
  type RewriteCheckCliOptions,
  rewriteCheckEngineOptions,
} from './rewrite-check-options.ts';
import { CliUsageError } from './usage-error.ts';

const COMMANDER_PREFIX = /^error: /;

/** The stderr of a bridge started wrongly: one line, as a host shows it. */
function usageCrash(reason: string): string {
  const line = reason
    .trim()
    .replace(COMMANDER_PREFIX, '')
    .replace(/\s*\n\s*/g, ' ')
    .replace(/\.$/, '');
  return crashAnswer('BRIDGE_USAGE', `${line}; no hook ran (\`agent-hooks bridge --help\` lists the options)`)
    .stderr;
}

/** Reports a usage error of `bridge` as a crashed hook and ends the command (commander throws). */
function failUsage(bridge: Command, reason: string): never {
  return bridge.error(reason, { exitCode: CRASH_EXIT_CODE, code: 'agent-hooks.bridgeUsage' });
}

/** The options `bridge` keeps as given, since `bridge install` takes them from it too. */
export interface UncheckedBridgeOptions extends Omit<RewriteCheckCliOptions, 'invalidRewrite'> {
  host?: string;
  from: string[];
  invalidRewrite?: string;
}

export interface CheckedBridgeOptions {
  host: ProfileName;
  /** The project the bridge serves (`projectOf` the host). */
  cwd: string;
  from: ProfileName[];
  rewriteCheck: Pick<HookEngineOptions, 'toolInputSchemas' | 'invalidRewrite'>;
}

/** What `parse` returns, or its error as a usage error, after `context` (the option, if the message does not name it). */
function parsed<T>(bridge: Command, parse: () => T, context = ''): T {
  try {
    return parse();
  } catch (error) {
    return failUsage(bridge, `${context}${error instanceof Error ? error.message : String(error)}`);
  }
}

/**
 * The options whose values commander does not check, checked, and the `--tool-schemas` file read,
 * before any hook runs. Checked here, not when commander reads them: the parent `bridge` reads
 * them for `bridge install` too, whose bad values are the CLI's usual errors.
 */
export async function checkedBridgeOptions(
  bridge: Command,
  options: UncheckedBridgeOptions,
  projectOf: (host: ProfileName) => string,
): Promise<CheckedBridgeOptions> {
  if (options.host === undefined) failUsage(bridge, `--host is required (${PROFILE_NAMES.join(' | ')})`);
  const { host: hostName } = options;
  const host = parsed(bridge, () => parseProfile(hostName), '--host: ');
  const from = options.from.map((value) => parsed(bridge, () => parseProfile(value), '--from: '));
  const cwd = projectOf(host);
  const { toolSchemas, invalidRewrite } = options;
  const checked = {
    // A relative file is the project's, as `bridge install` names it (docs/bridge.md), wherever
    // the host started this hook.
    ...(toolSchemas !== undefined ? { toolSchemas: resolve(cwd, toolSchemas) } : {}),
    ...(invalidRewrite !== undefined
      ? { invalidRewrite: parsed(bridge, () => parseInvalidRewrite(invalidRewrite)) }
      : {}),
  };
  // A schema file that cannot be used: CONFIG_TOOL_SCHEMAS_INVALID, the same message as for `run`.
  const rewriteCheck = await rewriteCheckEngineOptions(checked).catch((error: unknown) =>
    failUsage(bridge, error instanceof Error ? error.message : String(error)),
  );
  return { host, cwd, from, rewriteCheck };
}

/**
 * Makes commander report `bridge`'s own usage errors with `usageCrash`. Commander copies the
 * output settings into a subcommand when it is created, so `bridge install` and `bridge uninstall`,
 * added before this, keep the CLI's usage errors: a person runs those. So does an option of theirs
 * given before their name, which commander takes for an unknown option of `bridge`: the error
 * names the order that works (bridge-option-order.ts).
 */
export function crashOnUsageErrors(bridge: Command): void {
  bridge
    .showHelpAfterError(false)
    .configureOutput({
      outputError: (text, write) => {
        // A misplaced option of install is said once, by the CliUsageError below.
        if (subcommandAfterError(bridge) === undefined) write(usageCrash(text));
      },
    })
    .exitOverride((error) => {
      const sub = error.exitCode === 0 ? undefined : subcommandAfterError(bridge);
      // Thrown as the CLI's usage error, so that `--json` gets it in the failure document too.
      if (sub !== undefined) throw new CliUsageError(misplacedOptionError(bridge, sub));
      throw error;
    });
}
