/**
 * A command line the command does not take (an unknown event or template, a missing `--host`, an
 * option value it does not accept). Its message is the one line a person reads on stderr, as it
 * always was, without the code; a writing command's `--json` failure document carries the code
 * (write-json.ts), so a script can tell a usage error from a file the command could not write.
 */
export class CliUsageError extends Error {
  override readonly name = 'CliUsageError';
  readonly code = 'CLI_USAGE';
}
