import { getEvent } from '../events/catalogue.ts';
import type { EventSpec } from '../events/types.ts';
import type { EventName } from '../model/event-name.ts';
import type { NormalizedHandler } from '../model/handler.ts';
import type { RunnerResult } from '../runners/types.ts';
import type { HandlerEffect } from './effect.ts';
import { interpretCopilot } from './interpret-copilot.ts';
import { normalizeOutput } from './normalize-output.ts';
import type { Profile } from './profiles.ts';
import type { Outcome } from './result.ts';

/** One handler's result read the way the emulated host reads it (docs/decisions.md). */
export interface Interpretation {
  outcome: Outcome;
  effect: HandlerEffect;
  output: Record<string, unknown> | null;
  /** Plain (non-JSON) stdout of a successful run. */
  plainText: string | null;
  /** Set when the run blocked through its exit code (exit 2, or a failure with onFailure: block). */
  blockedByExit: boolean;
  /** One sentence: what this run contributed. */
  explanation: string;
  warnings: string[];
}

/**
 * Claude's stdout classification (claude-code-hooks.md §3.2): trim, and if it starts with `{`
 * try JSON; anything else, or invalid JSON, is plain text. Copilot parses the whole trimmed
 * stdout once (other-agents-hooks.md §1.1).
 */
export function parseStdout(stdout: string): { json: Record<string, unknown> | null; text: string } {
  const text = stdout.trim();
  if (!text.startsWith('{')) return { json: null, text };
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      return { json: value as Record<string, unknown>, text };
    }
  } catch {
    // Not JSON: plain text, as the hosts treat it.
  }
  return { json: null, text };
}

export function firstLine(text: string): string {
  return text.trim().split('\n')[0] ?? '';
}

export function interpret(
  handler: NormalizedHandler,
  event: EventName,
  result: RunnerResult,
  profile: Profile,
): Interpretation {
  const spec = getEvent(event);
  const warnings: string[] = [...(result.notes ?? [])];
  if (result.stdoutTruncated) warnings.push('stdout was truncated at the output cap');
  if (result.stderrTruncated) warnings.push('stderr was truncated at the output cap');
  const blockOnFailure = handler.onFailure === 'block' && !handler.async && spec.onFailureBlock === 'yes';

  if (result.cancelled) {
    return base('cancelled', 'cancelled before it finished; no effect', warnings);
  }
  if (result.spawnError || result.timedOut || result.failure) {
    const outcome: Outcome = result.spawnError
      ? 'spawn-error'
      : result.timedOut
        ? 'timeout'
        : 'non-blocking-error';
    const message =
      result.spawnError?.message ?? result.failure?.message ?? `timed out after ${result.durationMs} ms`;
    return failure(outcome, message, handler, spec, profile, blockOnFailure, warnings, result);
  }

  const parsed = parseStdout(result.stdout);
  const exitCode = result.exitCode ?? -1;
  if (profile.exitPolicy === 'copilot')
    return interpretCopilot(handler, spec, result, parsed, exitCode, warnings);

  let output = parsed.json;
  let effect: HandlerEffect = {};
  if (output) {
    const normalized = normalizeOutput(event, output, handler.dialect, {
      inProcess: handler.type === 'function',
    });
    effect = normalized.effect;
    warnings.push(...normalized.warnings);
  } else if (parsed.text.startsWith('{')) {
    warnings.push('stdout starts with "{" but is not valid JSON; read as plain text');
  }
  if (!output && result.stderr.trim().startsWith('{') && parseStdout(result.stderr).json) {
    warnings.push(
      'stderr holds a JSON object, but hosts read hook JSON from stdout only: print it to stdout',
    );
  }

  if (exitCode === 0) {
    const plainText = output ? null : parsed.text || null;
    if (plainText !== null && spec.plainStdout === 'path') effect.eventFields = { worktreePath: plainText };
    const explanation = describeEffect(effect, plainText, spec);
    return { outcome: 'success', effect, output, plainText, blockedByExit: false, explanation, warnings };
  }
  if (exitCode === 2) {
    // claude-code-hooks.md §3.3: exit 2 cannot be overridden by JSON; the message is the JSON
    // blocking reason when the JSON makes a blocking decision, else stderr.
    const jsonReason =
      effect.block?.reason || (effect.permission === 'deny' ? effect.permissionReason : undefined);
    const reason = jsonReason || result.stderr.trim();
    output = output ?? null;
    const blocked = applyExit2(spec, reason, effect);
    return {
      outcome: blocked ? 'blocking' : 'non-blocking-error',
      effect,
      output,
      plainText: null,
      blockedByExit: blocked,
      explanation: blocked ? `exit 2: ${exit2Words(spec)}` : `exit 2 on ${spec.name}: ${exit2Words(spec)}`,
      warnings,
    };
  }
  // Other exit codes: a schema-valid JSON object decides and no error is shown (§3.3).
  if (output && profile.exitPolicy === 'claude') {
    return {
      outcome: 'success',
      effect,
      output,
      plainText: null,
      blockedByExit: false,
      explanation: `exit ${exitCode} but stdout held a JSON object, which decides: ${describeEffect(effect, null, spec)}`,
      warnings,
    };
  }
  const detail = firstLine(result.stderr);
  const notice = `Failed with non-blocking status code: ${detail || `exit ${exitCode}`}`;
  if (blockOnFailure) return blockingFailure(spec, notice, warnings, output);
  return {
    outcome: 'non-blocking-error',
    effect: { userNotice: notice },
    output,
    plainText: null,
    blockedByExit: false,
    explanation: `exit ${exitCode}: non-blocking error, the action proceeds`,
    warnings,
  };
}

