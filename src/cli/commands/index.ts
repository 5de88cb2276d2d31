import type { Command } from 'commander';
import type { CliIo } from '../cli-io.ts';

/** Each CLI command lives in its own file and registers itself on the program. */
export type RegisterCommand = (program: Command, io: CliIo) => void;

/**
 * One command: its name on the command line and how to load its file. A host runs `bridge` or
 * `run` on every tool call, so the program loads only the file of the command it was given
 * (every file only for help, a typo or no command): each `load` is a dynamic import, which the
 * bundled bin turns into a chunk of its own (scripts/bundle-cli.mjs, issue 16 item 4).
 * A new command adds one line here, in the order `--help` lists it.
 */
export interface CommandEntry {
  name: string;
  load: () => Promise<RegisterCommand>;
}

export const COMMANDS: readonly CommandEntry[] = [
  { name: 'run', load: async () => (await import('./run.ts')).registerRunCommand },
  { name: 'validate', load: async () => (await import('./validate.ts')).registerValidateCommand },
  { name: 'list', load: async () => (await import('./list.ts')).registerListCommand },
  { name: 'test', load: async () => (await import('./test.ts')).registerTestCommand },
  { name: 'schema', load: async () => (await import('./schema.ts')).registerSchemaCommand },
  { name: 'trust', load: async () => (await import('./trust.ts')).registerTrustCommand },
  { name: 'convert', load: async () => (await import('./convert.ts')).registerConvertCommand },
  { name: 'create', load: async () => (await import('./create.ts')).registerCreateCommand },
  { name: 'doctor', load: async () => (await import('./doctor.ts')).registerDoctorCommand },
  { name: 'init', load: async () => (await import('./init.ts')).registerInitCommand },
  { name: 'add', load: async () => (await import('./add.ts')).registerAddCommand },
  { name: 'mcp-proxy', load: async () => (await import('./mcp-proxy.ts')).registerMcpProxyCommand },
  { name: 'bridge', load: async () => (await import('./bridge.ts')).registerBridgeCommand },
  // The fleet server: each loads its packages only when run (src/server/, agent-hooks/server).
  { name: 'serve', load: async () => (await import('./serve.ts')).registerServeCommand },
  { name: 'inspect', load: async () => (await import('./inspect.ts')).registerInspectCommand },
  { name: 'audit', load: async () => (await import('./audit.ts')).registerAuditCommand },
  { name: 'token', load: async () => (await import('./token.ts')).registerTokenCommand },
  { name: 'completion', load: async () => (await import('./completion.ts')).registerCompletionCommand },
];

/** Arguments that reach no command: the program prints its version itself. */
const VERSION_FLAGS: ReadonlySet<string> = new Set(['-V', '--version']);

/**
 * The commands `argv` can reach: the one it names first, none for `--version` alone, or all of
 * them when its first word is no command name (an option such as `--help`, `help`, a typo that
 * needs suggestions, nothing). Loading them all made `--version` the slowest start of the CLI.
 */
export async function commandsFor(argv: readonly string[]): Promise<RegisterCommand[]> {
  if (argv.length === 1 && VERSION_FLAGS.has(argv[0] as string)) return [];
  const named = COMMANDS.find((command) => command.name === argv[0]);
  return Promise.all((named ? [named] : COMMANDS).map((command) => command.load()));
}
