/**
 * Canonical event names: the 34 Claude Code events (claude-code-hooks.md §2) plus the two
 * Copilot CLI-only events (other-agents-hooks.md §1.3). Canonical spelling is Claude Code's
 * PascalCase; every other dialect's spelling is mapped onto these in the catalogue.
 */
export const EVENT_NAMES = [
  'SessionStart',
  'Setup',
  'InstructionsLoaded',
  'UserPromptSubmit',
  'UserPromptExpansion',
  'MessageDisplay',
  'PreToolUse',
  'PermissionRequest',
  'PermissionDenied',
  'PostToolUse',
  'PostToolUseFailure',
  'PostToolBatch',
  'Notification',
  'SubagentStart',
  'SubagentStop',
  'TaskCreated',
  'TaskCompleted',
  'Stop',
  'StopFailure',
  'TeammateIdle',
  'ConfigChange',
  'CwdChanged',
  'DirectoryAdded',
  'FileChanged',
  'WorktreeCreate',
  'WorktreeRemove',
  'PreCompact',
  'PostCompact',
  'PreModelSwitch',
  'PostModelSwitch',
  'Elicitation',
  'ElicitationResult',
  'SessionEnd',
  'PreSkillShellCommand',
  'ErrorOccurred',
  'UserPromptTransformed',
] as const;

export type EventName = (typeof EVENT_NAMES)[number];

const EVENT_NAME_SET: ReadonlySet<string> = new Set(EVENT_NAMES);

export function isEventName(name: string): name is EventName {
  return EVENT_NAME_SET.has(name);
}
