import type { EventName } from '../model/event-name.ts';
import type { DECISION_SHAPE, UNIVERSAL_OUTPUT_SHAPE } from './wire/common.ts';

/** Handler types a host accepts on an event (claude-code-hooks.md §2.0 "Types"). */
export type CatalogueHandlerType = 'command' | 'http' | 'mcp_tool' | 'prompt' | 'agent';

export type FieldType = 'string' | 'number' | 'boolean' | 'object' | 'array' | 'unknown';

/** One field of an event payload or output, read off the event's wire schema (src/events/wire/). */
export interface FieldSpec {
  readonly name: string;
  readonly type: FieldType;
  readonly optional?: boolean;
  /** `null` is allowed besides the type. */
  readonly nullable?: boolean;
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

/**
 * Whether `onFailure: "block"` applies (claude-code-hooks.md §4.1, §7.1): to every handler, to SDK
 * callbacks only (persisted hooks ignore it there), or never.
 */
export type OnFailureBlock = 'yes' | 'sdk-only' | 'no';

/** What a timed-out SDK callback does (claude-code-hooks.md §3.3 "Timeouts", §7.1). */
export type SdkTimeout = 'blocks' | 'proceeds';

/**
 * The Stop-loop guard (claude-code-hooks.md §2.18, claude-code-observed.md): `stop_hook_active`
 * and the consecutive-block cap, counted per session or per subagent; `none` elsewhere.
 */
export type StopLoop = 'none' | 'session' | 'subagent';

/**
 * One row of the event catalogue. Everything event-specific is declared here, once; the field
 * lists (`input`, `output.hookSpecific`) are read off the event's wire schema.
 */
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
  /** Output fields the event honours: universal top-level ones, and those of `hookSpecificOutput`. */
  readonly output: { readonly topLevel: readonly string[]; readonly hookSpecific: readonly string[] };
  /** Whether the event can be blocked: `json-only` = only via JSON (PermissionRequest). */
  readonly blocking: 'no' | 'yes' | 'json-only' | 'feedback';
  readonly exit2: Exit2Effect;
  readonly plainStdout: PlainStdout;
  readonly decisionKind: DecisionKind;
  /** Default command-hook timeout in seconds for the claude-code profile. */
  readonly defaultTimeoutSec: number;
  readonly handlerTypes: readonly CatalogueHandlerType[];
  readonly onFailureBlock: OnFailureBlock;
  readonly sdkTimeout: SdkTimeout;
  readonly stopLoop: StopLoop;
}

/** A catalogue row as written: the field lists come from the wire schemas. */
export type CatalogueRow = Omit<EventSpec, 'input' | 'output'> & {
  /** Universal top-level fields the event honours (the others are accepted and discarded). */
  readonly output: { readonly topLevel: readonly TopLevelOutputField[] };
};

/** A universal top-level output field (claude-code-hooks.md §3.2). */
export type TopLevelOutputField = keyof typeof UNIVERSAL_OUTPUT_SHAPE | keyof typeof DECISION_SHAPE;
