import { z } from 'zod';
import type { EventName } from '../../model/event-name.ts';
import {
  ADDITIONAL_CONTEXT,
  type EventWire,
  jsonObject,
  known,
  NESTED_STOP_DECISION,
  type VscodeWire,
} from './common.ts';
import { COPILOT_FIELDS } from './copilot.ts';

const TASK_INPUT = {
  task_id: z.string(),
  task_subject: z.string(),
  task_description: z.string().optional(),
  teammate_name: z.string().optional(),
  team_name: z.string().optional().describe('Deprecated.'),
};

const STOP_EXTRAS = {
  last_assistant_message: z.string().optional(),
  background_tasks: z.array(jsonObject()).optional().describe('`{id, type, status, description, …}[]`.'),
  session_crons: z.array(jsonObject()).optional().describe('`{id, schedule, recurring, prompt}[]`.'),
};

const STOP_HOOK_ACTIVE = z.boolean().describe('True while the agent runs because a Stop hook blocked.');

/** VS Code reads a Stop/SubagentStop block only nested in `hookSpecificOutput` (§2.5). */
const NESTED_ONLY: VscodeWire = { topDecision: false };

const STOP_FAILURE_ERRORS = [
  'rate_limit',
  'overloaded',
  'authentication_failed',
  'oauth_org_not_allowed',
  'billing_error',
  'invalid_request',
  'model_not_found',
  'server_error',
  'max_output_tokens',
  'unknown',
];

/** Notification, subagent, task, stop and team events: claude-code-hooks.md §2.13–§2.20. */
export const AGENT_WIRE = {
  Notification: {
    input: { message: z.string(), title: z.string().optional(), notification_type: z.string() },
    hookSpecific: {},
    // Copilot CLI injects it as a user message that can wake an idle session (§1.3).
    copilot: { additionalContext: COPILOT_FIELDS.additionalContext },
  },
  SubagentStart: {
    input: { agent_id: z.string(), agent_type: z.string() },
    hookSpecific: { additionalContext: ADDITIONAL_CONTEXT },
    copilot: { additionalContext: COPILOT_FIELDS.additionalContext },
    hookEventAliases: ['SessionStart'],
  },
  SubagentStop: {
    input: {
      stop_hook_active: STOP_HOOK_ACTIVE,
      agent_id: z.string(),
      agent_type: z.string(),
      agent_transcript_path: z.string(),
      ...STOP_EXTRAS,
    },
    hookSpecific: { additionalContext: ADDITIONAL_CONTEXT },
    copilot: { modifiedResponse: COPILOT_FIELDS.modifiedResponse },
    nestedDecision: NESTED_STOP_DECISION,
    hookEventAliases: ['Stop'],
    vscode: NESTED_ONLY,
  },
  TaskCreated: { input: TASK_INPUT, hookSpecific: {} },
  TaskCompleted: { input: TASK_INPUT, hookSpecific: {} },
  Stop: {
    input: { stop_hook_active: STOP_HOOK_ACTIVE, ...STOP_EXTRAS },
    hookSpecific: { additionalContext: ADDITIONAL_CONTEXT },
    nestedDecision: NESTED_STOP_DECISION,
    vscode: NESTED_ONLY,
  },
  StopFailure: {
    input: {
      error: known(STOP_FAILURE_ERRORS),
      error_details: z.string().optional(),
      last_assistant_message: z.string().optional(),
    },
    hookSpecific: {},
  },
  TeammateIdle: {
    input: { teammate_name: z.string(), team_name: z.string().describe('Deprecated.') },
    hookSpecific: {},
  },
} as const satisfies Partial<Record<EventName, EventWire>>;
