import { z } from 'zod';
import type { EventName } from '../../model/event-name.ts';
import { ADDITIONAL_CONTEXT, type EventWire, jsonObject, known } from './common.ts';
import { COPILOT_FIELDS } from './copilot.ts';
import {
  PERMISSION_DECISION,
  PERMISSION_DECISION_REASON,
  TOOL_NAME,
  TOOL_USE_ID,
  UPDATED_INPUT,
} from './tools.ts';

function modelSwitchInput(sources: readonly string[]) {
  return {
    from_model: z.string(),
    to_model: z.string(),
    requested_model: z.string().nullable().describe('Alias, full id, or null for the default.'),
    source: known(sources),
    context_tokens: z.number(),
    prompt_cache_warm: z.boolean(),
    cache_ttl: z.enum(['5m', '1h']),
    estimated_cache_write_usd: z.number(),
    pricing: z.enum(['configured', 'catalog', 'default']),
  };
}

const ELICITATION_ACTION = z.enum(['accept', 'decline', 'cancel']);
const ELICITATION_MODE = z.enum(['form', 'url']);
const ELICITATION_OUTPUT = {
  action: ELICITATION_ACTION.describe('Answers the elicitation instead of the user.'),
  content: jsonObject().describe('The form content with `accept`.'),
};

/** Model switch, elicitation, session end, skill shell, and the Copilot-only events. */
export const MISC_WIRE = {
  PreModelSwitch: {
    input: modelSwitchInput(['command', 'picker', 'sdk']),
    hookSpecific: {
      permissionDecision: PERMISSION_DECISION.exclude(['defer']),
      permissionDecisionReason: PERMISSION_DECISION_REASON,
    },
  },
  PostModelSwitch: {
    input: modelSwitchInput(['command', 'picker', 'sdk', 'auto', 'resume']),
    hookSpecific: { additionalContext: ADDITIONAL_CONTEXT },
  },
  Elicitation: {
    input: {
      mcp_server_name: z.string(),
      message: z.string(),
      mode: ELICITATION_MODE.optional(),
      url: z.string().optional(),
      elicitation_id: z.string().optional(),
      requested_schema: jsonObject().optional().describe('JSON Schema of the requested content.'),
    },
    hookSpecific: ELICITATION_OUTPUT,
  },
  ElicitationResult: {
    input: {
      mcp_server_name: z.string(),
      action: ELICITATION_ACTION,
      mode: ELICITATION_MODE.optional(),
      elicitation_id: z.string().optional(),
      content: jsonObject().optional(),
    },
    hookSpecific: ELICITATION_OUTPUT,
  },
  SessionEnd: {
    input: { reason: known(['clear', 'resume', 'logout', 'prompt_input_exit', 'other']) },
    hookSpecific: {},
  },
  PreSkillShellCommand: {
    input: {
      tool_name: TOOL_NAME,
      tool_input: z.looseObject({ command: z.string() }).describe('`{ command }` with arguments filled in.'),
      tool_use_id: TOOL_USE_ID,
      command_name: z.string(),
      command_source: z.string().optional(),
      invoked_by: z.enum(['user', 'claude', 'other']),
    },
    hookSpecific: {
      permissionDecision: PERMISSION_DECISION,
      permissionDecisionReason: PERMISSION_DECISION_REASON,
      updatedInput: UPDATED_INPUT,
    },
  },
  ErrorOccurred: {
    input: {
      error: z
        .object({ message: z.string(), name: z.string(), stack: z.string().optional() })
        .describe('`{message, name, stack?}`.'),
      error_context: z.enum(['model_call', 'tool_execution', 'system', 'user_input']),
      recoverable: z.boolean(),
    },
    hookSpecific: {},
  },
  UserPromptTransformed: {
    input: { prompt: z.string(), transformed_prompt: z.string() },
    hookSpecific: {},
    copilot: { modifiedTransformedPrompt: COPILOT_FIELDS.modifiedTransformedPrompt },
  },
} as const satisfies Partial<Record<EventName, EventWire>>;
