// Copilot CLI's reading of a finished run (other-agents-hooks.md §1.5): exit 0 parses stdout once;
// exit 2 denies preToolUse and permissionRequest (an `allow` in stdout is overridden), adds context
// on postToolUseFailure and is a warning elsewhere; other codes fail open except on preToolUse.

import type { NormalizedHandler } from '../../model/handler.ts';
import { describeEffect } from './describe-effect.ts';
import type { HandlerEffect } from './effect.ts';
import { type Interpretation, interpretation } from './interpretation.ts';
import { endingOf, type FailedRun, type FinishedRun, type OutputReader } from './output-reader.ts';
import { firstLine } from './parse-stdout.ts';
import { jsonEffect } from './read-json.ts';

/** copilot-cli-observed.md "What the host does": exit 2 denies with this reason; stderr stays hidden. */
export const COPILOT_EXIT_2_REASON = 'hook exited with code 2';

/** copilot-cli-observed.md: `Denied by preToolUse hook from ".github/hooks/<file>" (hook errored)`. */
function erroredReason(handler: NormalizedHandler): string {
  const file = handler.source.file.replaceAll('\\', '/');
  const at = file.lastIndexOf('.github/hooks/');
  return `Denied by preToolUse hook from "${at >= 0 ? file.slice(at) : file}" (hook errored)`;
}

export const COPILOT_READER: OutputReader = {
  name: 'copilot',
  read: readCopilot,
  readFailure: failsClosed,
};

function readCopilot(run: FinishedRun): Interpretation {
  const effect = jsonEffect(run);
  if (!run.json && run.text) {
    run.warnings.push('stdout is not one JSON object: Copilot CLI treats it as no output');
  }
  const extra = { output: run.json };
  if (run.exitCode === 0) {
    return interpretation('success', effect, describeEffect(effect, null, run.spec), run.warnings, extra);
  }
  if (run.exitCode === 2) return readExit2(run, effect);
  if (run.spec.name === 'PreToolUse') {
    return interpretation(
      'non-blocking-error',
      { permission: 'deny', permissionReason: erroredReason(run.handler) },
      `${endingOf(run)}: Copilot CLI fails closed on preToolUse`,
      run.warnings,
      { ...extra, blockedByExit: true },
    );
  }
  return interpretation(
    'non-blocking-error',
    { userNotice: firstLine(run.stderr) || endingOf(run) },
    `${endingOf(run)}: logged, fail-open`,
    run.warnings,
    extra,
  );
}

function readExit2(run: FinishedRun, effect: HandlerEffect): Interpretation {
  const { spec, warnings } = run;
  const blocking = { output: run.json, blockedByExit: true };
  if (spec.name === 'PreToolUse') {
    // Exit 2 beats a stdout allow, and the model never sees stderr (copilot-cli-observed.md "What
    // the host does with the output"). The stdout JSON is merged with the deny: a reason it gives,
    // with any decision, is the denial's (seen in a run of Copilot CLI 1.0.102, docs/host-differences.md);
    // without one the reason is `hook exited with code 2`.
    const stdoutReason = effect.permissionReason;
    effect.permission = 'deny';
    if (!stdoutReason)
      effect.permissionReason = run.cause === 'exit 2' ? COPILOT_EXIT_2_REASON : run.stderr.trim();
    delete effect.updatedInput;
    return interpretation(
      'blocking',
      effect,
      `${run.cause}: Copilot CLI denies the tool call; stderr is not shown to the model`,
      warnings,
      blocking,
    );
  }
  if (spec.name === 'PermissionRequest') {
    // seed 003 "permissionRequest": exit 2 merges the stdout JSON with {"behavior":"deny"}, so its
    // `message` and `interrupt` survive (even without a `behavior` of their own); stderr is ignored.
    const json = run.json ?? {};
    const message = effect.permissionRequest?.message ?? stringField(json.message);
    const interrupt = effect.permissionRequest?.interrupt ?? booleanField(json.interrupt);
    effect.permissionRequest = {
      behavior: 'deny',
      ...(message !== undefined ? { message } : {}),
      ...(interrupt !== undefined ? { interrupt } : {}),
    };
    const explanation = `${run.cause}: Copilot CLI denies the permission request`;
    return interpretation('blocking', effect, explanation, warnings, blocking);
  }
  if (spec.name === 'PostToolUseFailure') {
    // seed 003 and copilot-cli-observed.md: exit 2's stderr is the recovery guidance, sent as
    // the same user message as an `additionalContext` (the wording is the profile's).
    const text = run.stderr.trim();
    if (text) effect.additionalContext = text;
    const explanation = `${run.cause}: stderr is the recovery guidance for the agent`;
    return interpretation('success', effect, explanation, warnings, { output: run.json });
  }
  return interpretation(
    'non-blocking-error',
    { userNotice: run.stderr.trim() || 'hook exited with code 2' },
    `${run.cause}: a warning shown to the user; the run continues`,
    warnings,
    { output: run.json },
  );
}

function stringField(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

function booleanField(value: unknown): boolean | undefined {
  return typeof value === 'boolean' ? value : undefined;
}

// other-agents-hooks.md §1.5: Copilot preToolUse fails closed when a command hook errors, open on
// timeout; HTTP preToolUse hooks fail open on network errors, timeouts and non-2xx.
function failsClosed(run: FailedRun): Interpretation | undefined {
  if (run.spec.name !== 'PreToolUse' || run.outcome === 'timeout' || run.handler.type === 'http') {
    return undefined;
  }
  return interpretation(
    run.outcome,
    { permission: 'deny', permissionReason: erroredReason(run.handler) },
    `${run.message}; Copilot CLI denies a preToolUse call whose hook errored`,
    run.warnings,
    { blockedByExit: true },
  );
}
