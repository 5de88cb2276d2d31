import type { EventName } from '../events/names.ts';

/**
 * How an event's matcher finds its value in the input. `field` lists the input keys in order of
 * preference (canonical snake_case first, host-native spellings after); `basename` takes the last
 * path segment (FileChanged).
 */
export interface MatcherField {
  readonly fields: readonly string[];
  readonly basename?: boolean;
}

const TOOL_NAME: MatcherField = { fields: ['tool_name', 'toolName'] };

/**
 * Event → the input field its `matcher` tests, from claude-code-hooks.md §2.0 (column "M") and
 * §5.1; the Copilot-only events have no matcher (other-agents-hooks.md §1.3). Events absent here
 * have no matcher support: a matcher on them is ignored (§5.1). Kept local so the match layer does
 * not depend on the event catalogue; the lead cross-checks the two.
 */
export const MATCHER_FIELDS: Readonly<Partial<Record<EventName, MatcherField>>> = {
  SessionStart: { fields: ['source'] },
  Setup: { fields: ['trigger'] },
  InstructionsLoaded: { fields: ['load_reason'] },
  UserPromptExpansion: { fields: ['command_name'] },
  PreToolUse: TOOL_NAME,
  PermissionRequest: TOOL_NAME,
  PermissionDenied: TOOL_NAME,
  PostToolUse: TOOL_NAME,
  PostToolUseFailure: TOOL_NAME,
  Notification: { fields: ['notification_type', 'notificationType'] },
  // Copilot's subagentStart matches the agent name (other-agents-hooks.md §1.4).
  SubagentStart: { fields: ['agent_type', 'agent_name', 'agentName'] },
  SubagentStop: { fields: ['agent_type', 'agent_name', 'agentType'] },
  StopFailure: { fields: ['error'] },
  ConfigChange: { fields: ['source'] },
  DirectoryAdded: { fields: ['source'] },
  // §2.24: the basename of the changed file.
  FileChanged: { fields: ['file_path', 'filePath'], basename: true },
  PreCompact: { fields: ['trigger'] },
  PostCompact: { fields: ['trigger'] },
  // §2.29/§2.30: the target model; `to_model` is the resolved id of the target.
  PreModelSwitch: { fields: ['to_model'] },
  PostModelSwitch: { fields: ['to_model'] },
  Elicitation: { fields: ['mcp_server_name'] },
  ElicitationResult: { fields: ['mcp_server_name'] },
  SessionEnd: { fields: ['reason'] },
  // §2.34 leaves the field undocumented; it assumes PreToolUse conventions.
  PreSkillShellCommand: TOOL_NAME,
};

/** Whether the event supports a matcher at all (§5.1: the others ignore it silently). */
export function eventHasMatcher(event: EventName): boolean {
  return MATCHER_FIELDS[event] !== undefined;
}

/**
 * The value an event's matcher is tested against, or undefined when the event has no matcher or
 * the input lacks the field (then every group runs, §5.1).
 */
export function matcherValue(event: EventName, input: Record<string, unknown>): string | undefined {
  const spec = MATCHER_FIELDS[event];
  if (spec === undefined) return undefined;
  for (const key of spec.fields) {
    const value = input[key];
    if (typeof value !== 'string') continue;
    return spec.basename ? basenameOf(value) : value;
  }
  return undefined;
}

/** Last segment of a POSIX or Windows path. */
function basenameOf(path: string): string {
  const trimmed = path.replace(/[\\/]+$/, '');
  const cut = Math.max(trimmed.lastIndexOf('/'), trimmed.lastIndexOf('\\'));
  return cut < 0 ? trimmed : trimmed.slice(cut + 1);
}
