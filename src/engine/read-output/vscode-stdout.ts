// VS Code parses a hook's stdout only on exit 0 (other-agents-hooks.md §2.5
// `NodeHookExecutor.executeCommand`: exit 0 → stdout `JSON.parse`d; exit 2 → a blocking error
// carrying stderr; any other code or a signal → a non-blocking warning carrying stderr). Claude
// Code reads the JSON on every exit code (claude-code-hooks.md §3.2); VS Code does not, so a JSON
// object printed before a non-zero exit decides nothing there, and the engine says so.
import type { FinishedRun } from './output-reader.ts';
import { endingOf } from './output-reader.ts';

/** The exit code VS Code reads as a blocking error (§2.5). */
const BLOCKING_EXIT = 2;

/** What a hook whose JSON should count does instead. */
const EXIT_0_FIX = 'to have the JSON read, print it and exit 0';

/**
 * The run as VS Code reads it: on any exit but 0 its stdout is not parsed, so a JSON object there
 * is dropped with a warning naming it (ENGINE_OUTPUT_IGNORED); exit 2's reason is stderr alone.
 */
export function vscodeStdoutOnExit0(run: FinishedRun): FinishedRun {
  if (run.exitCode === 0) return run;
  if (run.json !== null) run.warnings.push(ignoredJson(run, Object.keys(run.json)));
  return { ...run, json: null, text: '' };
}

function ignoredJson(run: FinishedRun, keys: string[]): string {
  const what = `ignored the JSON object on stdout (${keys.map((key) => `"${key}"`).join(', ')})`;
  const why = 'VS Code parses stdout only on exit 0 (other-agents-hooks.md §2.5)';
  const ending = endingOf(run);
  const instead =
    run.exitCode === BLOCKING_EXIT
      ? `${ending} is a blocking error that carries stderr only`
      : `${ending} is a non-blocking warning carrying stderr`;
  return `${what}: ${why}, and ${instead}; ${EXIT_0_FIX}`;
}
