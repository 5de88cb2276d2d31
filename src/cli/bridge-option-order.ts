// `bridge` is the hook a host runs and the parent of `bridge install` / `bridge uninstall`, which a
// person runs. Commander gives every option `bridge` knows to `bridge`, before the subcommand's name
// or after it, and an option it does not know before the name makes the rest unknown: those
// install shares with it (--host, --cwd, --tool-schemas, --invalid-rewrite) are taken from there
// (bridge-install-commands.ts), so `bridge --host vscode install` works. The bridge's other options
// and install's own options before its name would be dropped or misread: each says so.
import type { Command } from 'commander';
import { CliUsageError } from './usage-error.ts';

/** The subcommand (install or uninstall) a person named after a bad option, if any. */
export function subcommandAfterError(bridge: Command): string | undefined {
  // On an unknown option commander keeps it and every word after it in `args`; a host's call
  // (`bridge --host X`, arguments refused) never names a subcommand there.
  return bridge.commands.map((command) => command.name()).find((name) => bridge.args.includes(name));
}

/** A word for a shell line: quoted when it holds anything a shell would read. */
function shellWord(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/** `bridge`'s own options given on the command line, as words, to repeat them in a line. */
function givenWords(bridge: Command): string[] {
  const values = bridge.opts() as Record<string, unknown>;
  const words: string[] = [];
  for (const option of bridge.options) {
    const key = option.attributeName();
    if (bridge.getOptionValueSource(key) !== 'cli') continue;
    const flag = option.long ?? option.flags;
    const value = values[key];
    if (typeof value === 'boolean') words.push(flag);
    for (const each of Array.isArray(value) ? value : [value])
      if (typeof each === 'string') words.push(flag, each);
  }
  return words;
}

/**
 * The CLI's usual error (a person ran install, not a host) for an option of install or
 * uninstall given before its name, where commander took it for one of the bridge's own:
 * `agent-hooks bridge --json --host vscode install`. It names the line that works.
 */
export function misplacedOptionError(bridge: Command, name: string): string {
  const [first = ''] = bridge.args;
  const rest = bridge.args.filter((_word, at) => at !== bridge.args.indexOf(name));
  const line = ['agent-hooks', 'bridge', name, ...givenWords(bridge), ...rest].map(shellWord);
  return `bridge ${name}: ${first.split('=')[0]} is given before '${name}', where only the bridge's own options are read; write ${name}'s options after its name: ${line.join(' ')}`;
}

/**
 * Refuses, with the CLI's usual error, an option of the bridge that `sub` does not take
 * (`bridge --from claude-code install`, or after the name: commander gives it to the bridge
 * either way), which would otherwise be dropped without a word.
 */
export function refuseBridgeOnlyOptions(bridge: Command, sub: Command): void {
  const name = sub.name();
  const shared = new Set(sub.options.map((option) => option.attributeName()));
  for (const option of bridge.options) {
    const key = option.attributeName();
    if (shared.has(key) || bridge.getOptionValueSource(key) !== 'cli') continue;
    throw new CliUsageError(
      `bridge ${name}: ${option.long ?? option.flags} is an option of the bridge a host runs, which bridge ${name} does not take nor write into the command it installs; leave it out (\`agent-hooks bridge ${name} --help\` lists its options)`,
    );
  }
}