function base(outcome: Outcome, explanation: string, warnings: string[]): Interpretation {
  return { outcome, effect: {}, output: null, plainText: null, blockedByExit: false, explanation, warnings };
}

function failure(
  outcome: Outcome,
  message: string,
  handler: NormalizedHandler,
  spec: EventSpec,
  profile: Profile,
  blockOnFailure: boolean,
  warnings: string[],
  result: RunnerResult,
): Interpretation {
  // claude-code-hooks.md §3.3: PreModelSwitch blocks on timeout.
  if (
    blockOnFailure ||
    (outcome === 'timeout' && spec.name === 'PreModelSwitch' && profile.exitPolicy === 'claude')
  ) {
    return blockingFailure(spec, message, warnings, null, outcome);
  }
  // other-agents-hooks.md §1.5: Copilot preToolUse fails closed when a command hook errors, open
  // on timeout; HTTP preToolUse hooks fail open on network errors, timeouts and non-2xx.
  if (
    profile.exitPolicy === 'copilot' &&
    spec.name === 'PreToolUse' &&
    outcome !== 'timeout' &&
    handler.type !== 'http'
  ) {
    return {
      outcome,
      effect: { permission: 'deny', permissionReason: 'Denied by preToolUse hook (hook errored)' },
      output: null,
      plainText: null,
      blockedByExit: true,
      explanation: `${message}; Copilot CLI denies a preToolUse call whose hook errored`,
      warnings,
    };
  }
  void result;
  return {
    outcome,
    effect: { userNotice: message },
    output: null,
    plainText: null,
    blockedByExit: false,
    explanation: `${message}; fail-open, the action proceeds`,
    warnings,
  };
}

function blockingFailure(
  spec: EventSpec,
  message: string,
  warnings: string[],
  output: Record<string, unknown> | null,
  outcome: Outcome = 'blocking',
): Interpretation {
  const effect: HandlerEffect = {};
  const blocked = applyExit2(spec, message, effect);
  return {
    outcome: blocked ? outcome : 'non-blocking-error',
    effect,
    output,
    plainText: null,
    blockedByExit: blocked,
    explanation: `failure counts as exit 2 (onFailure: "block"): ${exit2Words(spec)}`,
    warnings,
  };
}

/** Applies the event's exit-2 effect to `effect`; returns whether it blocks something. */
export function applyExit2(spec: EventSpec, reason: string, effect: HandlerEffect): boolean {
  switch (spec.exit2) {
    case 'block':
    case 'fail':
      if (spec.decisionKind === 'permission') {
        effect.permission = 'deny';
        effect.permissionReason = reason;
        delete effect.updatedInput;
      } else if (spec.decisionKind === 'elicitation') {
        effect.eventFields = { ...effect.eventFields, action: 'decline' };
      } else {
        effect.block = { reason };
      }
      return true;
    case 'feedback':
      effect.block = { reason };
      return true;
    case 'decline':
      effect.eventFields = { ...effect.eventFields, action: 'decline' };
      return true;
    case 'user':
      effect.userNotice = reason;
      return false;
    default:
      return false;
  }
}

function exit2Words(spec: EventSpec): string {
  const words: Record<EventSpec['exit2'], string> = {
    block: 'blocks the action; stderr is the reason',
    feedback: 'the action already happened; stderr is fed back to the model',
    user: 'stderr is shown to the user only',
    debug: 'stderr goes to the debug log only',
    ignored: 'ignored on this event',
    decline: 'the elicitation is declined',
    fail: 'the operation fails',
    original: 'the original content is used',
  };
  return words[spec.exit2];
}

export function describeEffect(effect: HandlerEffect, plainText: string | null, spec: EventSpec): string {
  const parts: string[] = [];
  if (effect.permission) parts.push(`permission ${effect.permission}`);
  if (effect.permissionRequest) parts.push(`permission request ${effect.permissionRequest.behavior}`);
  if (effect.block) parts.push('block');
  if (effect.updatedInput) parts.push('rewrites the tool input');
  if (effect.updatedPrompt !== undefined) parts.push('rewrites the prompt');
  if (effect.additionalContext) parts.push('adds context');
  if (effect.continue === false) parts.push('stops the agent (continue: false)');
  if (effect.systemMessage) parts.push('shows a system message');
  if (plainText !== null) {
    parts.push(
      spec.plainStdout === 'context'
        ? 'plain stdout added to the model context'
        : 'plain stdout (debug log only)',
    );
  }
  return parts.length > 0 ? parts.join(', ') : 'success, no decision';
}
