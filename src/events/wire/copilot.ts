import { z } from 'zod';
import { ADDITIONAL_CONTEXT, jsonObject, REWRITE_CHECK_NOTE } from './common.ts';

/**
 * Copilot CLI's flat, camelCase output fields (other-agents-hooks.md §1.3, §1.5, §1.7;
 * copilot-cli-observed.md). Each event's wire row picks the ones it honours.
 */
export const COPILOT_FIELDS = {
  additionalContext: ADDITIONAL_CONTEXT,
  permissionDecision: z.enum(['allow', 'deny', 'ask']),
  permissionDecisionReason: z.string().describe('Required with deny.'),
  modifiedArgs: jsonObject().describe(`Replaces the whole tool arguments. ${REWRITE_CHECK_NOTE}`),
  modifiedPrompt: z
    .string()
    .describe(
      'Replaces the prompt; Copilot CLI 1.0.102 honours it from command hooks too (seed 003: SDK only).',
    ),
  modifiedTransformedPrompt: z
    .string()
    .min(1)
    .describe('Replaces the model-facing (and persisted) prompt, not the displayed one.'),
  modifiedResult: z
    .looseObject({ resultType: z.string(), textResultForLlm: z.string() })
    .describe(
      'Replaces the tool result, from command hooks too; Copilot CLI 1.0.102 does not fire postToolUseFailure for `resultType: "failure"` (older docs: it re-routes to the failure path).',
    ),
  modifiedResponse: z.string().min(1).describe("Replaces the subagent's response."),
  behavior: z.enum(['allow', 'deny']),
  message: z.string().describe('With deny: shown to the model.'),
  interrupt: z.boolean().describe('With deny: also stop the agent.'),
};

/** The top-level decision as the Copilot family reads it: `allow` (and Claude's `approve`) or `block`. */
export const COPILOT_DECISION = z.enum(['block', 'allow', 'approve']);
