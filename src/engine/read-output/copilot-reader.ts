// Copilot CLI's reading of a finished run (other-agents-hooks.md §1.5): exit 0 parses stdout once;
// exit 2 denies preToolUse and permissionRequest (an `allow` in stdout is overridden), adds context
// on postToolUseFailure and is a warning elsewhere; other codes fail open except on preToolUse.

import { describeEffect } from './describe-effect.ts';
import type { HandlerEffect } from './effect.ts';
import { type Interpretation, interpretation } from './interpretation.ts';
import type { FailedRun, FinishedRun, OutputReader } from './output-reader.ts';
import { firstLine } from './parse-stdout.ts';
import { jsonEffect } from './read-json.ts';

const ERRORED_REASON = 'Denied by preToolUse hook (hook errored)';

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
      { permission: 'deny', permissionReason: ERRORED_REASON },
      `exit ${run.exitCode}: Copilot CLI fails closed on preToolUse`,
      run.warnings,
      { ...extra, blockedByExit: true },
    );
  }
  return interpretation(
    'non-blocking-error',
    { userNotice: firstLine(run.stderr) || `exit ${run.exitCode}` },
    `exit ${run.exitCode}: logged, fail-open`,
    run.warnings,
    extra,
  );
}

function readExit2(run: FinishedRun, effect: HandlerEffect): Interpretation {
  const { spec, warnings } = run;
  const blocking = { output: run.json, blockedByExit: true };
  if (spec.name === 'PreToolUse') {
    effect.permission = 'deny';
    effect.permissionReason = effect.permissionReason || run.stderr.trim() || 'Denied by preToolUse hook';
    return interpretation(
      'blocking',
      effect,
      `${run.cause}: Copilot CLI denies the tool call`,
      warnings,
      blocking,
    );
  }
  if (spec.name === 'PermissionRequest') {
    const message = effect.permissionRequest?.message;
    effect.permissionRequest = { behavior: 'deny', ...(message ? { message } : {}) };
    const explanation = `${run.cause}: Copilot CLI denies the permission request`;
    return interpretation('blocking', effect, explanation, warnings, blocking);
  }
  if (spec.name === 'PostToolUseFailure') {
    const text = run.stdout.trim() || run.stderr.trim();
    if (text) effect.additionalContext = text;
    const explanation = `${run.cause}: added as recovery context for the agent`;
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

// other-agents-hooks.md §1.5: Copilot preToolUse fails closed when a command hook errors, open on
// timeout; HTTP preToolUse hooks fail open on network errors, timeouts and non-2xx.
function failsClosed(run: FailedRun): Interpretation | undefined {
  if (run.spec.name !== 'PreToolUse' || run.outcome === 'timeout' || run.handler.type === 'http') {
    return undefined;
  }
  return interpretation(
    run.outcome,
    { permission: 'deny', permissionReason: ERRORED_REASON },
    `${run.message}; Copilot CLI denies a preToolUse call whose hook errored`,
    run.warnings,
    { blockedByExit: true },
  );
}
