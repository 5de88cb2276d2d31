#!/usr/bin/env node
import { isAbsolute } from 'node:path';
import { dropWritesWhenReaderGoes, processStreams } from './cli-io.ts';
import { printStartFailureJson, runCli } from './program.ts';
import { recordSelfCommand } from './self-command.ts';

dropWritesWhenReaderGoes([process.stdout, process.stderr]);
const args = process.argv.slice(2);
recordSelfCommand([process.execPath, ...process.execArgv, ...process.argv.slice(1)]);
// No top-level await: the bundled bin is CommonJS (scripts/bundle-cli.mjs), which has none.
if (startsOutsideDeletedDirectory(args))
  void runCli(args, processStreams()).then((code) => {
    process.exitCode = code;
  });

/**
 * Started in a directory that was deleted, `process.cwd()` throws ENOENT: every command would die
 * with a stack trace, even `--version`. Commands that do not need the directory (version, help,
 * an absolute `--cwd`) run from `/` instead; anything else gets one clear line and exit status 1
 * (CLI_CWD_DELETED), and under `--json` its failure document on stdout.
 */
function startsOutsideDeletedDirectory(argv: string[]): boolean {
  try {
    process.cwd();
    return true;
  } catch {
    // The directory is gone.
  }
  const cwdAt = argv.findIndex((arg) => arg === '--cwd' || arg.startsWith('--cwd='));
  const cwdValue = cwdAt < 0 ? undefined : (argv[cwdAt]?.split('=')[1] ?? argv[cwdAt + 1]);
  const needsNoDirectory = argv.every((arg) => /^(-V|--version|-h|--help|help)$/.test(arg));
  if (needsNoDirectory || (cwdValue !== undefined && isAbsolute(cwdValue))) {
    process.chdir('/');
    return true;
  }
  // Coded as a HookError is, without loading the catalogue on every start (errors.ts).
  const gone = Object.assign(
    new Error(
      'the current directory no longer exists (deleted or moved); cd to an existing directory or pass an absolute --cwd DIR',
    ),
    { code: 'CLI_CWD_DELETED' },
  );
  process.stderr.write(`agent-hooks: ${gone.message}\n`);
  process.exitCode = 1;
  // Under --json, the failure document too (usage-json.ts): a script has something to parse.
  void printStartFailureJson(argv, processStreams(), gone);
  return false;
}
