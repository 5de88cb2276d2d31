/**
 * One handler's contribution, in a dialect-neutral shape. Output normalization turns every
 * host's JSON shape into this; the aggregator only ever sees effects.
 */
export interface HandlerEffect {
  continue?: boolean;
  stopReason?: string;
  systemMessage?: string;
  /** PreToolUse-style permission decision (also PreModelSwitch). */
  permission?: 'allow' | 'deny' | 'ask' | 'defer';
  permissionReason?: string;
  updatedInput?: Record<string, unknown>;
  /** Copilot `modifiedPrompt` on UserPromptSubmit (command hooks too: copilot-cli-observed.md). */
  updatedPrompt?: string;
  /** Top-level `decision: "block"` (or exit 2 on a blockable event) and its reason. */
  block?: { reason: string };
  additionalContext?: string;
  /** PermissionRequest `hookSpecificOutput.decision` / Copilot `behavior`. */
  permissionRequest?: {
    behavior: 'allow' | 'deny';
    message?: string;
    interrupt?: boolean;
    updatedInput?: Record<string, unknown>;
    updatedPermissions?: unknown[];
  };
  updatedToolOutput?: unknown;
  /** Remaining event-specific fields (sessionTitle, watchPaths, displayContent, retry, action, …). */
  eventFields?: Record<string, unknown>;
  /** Text for the user only (exit 2 on non-blocking events, non-blocking errors). */
  userNotice?: string;
}
