import type { EventName } from '../model/event-name.ts';

/** Handler types a host accepts on an event (claude-code-hooks.md §2.0 "Types"). */
export type CatalogueHandlerType = 'command' | 'http' | 'mcp_tool' | 'prompt' | 'agent';

export type FieldType = 'string' | 'number' | 'boolean' | 'object' | 'array' | 'unknown';

/** One input field of an event payload, in canonical (snake_case) spelling. */
export interface FieldSpec {
  readonly name: string;
  readonly type: FieldType;
  readonly optional?: boolean;
  /** Known values for enumerations (e.g. SessionStart `source`). */
  readonly values?: readonly string[];
  readonly description?: string;
}

/**
 * What exit code 2 does on this event (claude-code-hooks.md §3.3, "Exit 2 per event").
 * - `block`: prevents the action; stderr becomes the reason the model (or user) sees.
 * - `feedback`: the action already happened; stderr is fed back to the model.
 * - `user`: stderr is shown to the user only.
 * - `debug`: stderr goes to the debug log only.
 * - `ignored`: nothing happens.
 * - `decline`: the elicitation result becomes a decline.
 * - `fail`: the operation fails (WorktreeCreate: any non-zero exit).
 * - `original`: the original content is used (MessageDisplay).
 */
export type Exit2Effect =
  | 'block'
  | 'feedback'
  | 'user'
  | 'debug'
  | 'ignored'
  | 'decline'
  | 'fail'
  | 'original';

/**
 * How an event's handlers decide (claude-code-hooks.md §2.0 "Decision pattern"); the aggregator
 * has one rule per kind.
 */
export type DecisionKind =
  | 'permission' // hookSpecificOutput.permissionDecision allow/deny/ask/defer (+ updatedInput)
  | 'permission-request' // hookSpecificOutput.decision.behavior allow/deny
  | 'block' // top-level decision:"block" + reason
  | 'stop' // decision:"block" keeps the agent going
  | 'continue' // exit 2 or continue:false only
  | 'elicitation' // hookSpecificOutput.action / content
  | 'worktree' // path on stdout / worktreePath
  | 'retry' // hookSpecificOutput.retry
  | 'display' // hookSpecificOutput.displayContent
  | 'context' // additionalContext only
  | 'watch' // watchPaths
  | 'none'; // output discarded

/** Where plain (non-JSON) stdout of a successful command goes. */
export type PlainStdout = 'context' | 'debug' | 'path';

/** One row of the event catalogue. Everything event-specific is declared here, once. */
export interface EventSpec {
  readonly name: EventName;
  readonly summary: string;
  /** Reference section, e.g. `claude-code-hooks.md §2.7`. */
  readonly reference: string;
  /** Spelling in each dialect; undefined means the dialect has no such event. */
  readonly dialects: {
    /** Copilot CLI camelCase key (e.g. `preToolUse`, `agentStop`). */
    readonly copilot?: string;
    /** PascalCase key accepted in Copilot files (VS Code-compatible payload). */
    readonly copilotCompat?: string;
    /** VS Code agent hooks event name. */
    readonly vscode?: string;
  };
  /** What `matcher` is tested against; `field: null` means the event takes no matcher. */
  readonly matcher: { readonly field: string | null; readonly values?: readonly string[] };
  /** Event-specific input fields (the common fields of §3.1 are added by the engine). */
  readonly input: readonly FieldSpec[];
  /** Output fields the event honours. */
  readonly output: { readonly topLevel: readonly string[]; readonly hookSpecific: readonly string[] };
  /** Whether the event can be blocked: `json-only` = only via JSON (PermissionRequest). */
  readonly blocking: 'no' | 'yes' | 'json-only' | 'feedback';
  readonly exit2: Exit2Effect;
  readonly plainStdout: PlainStdout;
  readonly decisionKind: DecisionKind;
  /** Default command-hook timeout in seconds for the claude-code profile. */
  readonly defaultTimeoutSec: number;
  readonly handlerTypes: readonly CatalogueHandlerType[];
}
