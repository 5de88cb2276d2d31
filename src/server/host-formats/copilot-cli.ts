import type { DispatchResult, EventName } from '../../index.ts';
import { resolveRequestEvent } from './resolve-event.ts';
import { type HostFormat, requireObject, stringField } from './types.ts';

/** Copilot CLI's default hook timeout, `timeoutSec` (other-agents-hooks.md §1.1). */
const COPILOT_DEFAULT_TIMEOUT_MS = 30_000;

/** Event-specific fields the engine keeps in `eventOutput` under Copilot's own names. */
const COPILOT_EVENT_FIELDS = ['modifiedResponse', 'modifiedTransformedPrompt'] as const;

/**
 * Copilot CLI's `http` hook (other-agents-hooks.md §1.1, §1.3): the payload is POSTed as JSON
 * (camelCase for camelCase event keys, snake_case for PascalCase ones) and the answer is read
 * like a command's stdout: flat output fields at the top level.
 */
export const copilotCliFormat: HostFormat = {
  name: 'copilot-cli',
  profile: 'copilot-cli',
  parse(pathEvent, body) {
    const input = requireObject(body);
    const event = resolveRequestEvent(pathEvent, stringField(input, 'hook_event_name', 'hookName'));
    return {
      event,
      input,
      sessionId: stringField(input, 'sessionId', 'session_id'),
      tool: stringField(input, 'toolName', 'tool_name'),
    };
  },
  render: renderCopilotOutput,
  defaultTimeoutMs: (_event: EventName) => COPILOT_DEFAULT_TIMEOUT_MS,
};

export function renderCopilotOutput(result: DispatchResult): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  switch (result.event) {
    case 'PreToolUse':
      // Copilot knows allow, deny and ask; `defer` has no Copilot spelling, so it is left out.
      if (result.decision === 'allow' || result.decision === 'deny' || result.decision === 'ask') {
        out.permissionDecision = result.decision;
        if (result.reason) out.permissionDecisionReason = result.reason;
      }
      if (result.updatedInput) out.modifiedArgs = result.updatedInput;
      break;
    case 'PermissionRequest':
      if (result.decision === 'allow' || result.decision === 'deny') {
        out.behavior = result.decision;
        const message = result.permission?.message ?? result.reason;
        if (message) out.message = message;
        if (result.permission?.interrupt) out.interrupt = true;
      }
      break;
    default:
      if (result.decision === 'block') {
        out.decision = 'block';
        if (result.reason) out.reason = result.reason;
      }
  }
  if (result.additionalContext.length > 0) out.additionalContext = result.additionalContext.join('\n\n');
  if (result.updatedToolOutput !== undefined) out.modifiedResult = result.updatedToolOutput;
  if (result.updatedPrompt !== undefined) out.modifiedPrompt = result.updatedPrompt;
  for (const key of COPILOT_EVENT_FIELDS) if (key in result.eventOutput) out[key] = result.eventOutput[key];
  return out;
}
