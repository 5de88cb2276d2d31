// VS Code's own rules for a VS Code-dialect hook's output, where they differ from Claude Code's:
// what its hook service ignores (other-agents-hooks.md §2.5, `ChatHookService.executeHook`). Each
// rule is a warning for the hook, so that nothing a guard printed is dropped silently.
import {
  acceptsHookEventName,
  hookSpecificShape,
  vscodeReadsTopDecision,
} from '../../events/wire/schemas.ts';
import type { EventName } from '../../model/event-name.ts';

/** The fix a Stop hook that blocks the Claude Code way needs. */
export const VSCODE_STOP_FIX = 'put decision and reason inside hookSpecificOutput';

/**
 * §2.5: "If a top-level `hookEventName` doesn't match the event, the whole result is ignored"
 * (a `Stop` output is accepted on `SubagentStop`, `SessionStart` on `SubagentStart`).
 */
export function vscodeEventMismatch(event: EventName, output: Record<string, unknown>): string | undefined {
  const name = output.hookEventName;
  if (name === undefined || acceptsHookEventName(event, name)) return undefined;
  return (
    `ignored the whole output: its top-level hookEventName ${JSON.stringify(name)} does not match ` +
    `the event ${event} (VS Code ignores such a result); name ${event} or leave hookEventName out`
  );
}

/** Whether VS Code reads this event's block from `hookSpecificOutput` only (Stop, SubagentStop). */
export function vscodeNestedBlockEvent(event: EventName): boolean {
  return hookSpecificShape(event, 'vscode').decision !== undefined;
}

/** The fix a PreToolUse hook that decides the Claude Code way (top-level `decision`) needs. */
export const VSCODE_PERMISSION_FIX = 'use hookSpecificOutput.permissionDecision';

/**
 * §2.5: VS Code reads no top-level `decision` on Stop/SubagentStop (seed 000's SubagentStop example
 * does), nor on PreToolUse, where only `hookSpecificOutput.permissionDecision` decides (Claude's
 * deprecated `"block"`/`"approve"` are not read). Undefined where VS Code reads it.
 */
export function vscodeTopDecisionIgnored(event: EventName): string | undefined {
  if (vscodeReadsTopDecision(event)) return undefined;
  if (vscodeNestedBlockEvent(event)) {
    return (
      `ignored top-level "decision": VS Code reads a ${event} block only from ` +
      `{"hookSpecificOutput": {"hookEventName": "${event}", "decision": "block", "reason": "…"}}: ` +
      VSCODE_STOP_FIX
    );
  }
  return (
    `ignored top-level "decision": VS Code reads a ${event} decision only from ` +
    `{"hookSpecificOutput": {"hookEventName": "${event}", "permissionDecision": "deny", ` +
    `"permissionDecisionReason": "…"}} ("deny", "ask" or "allow"): ${VSCODE_PERMISSION_FIX}`
  );
}

/** The end of the warning for a nested block without a reason (a near miss, not a schema failure). */
export const VSCODE_EMPTY_REASON_FIX = 'give the reason the agent should act on';

/** §2.5: a Stop/SubagentStop block counts only "with a non-empty `reason`". */
export function vscodeEmptyReason(event: EventName): string {
  return (
    `ignored hookSpecificOutput.decision "block": VS Code blocks a ${event} only with a non-empty ` +
    `hookSpecificOutput.reason; ${VSCODE_EMPTY_REASON_FIX}`
  );
}
