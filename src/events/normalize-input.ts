import type { EventName } from '../model/event-name.ts';
import { isRecord, type Payload, parseToolArgs } from './payload-values.ts';
import { toClaudeToolName } from './tool-names.ts';

/**
 * Copilot (camelCase), Copilot-compat and VS Code field names → canonical snake_case
 * (other-agents-hooks.md §1.3, seed 000). A canonical key given alongside its alias wins.
 */
const RENAMES: Readonly<Record<string, string>> = {
  sessionId: 'session_id',
  transcriptPath: 'transcript_path',
  hookEventName: 'hook_event_name',
  toolName: 'tool_name',
  toolArgs: 'tool_input',
  toolInput: 'tool_input',
  toolUseId: 'tool_use_id',
  stopReason: 'stop_reason',
  response: 'last_assistant_message',
  agentId: 'agent_id',
  agentType: 'agent_type',
  agentName: 'agent_name',
  agentDisplayName: 'agent_display_name',
  agentDescription: 'agent_description',
  errorContext: 'error_context',
  customInstructions: 'custom_instructions',
  initialPrompt: 'initial_prompt',
  transformedPrompt: 'transformed_prompt',
  notificationType: 'notification_type',
  permissionSuggestions: 'permission_suggestions',
};

/**
 * The host stamps its own time on every payload, so an incoming one is not kept; `hookName` is
 * Copilot's permissionRequest name for the event (copilot-cli-observed.md "Payloads").
 */
const DROPPED = new Set(['timestamp', 'hookName']);

function toolResultText(value: unknown): unknown {
  if (!isRecord(value)) return value;
  if ('textResultForLlm' in value) return value.textResultForLlm;
  if ('text_result_for_llm' in value) return value.text_result_for_llm;
  return value;
}

/**
 * Accepts a canonical input or a host-native payload (Copilot camelCase, Copilot-compat or VS Code
 * snake_case) and returns canonical snake_case event input with Claude tool names.
 */
export function normalizeInput(event: EventName, raw: Record<string, unknown>): Record<string, unknown> {
  const out: Payload = {};
  const set = (key: string, value: unknown, fromAlias: boolean) => {
    if (fromAlias && key in raw) return; // the canonical spelling wins
    out[key] = value;
  };
  for (const key in raw) {
    if (!Object.hasOwn(raw, key) || DROPPED.has(key)) continue;
    const value = raw[key];
    if (key === 'toolResult' || key === 'tool_result') {
      set('tool_response', toolResultText(value), true);
    } else if (Object.hasOwn(RENAMES, key)) {
      set(RENAMES[key]!, value, true);
    } else {
      set(key, value, false);
    }
  }
  if (typeof out.tool_name === 'string') out.tool_name = toClaudeToolName(out.tool_name);
  if ('tool_input' in out) out.tool_input = parseToolArgs(out.tool_input);
  // Copilot subagent events name the agent; Claude matches subagents on `agent_type`.
  if ((event === 'SubagentStart' || event === 'SubagentStop') && out.agent_type === undefined) {
    if (out.agent_name !== undefined) out.agent_type = out.agent_name;
  }
  return out;
}
