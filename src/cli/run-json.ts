import type { DispatchResult } from '../engine/dispatch/result.ts';
import type { Diagnostic } from '../errors.ts';

/**
 * The exact `run --json` object of DESIGN.md "CLI contract". Scripts depend on it: change it
 * only additively.
 */
export function runJson(
  result: DispatchResult,
  extraDiagnostics: readonly Diagnostic[],
): Record<string, unknown> {
  return {
    event: result.event,
    profile: result.profile,
    decision: result.decision,
    reason: result.reason,
    continue: result.continue,
    stopReason: result.stopReason,
    updatedInput: result.updatedInput,
    additionalContext: result.additionalContext,
    systemMessages: result.systemMessages,
    hooks: result.hooks.map((hook) => ({
      source: hook.source,
      type: hook.type,
      outcome: hook.outcome,
      exitCode: hook.exitCode,
      signal: hook.signal,
      durationMs: hook.durationMs,
      stdout: hook.stdout,
      stderr: hook.stderr,
      output: hook.output,
      effect: hook.effect,
      label: hook.label,
      ...(hook.statusMessage !== undefined ? { statusMessage: hook.statusMessage } : {}),
      warnings: hook.warnings,
      ...(hook.untrusted ? { untrusted: true } : {}),
      ...(hook.noVerdict ? { noVerdict: hook.noVerdict } : {}),
      ...(hook.http ? { http: hook.http } : {}),
    })),
    skipped: result.skipped,
    diagnostics: [...extraDiagnostics, ...result.diagnostics],
    messages: result.messages,
    eventOutput: result.eventOutput,
    ...(result.updatedToolOutput !== undefined ? { updatedToolOutput: result.updatedToolOutput } : {}),
    ...(result.permission ? { permission: result.permission } : {}),
    ...(result.prompts.length > 0 ? { prompts: result.prompts } : {}),
    ...(Object.keys(result.envExports).length > 0 ? { envExports: result.envExports } : {}),
    ...(result.stopCapReached ? { stopCapReached: true } : {}),
    ...(result.backgrounded ? { backgrounded: result.backgrounded } : {}),
    ...(result.updatedPrompt !== undefined ? { updatedPrompt: result.updatedPrompt } : {}),
    ...(result.terminalReason ? { terminalReason: result.terminalReason } : {}),
    ...(result.promptKept !== undefined ? { promptKept: result.promptKept } : {}),
    ...(result.askDenied ? { askDenied: true } : {}),
    ...(result.updatedInputCheck ? { updatedInputCheck: result.updatedInputCheck } : {}),
  };
}
