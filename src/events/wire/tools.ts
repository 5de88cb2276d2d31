import { z } from 'zod';
import type { EventName } from '../../model/event-name.ts';
import {
  ADDITIONAL_CONTEXT,
  type EventWire,
  jsonObject,
  PERMISSION_DECISIONS,
  PERMISSION_UPDATE,
  REWRITE_CHECK_NOTE,
} from './common.ts';
import { COPILOT_FIELDS } from './copilot.ts';

/** The fields every tool event shares (claude-code-hooks.md §2.7–§2.11). */
export const TOOL_NAME = z.string().describe('Claude tool name, e.g. `Bash`.');
export const TOOL_INPUT = jsonObject().describe('Tool-specific arguments.');
export const TOOL_USE_ID = z.string();
const MCP_SERVER = z
  .object({ name: z.string(), source: z.string() })
  .optional()
  .describe('`{name, source}` for MCP tools (≥ ~2.1.274).');

export const PERMISSION_DECISION = z.enum(PERMISSION_DECISIONS);
export const PERMISSION_DECISION_REASON = z
  .string()
  .describe('Shown to the model on deny, to the user otherwise.');
export const UPDATED_INPUT = jsonObject().describe(`Replaces the whole tool input. ${REWRITE_CHECK_NOTE}`);

/** PermissionRequest `hookSpecificOutput.decision` (claude-code-hooks.md §2.8). */
const PERMISSION_REQUEST_DECISION = z.discriminatedUnion('behavior', [
  z.object({
    behavior: z.literal('allow'),
    updatedInput: UPDATED_INPUT.optional(),
    updatedPermissions: z.array(PERMISSION_UPDATE).optional(),
  }),
  z.object({
    behavior: z.literal('deny'),
    message: z.string().optional(),
    interrupt: z.boolean().optional().describe('Also stop the agent.'),
  }),
]);

/** Tool-call events: claude-code-hooks.md §2.7–§2.12. */
export const TOOL_WIRE = {
  PreToolUse: {
    input: { tool_name: TOOL_NAME, tool_input: TOOL_INPUT, tool_use_id: TOOL_USE_ID, mcp_server: MCP_SERVER },
    hookSpecific: {
      permissionDecision: PERMISSION_DECISION,
      permissionDecisionReason: PERMISSION_DECISION_REASON,
      updatedInput: UPDATED_INPUT,
      additionalContext: ADDITIONAL_CONTEXT,
    },
    copilot: {
      permissionDecision: COPILOT_FIELDS.permissionDecision,
      permissionDecisionReason: COPILOT_FIELDS.permissionDecisionReason,
      modifiedArgs: COPILOT_FIELDS.modifiedArgs,
      additionalContext: COPILOT_FIELDS.additionalContext,
    },
    // other-agents-hooks.md §2.5: VS Code reads only hookSpecificOutput.permissionDecision, "deny >
    // ask > allow", "invalid decision strings ignored with a warning" (Claude's `defer` among them).
    vscode: {
      topDecision: false,
      hookSpecific: {
        permissionDecision: PERMISSION_DECISION.exclude(['defer']).describe(
          'VS Code reads deny, ask and allow.',
        ),
      },
    },
  },
  PermissionRequest: {
    // No tool_use_id here (§2.8, confirmed by claude-code-observed.md).
    input: {
      tool_name: TOOL_NAME,
      tool_input: TOOL_INPUT,
      permission_suggestions: z
        .array(jsonObject())
        .optional()
        .describe('PermissionUpdate[] "always allow" options.'),
      mcp_server: MCP_SERVER,
    },
    hookSpecific: { decision: PERMISSION_REQUEST_DECISION },
    copilot: {
      behavior: COPILOT_FIELDS.behavior,
      message: COPILOT_FIELDS.message,
      interrupt: COPILOT_FIELDS.interrupt,
    },
  },
  PermissionDenied: {
    input: {
      tool_name: TOOL_NAME,
      tool_input: TOOL_INPUT,
      tool_use_id: TOOL_USE_ID,
      reason: z.string(),
      mcp_server: MCP_SERVER,
    },
    hookSpecific: { retry: z.boolean().describe('Let the model retry the call.') },
  },
  PostToolUse: {
    // Field order follows the real 2.1.328 payload (hook-inputs.json).
    input: {
      tool_name: TOOL_NAME,
      tool_input: TOOL_INPUT,
      tool_response: z.unknown().describe("The tool's structured output."),
      tool_use_id: TOOL_USE_ID,
      duration_ms: z.number().optional(),
      mcp_server: MCP_SERVER,
    },
    hookSpecific: {
      additionalContext: ADDITIONAL_CONTEXT,
      updatedToolOutput: z.unknown().describe('Replaces what the model sees as the tool result.'),
      updatedMCPToolOutput: z.unknown().describe('The older name of `updatedToolOutput` for MCP tools.'),
      classifierContext: z.string(),
    },
    copilot: {
      modifiedResult: COPILOT_FIELDS.modifiedResult,
      additionalContext: COPILOT_FIELDS.additionalContext,
    },
  },
  PostToolUseFailure: {
    input: {
      tool_name: TOOL_NAME,
      tool_input: TOOL_INPUT,
      tool_use_id: TOOL_USE_ID,
      error: z.string().describe('For Bash: `Exit code N` then the output.'),
      is_interrupt: z.boolean().optional(),
      duration_ms: z.number().optional(),
      mcp_server: MCP_SERVER,
    },
    hookSpecific: { additionalContext: ADDITIONAL_CONTEXT },
    copilot: { additionalContext: COPILOT_FIELDS.additionalContext },
  },
  PostToolBatch: {
    input: {
      tool_calls: z
        .array(
          z.object({
            tool_name: z.string(),
            tool_input: z.unknown(),
            tool_use_id: z.string(),
            tool_response: z.unknown().optional(),
          }),
        )
        .describe(
          '`{tool_name, tool_input, tool_use_id, tool_response?}[]`; tool_response is the text the model sees.',
        ),
    },
    hookSpecific: { additionalContext: ADDITIONAL_CONTEXT },
  },
} as const satisfies Partial<Record<EventName, EventWire>>;
