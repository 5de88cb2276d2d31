import type { EventName } from '../model/event-name.ts';

/**
 * Events about one tool call: their input carries `tool_name` and `tool_input`, and they are the
 * only events on which an `if` rule is evaluated (claude-code-hooks.md §4.1; elsewhere a hook with
 * `if` never runs). Declared once; the matcher, planner, readers and command environment use it.
 */
export const TOOL_CALL_EVENTS: ReadonlySet<EventName> = new Set<EventName>([
  'PreToolUse',
  'PostToolUse',
  'PostToolUseFailure',
  'PermissionRequest',
  'PermissionDenied',
]);

/** Copilot CLI events whose entries honour `matcher` (other-agents-hooks.md §1.4). */
export const COPILOT_MATCHER_EVENTS: ReadonlySet<EventName> = new Set<EventName>([
  'PreToolUse',
  'PostToolUse',
  'PermissionRequest',
  'SubagentStart',
  'PreCompact',
  'Notification',
]);
