import type { EventName } from '../model/event-name.ts';

/**
 * Fields the wire schemas require (Claude Code always sends them) that another host's payload
 * leaves out. A hook sees them as optional, and a payload without them is still valid.
 * - Copilot CLI sends no `tool_use_id` on its tool events (copilot-cli-observed.md "Payloads",
 *   other-agents-hooks.md §1.3), no `agent_id` on subagentStart and no
 *   `agent_transcript_path` on subagentStop (§1.3).
 * - VS Code's PreCompact `custom_instructions` is optional (§2.5).
 */
export const HOST_OMITTED_FIELDS = {
  PreToolUse: ['tool_use_id'],
  PostToolUse: ['tool_use_id'],
  PostToolUseFailure: ['tool_use_id'],
  SubagentStart: ['agent_id'],
  SubagentStop: ['agent_transcript_path'],
  PreCompact: ['custom_instructions'],
} as const satisfies Partial<Record<EventName, readonly string[]>>;

export function omittedFields(event: EventName): readonly string[] {
  return (HOST_OMITTED_FIELDS as Partial<Record<EventName, readonly string[]>>)[event] ?? [];
}
