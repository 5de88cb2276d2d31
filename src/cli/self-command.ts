// The command line that started this CLI (node, its flags, the bin, the arguments), recorded by the
// bin's entry. A command that must start itself again (the bridge's keeper) uses it; the CLI run
// in-process (tests, embedders calling runCli) has none and does the work itself.
let recorded: readonly string[] | undefined;

export function recordSelfCommand(argv: readonly string[]): void {
  recorded = argv;
}

export function selfCommand(): readonly string[] | undefined {
  return recorded;
}
