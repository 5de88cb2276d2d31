// Claude Code's reading of a finished run (claude-code-hooks.md §3.2, §3.3); VS Code reads the same
// way except that it parses stdout on exit 0 only and only exit 0 and 2 count (other-agents-hooks.md
// §2.5; vscode-stdout.ts).

import { describeEffect } from './describe-effect.ts';
import type { HandlerEffect } from './effect.ts';
import { applyExit2, exit2Words } from './exit-2.ts';
import { blockingFailure } from './failure.ts';
import { type Interpretation, interpretation } from './interpretation.ts';
import { endingOf, type FailedRun, type FinishedRun, type OutputReader } from './output-reader.ts';
import { firstLine, parseStdout } from './parse-stdout.ts';
import { readJsonOutput } from './read-json.ts';
import { vscodeAsyncFirstLine } from './vscode-async.ts';
import { vscodeStdoutOnExit0 } from './vscode-stdout.ts';

export const CLAUDE_READER: OutputReader = {
  name: 'claude',
  read: (run) => readClaudeStyle(run, true),
  readFailure: (run) => blocksOnTimeout(run) ?? noVerdict(run),
};

/** Claude Code's notices for a hook that gave no verdict (its `hook_no_verdict`; issue 12 point 8). */
const NO_VERDICT_NOTICE = {
  timeout: "A hook didn't answer in time, so it didn't check this action.",
  'exit-127': "A hook gave no usable answer, so it didn't check this action.",
} as const;

// claude-code-observed.md: a timeout and a missing script (exit 127) fail open; the host shows
// its own notice. A command that never started is Claude Code's exit 127 from `/bin/sh -c`.
function noVerdict(run: FailedRun): Interpretation | undefined {
  const kind = run.outcome === 'timeout' ? 'timeout' : run.outcome === 'spawn-error' ? 'exit-127' : undefined;
  if (!kind) return undefined;
  return interpretation(
    run.outcome,
    { userNotice: NO_VERDICT_NOTICE[kind] },
    `${run.message}; no verdict, the action proceeds`,
    run.warnings,
    { noVerdict: kind },
  );
}

/** Claude's reading of stdout on exit 0 only: VS Code parses no other (other-agents-hooks.md §2.5). */
export const VSCODE_READER: OutputReader = {
  name: 'vscode',
  read: (run) => readClaudeStyle(vscodeStdoutOnExit0(run), false),
  readFailure: () => undefined,
};

// claude-code-hooks.md §3.3: PreModelSwitch blocks on timeout.
function blocksOnTimeout(run: FailedRun): Interpretation | undefined {
  if (run.outcome !== 'timeout' || run.spec.name !== 'PreModelSwitch') return undefined;
  return blockingFailure(run.spec, run.message, run.warnings, null, run.outcome);
}

/** `jsonDecides`: another exit code with a JSON object in stdout still decides, and shows no error. */
function readClaudeStyle(run: FinishedRun, jsonDecides: boolean): Interpretation {
  const { effect, invalid } = readJsonOutput(run);
  const invalidJson = !run.json && run.text.startsWith('{');
  if (invalidJson) run.warnings.push(INVALID_JSON_WARNING);
  const asyncLine =
    invalidJson && run.handler.dialect === 'vscode' ? vscodeAsyncFirstLine(run.text) : undefined;
  if (asyncLine !== undefined) run.warnings.push(asyncLine);
  if (!run.json && run.stderr.trim().startsWith('{') && parseStdout(run.stderr).json) {
    run.warnings.push(
      'stderr holds a JSON object, but hosts read hook JSON from stdout only: print it to stdout',
    );
  }
  if (run.exitCode === 2) return readExit2(run, effect);
  if (run.blockOnFailure) {
    const failure = outputFailure(invalidJson, invalid);
    if (failure && run.exitCode === 0) return blockingFailure(run.spec, failure, run.warnings, run.json);
    if (run.exitCode !== 0) return readOtherExit(run);
  }
  if (run.exitCode === 0) return readSuccess(run, effect);
  if (run.json && jsonDecides) {
    const words = describeEffect(effect, null, run.spec);
    return interpretation(
      'success',
      effect,
      `exit ${run.exitCode} but stdout held a JSON object, which decides: ${words}`,
      run.warnings,
      { output: run.json },
    );
  }
  return readOtherExit(run);
}

const INVALID_JSON_WARNING = 'stdout starts with "{" but is not valid JSON; read as plain text';

/**
 * claude-code-hooks.md §4.1: with `onFailure: "block"`, printed JSON that is invalid or fails
 * validation is a failure like a bad exit code (issue 12 point 9). The text is the reason.
 */
function outputFailure(invalidJson: boolean, invalid: string[]): string | undefined {
  if (invalidJson) return 'Hook printed invalid JSON (stdout starts with "{" but does not parse)';
  if (invalid.length === 0) return undefined;
  return `Hook JSON output failed validation: ${invalid.join('; ')}`;
}

function readSuccess(run: FinishedRun, effect: HandlerEffect): Interpretation {
  const plainText = run.json ? null : run.text || null;
  if (plainText !== null && run.spec.plainStdout === 'path') effect.eventFields = { worktreePath: plainText };
  const explanation = describeEffect(effect, plainText, run.spec);
  // A literal, not `interpretation()`: the path every successful in-process hook takes.
  return {
    outcome: 'success',
    effect,
    output: run.json,
    plainText,
    blockedByExit: false,
    explanation,
    warnings: run.warnings,
  };
}

// claude-code-hooks.md §3.3: exit 2 cannot be overridden by JSON; the message is the JSON blocking
// reason when the JSON makes a blocking decision, else stderr.
function readExit2(run: FinishedRun, effect: HandlerEffect): Interpretation {
  const jsonReason =
    effect.block?.reason || (effect.permission === 'deny' ? effect.permissionReason : undefined);
  const reason = jsonReason || run.stderr.trim();
  const blocked = applyExit2(run.spec, reason, effect);
  const words = exit2Words(run.spec);
  // claude-code-observed.md: the model reads exit-2 stderr verbatim (`…: nope\n`); only the
  // result's `reason` is trimmed.
  const modelReason = jsonReason || run.stderr;
  return interpretation(
    blocked ? 'blocking' : 'non-blocking-error',
    effect,
    blocked ? `${run.cause}: ${words}` : `${run.cause} on ${run.spec.name}: ${words}`,
    run.warnings,
    { output: run.json, blockedByExit: blocked, ...(modelReason !== reason ? { modelReason } : {}) },
  );
}

function readOtherExit(run: FinishedRun): Interpretation {
  if (run.exitCode === 127 && !run.blockOnFailure && run.handler.type === 'command') {
    return interpretation(
      'non-blocking-error',
      { userNotice: NO_VERDICT_NOTICE['exit-127'] },
      'exit 127: no verdict, the action proceeds',
      run.warnings,
      { output: run.json, noVerdict: 'exit-127' },
    );
  }
  const detail = firstLine(run.stderr);
  const notice = `Failed with non-blocking status code: ${detail || `exit ${run.exitCode}`}`;
  if (run.blockOnFailure) return blockingFailure(run.spec, notice, run.warnings, run.json);
  return interpretation(
    'non-blocking-error',
    { userNotice: notice },
    `${endingOf(run)}: non-blocking error, the action proceeds`,
    run.warnings,
    { output: run.json },
  );
}
