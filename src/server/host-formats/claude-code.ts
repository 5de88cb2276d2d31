// Not through the root entry: the bridge reads host formats on every tool call, and the root
// entry loads everything a library user may need, zod included (issue 16 item 4).
import type { DispatchResult } from '../../engine/dispatch/result.ts';
import { getEvent } from '../../events/catalogue.ts';
import type { EventName } from '../../model/event-name.ts';
import { resolveRequestEvent } from './resolve-event.ts';
import { type HostFormat, requireObject, stringField } from './types.ts';

/**
 * Claude Code's `http` hook (claude-code-hooks.md §4.3, §3.3): the input JSON is the POST body;
 * a 2xx JSON object is read like a command's stdout, so the aggregated decision goes back in
 * the output schema of §3.2 with the event's `hookSpecificOutput`.
 */
export const claudeCodeFormat: HostFormat = {
  name: 'claude-code',
  profile: 'claude-code',
  parse(pathEvent, body) {
    const input = requireObject(body);
    const event = resolveRequestEvent(pathEvent, stringField(input, 'hook_event_name'));
    return {
      event,
      input,
      sessionId: stringField(input, 'session_id'),
      tool: stringField(input, 'tool_name'),
    };
  },
  render: renderClaudeOutput,
  defaultTimeoutMs: (event: EventName) => getEvent(event).defaultTimeoutSec * 1000,
};

/** The hook output JSON that makes Claude Code do what the aggregated result says. */
export function renderClaudeOutput(result: DispatchResult): Record<string, unknown> {
  const spec = getEvent(result.event);
  const allowed = new Set<string>(spec.output.hookSpecific);
  const out: Record<string, unknown> = {};
  const specific: Record<string, unknown> = {};
  if (spec.decisionKind === 'permission') {
    if (result.decision) {
      specific.permissionDecision = result.decision;
      if (result.reason) specific.permissionDecisionReason = result.reason;
    }
    if (result.updatedInput) specific.updatedInput = result.updatedInput;
  } else if (spec.decisionKind === 'permission-request') {
    if (result.decision === 'allow') {
      specific.decision = {
        behavior: 'allow',
        ...(result.updatedInput ? { updatedInput: result.updatedInput } : {}),
        ...(result.permission?.updatedPermissions
          ? { updatedPermissions: result.permission.updatedPermissions }
          : {}),
      };
    } else if (result.decision === 'deny') {
      specific.decision = {
        behavior: 'deny',
        message: result.permission?.message ?? result.reason ?? '',
        ...(result.permission?.interrupt ? { interrupt: true } : {}),
      };
    }
  } else if (result.decision === 'block') {
    out.decision = 'block';
    if (result.reason) out.reason = result.reason;
  }
  if (result.additionalContext.length > 0 && allowed.has('additionalContext'))
    specific.additionalContext = result.additionalContext.join('\n\n');
  if (result.updatedToolOutput !== undefined && allowed.has('updatedToolOutput'))
    specific.updatedToolOutput = result.updatedToolOutput;
  for (const [key, value] of Object.entries(result.eventOutput)) if (allowed.has(key)) specific[key] = value;
  if (Object.keys(specific).length > 0) out.hookSpecificOutput = { hookEventName: result.event, ...specific };
  // A PermissionRequest deny with interrupt already stops Claude; continue:false would say it twice.
  if (!result.continue && !result.permission?.interrupt) {
    out.continue = false;
    if (result.stopReason) out.stopReason = result.stopReason;
  }
  if (result.systemMessages.length > 0) out.systemMessage = result.systemMessages.join('\n');
  return out;
}
