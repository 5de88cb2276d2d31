import { z } from 'zod';

/**
 * Building blocks shared by the per-event wire schemas (one file per event group beside this one).
 * Input shapes list a payload's fields in the order Claude Code sends them; hook-specific output
 * shapes list bare field types, since every output field is optional.
 */

/** A zod object shape: field name → schema. */
export type Shape = Record<string, z.ZodType>;

/** A string whose known values are listed, but which a newer host may extend (an open enum). */
export function known(values: readonly string[], description?: string): z.ZodString {
  const base = z.string().meta({ examples: [...values] });
  return description ? base.describe(description) : base;
}

/** An arbitrary JSON object (tool input, MCP content, …). */
export const jsonObject = (): z.ZodRecord<z.ZodString, z.ZodUnknown> => z.record(z.string(), z.unknown());

/**
 * Common input fields (claude-code-hooks.md §3.1), in the key order Claude Code 2.1.328 sends
 * them; the engine fills the four required ones.
 */
export const COMMON_INPUT = {
  session_id: z.string(),
  transcript_path: z.string().describe('Path of the session JSONL.'),
  cwd: z.string(),
  prompt_id: z.string().optional().describe('Absent before the first user input.'),
  permission_mode: known([
    'default',
    'plan',
    'acceptEdits',
    'auto',
    'dontAsk',
    'bypassPermissions',
  ]).optional(),
  effort: z.object({ level: z.string() }).optional(),
  agent_id: z.string().optional().describe('Only inside a subagent.'),
  agent_type: z.string().optional(),
  hook_event_name: z.string(),
} satisfies Shape;

/** Universal top-level output fields (claude-code-hooks.md §3.2), accepted by every event. */
export const UNIVERSAL_OUTPUT_SHAPE = {
  continue: z.boolean().describe('`false` stops the agent after the hook; overrides every decision.'),
  stopReason: z.string().describe('Shown to the user with `continue: false`.'),
  suppressOutput: z.boolean().describe('Accepted; no effect in current hosts.'),
  systemMessage: z.string().describe('A warning shown to the user.'),
  terminalSequence: z.string().describe('OSC title/notification escape sequences for the terminal.'),
} satisfies Shape;

/** The top-level decision pair (claude-code-hooks.md §3.2); `approve` is the legacy PreToolUse allow. */
export const DECISION_SHAPE = {
  decision: z.enum(['approve', 'block']),
  reason: z.string().describe('Explanation accompanying `decision`.'),
} satisfies Shape;

/** The async form of an output (claude-code-hooks.md §3.2, §4.7). */
export const ASYNC_SHAPE = {
  async: z.literal(true).describe('Continue in the background.'),
  asyncTimeout: z.number().describe('Milliseconds.'),
} satisfies Shape;

export const PERMISSION_DECISIONS = ['allow', 'deny', 'ask', 'defer'] as const;

/** The PermissionUpdate union (claude-code-hooks.md §2.8). */
export const PERMISSION_UPDATE = z.discriminatedUnion('type', [
  z.object({
    type: z.enum(['addRules', 'replaceRules', 'removeRules']),
    rules: z.array(z.object({ toolName: z.string(), ruleContent: z.string().optional() })),
    behavior: z.enum(['allow', 'deny', 'ask']),
    destination: z.string(),
  }),
  z.object({ type: z.literal('setMode'), mode: z.string(), destination: z.string() }),
  z.object({
    type: z.enum(['addDirectories', 'removeDirectories']),
    directories: z.array(z.string()),
    destination: z.string(),
  }),
]);

/** `additionalContext`, the most common hook-specific field. */
export const ADDITIONAL_CONTEXT = z.string().describe('Text added to the model context.');

export const WATCH_PATHS = z.array(z.string()).describe('Replaces the FileChanged watch list.');

/** One event's wire contract: its input fields and the output fields each dialect reads. */
export interface EventWire {
  readonly input: Shape;
  /** Fields of Claude's `hookSpecificOutput` (read in every dialect). */
  readonly hookSpecific: Shape;
  /** Copilot's flat top-level output fields the event honours (other-agents-hooks.md §1.3). */
  readonly copilot?: Shape;
  /** Extra `hookSpecificOutput` fields VS Code and Copilot's compat keys read (§2.5). */
  readonly nestedDecision?: Shape;
  /** Other `hookEventName` values accepted in the output (VS Code's one-way compatibility, §2.5). */
  readonly hookEventAliases?: readonly string[];
  /** Where VS Code's hook service reads the output otherwise than Claude Code (§2.5). */
  readonly vscode?: VscodeWire;
}

/** VS Code's own reading of an event's output (other-agents-hooks.md §2.5, `ChatHookService.executeHook`). */
export interface VscodeWire {
  /** `false`: its hook service reads no top-level `decision` (nor `reason`) on the event. */
  readonly topDecision?: false;
  /** `hookSpecificOutput` fields it reads differently, replacing Claude's. */
  readonly hookSpecific?: Shape;
}

/** VS Code reads a Stop block nested in `hookSpecificOutput` (other-agents-hooks.md §2.5). */
export const NESTED_STOP_DECISION = {
  decision: z.literal('block'),
  reason: z.string().describe('Fed back to the agent; VS Code needs it non-empty.'),
} satisfies Shape;

/** What happens to a rewrite that fails its tool's schema (issue 12 point 19, seed 000 "PreToolUse 輸出"). */
export const REWRITE_CHECK_NOTE =
  "With tool input schemas (`toolInputSchemas`, `--tool-schemas`), a rewrite that does not match its tool's schema is discarded with ENGINE_INVALID_UPDATED_INPUT and the decision stands (VS Code's documented fail-open; `--invalid-rewrite deny` denies instead); without them the result's updatedInputCheck says it was not checked.";
