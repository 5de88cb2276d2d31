// Copilot CLI's reading of one command result (other-agents-hooks.md §1.5).

import type { EventSpec } from '../../events/types.ts';
import type { NormalizedHandler } from '../../model/handler.ts';
import type { RunnerResult } from '../../runners/types.ts';
import type { HandlerEffect } from './effect.ts';
import { describeEffect, firstLine, type Interpretation } from './interpret.ts';
import { normalizeOutput } from './normalize-output.ts';

/**
 * Copilot CLI's reading (other-agents-hooks.md §1.5): exit 0 parses stdout once; exit 2 denies
 * preToolUse and permissionRequest (an `allow` in stdout is overridden), adds context on
 * postToolUseFailure and is a warning elsewhere; other codes fail open except on preToolUse.
 */
export function interpretCopilot(
  handler: NormalizedHandler,
  spec: EventSpec,
  result: RunnerResult,
  parsed: { json: Record<string, unknown> | null; text: string },
  exitCode: number,
  warnings: string[],
): Interpretation {
  const output = parsed.json;
  let effect: HandlerEffect = {};
  if (output) {
    const normalized = normalizeOutput(spec.name, output, handler.dialect, {
      inProcess: handler.type === 'function',
    });
    effect = normalized.effect;
    warnings.push(...normalized.warnings);
  } else if (parsed.text) {
    warnings.push('stdout is not one JSON object: Copilot CLI treats it as no output');
  }
  if (exitCode === 0) {
    return {
      outcome: 'success',
      effect,
      output,
      plainText: null,
      blockedByExit: false,
      explanation: describeEffect(effect, null, spec),
      warnings,
    };
  }
  if (exitCode === 2) {
    if (spec.name === 'PreToolUse') {
      effect.permission = 'deny';
      effect.permissionReason =
        effect.permissionReason || result.stderr.trim() || 'Denied by preToolUse hook';
      return {
        outcome: 'blocking',
        effect,
        output,
        plainText: null,
        blockedByExit: true,
        explanation: 'exit 2: Copilot CLI denies the tool call',
        warnings,
      };
    }
    if (spec.name === 'PermissionRequest') {
      effect.permissionRequest = {
        behavior: 'deny',
        ...(effect.permissionRequest?.message ? { message: effect.permissionRequest.message } : {}),
      };
      return {
        outcome: 'blocking',
        effect,
        output,
        plainText: null,
        blockedByExit: true,
        explanation: 'exit 2: Copilot CLI denies the permission request',
        warnings,
      };
    }
    if (spec.name === 'PostToolUseFailure') {
      const text = result.stdout.trim() || result.stderr.trim();
      if (text) effect.additionalContext = text;
      return {
        outcome: 'success',
        effect,
        output,
        plainText: null,
        blockedByExit: false,
        explanation: 'exit 2: added as recovery context for the agent',
        warnings,
      };
    }
    return {
      outcome: 'non-blocking-error',
      effect: { userNotice: result.stderr.trim() || 'hook exited with code 2' },
      output,
      plainText: null,
      blockedByExit: false,
      explanation: 'exit 2: a warning shown to the user; the run continues',
      warnings,
    };
  }
  if (spec.name === 'PreToolUse') {
    return {
      outcome: 'non-blocking-error',
      effect: { permission: 'deny', permissionReason: 'Denied by preToolUse hook (hook errored)' },
      output,
      plainText: null,
      blockedByExit: true,
      explanation: `exit ${exitCode}: Copilot CLI fails closed on preToolUse`,
      warnings,
    };
  }
  return {
    outcome: 'non-blocking-error',
    effect: { userNotice: firstLine(result.stderr) || `exit ${exitCode}` },
    output,
    plainText: null,
    blockedByExit: false,
    explanation: `exit ${exitCode}: logged, fail-open`,
    warnings,
  };
}
