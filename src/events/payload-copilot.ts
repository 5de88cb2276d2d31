import type { EventName } from '../model/event-name.ts';
import {
  errorObject,
  firstDefined,
  type Payload,
  parseToolArgs,
  toolResponseText,
} from './payload-values.ts';
import { toClaudeToolName, toCopilotToolName } from './tool-names.ts';

/**
 * Event-specific fields of the two Copilot CLI payloads (other-agents-hooks.md §1.3). Each builder
 * reads the canonical snake_case input and returns the fields plus the input keys it consumed;
 * the caller passes every other input key through unchanged.
 */
export interface EventFields {
  fields: Payload;
  consumed: readonly string[];
}

type Builder = (input: Payload, transcriptPath: string) => EventFields;

/** Copilot reports `stopReason: "end_turn"` for an ordinary stop. */
const DEFAULT_STOP_REASON = 'end_turn';

function tool(input: Payload): string {
  return typeof input.tool_name === 'string' ? input.tool_name : '';
}

function dropUndefined(fields: Payload): Payload {
  for (const key of Object.keys(fields)) if (fields[key] === undefined) delete fields[key];
  return fields;
}

function build(fields: Payload, consumed: readonly string[]): EventFields {
  return { fields: dropUndefined(fields), consumed };
}

/** camelCase event keys: camelCase payload, `timestamp` in epoch ms. */
export const COPILOT_BUILDERS: Partial<Record<EventName, Builder>> = {
  SessionStart: (i) =>
    build({ source: i.source, initialPrompt: i.initial_prompt }, ['source', 'initial_prompt']),
  SessionEnd: (i) => build({ reason: i.reason }, ['reason']),
  UserPromptSubmit: (i) => build({ prompt: i.prompt }, ['prompt']),
  UserPromptTransformed: (i) =>
    build({ prompt: i.prompt, transformedPrompt: i.transformed_prompt }, ['prompt', 'transformed_prompt']),
  PreToolUse: (i) =>
    build({ toolName: toCopilotToolName(tool(i)), toolArgs: parseToolArgs(i.tool_input) }, [
      'tool_name',
      'tool_input',
    ]),
  // copilot-cli-observed.md "Payloads": `toolName`, `toolInput` (the permission request) and
  // `permissionSuggestions`, under the camelCase and the PascalCase key alike.
  PermissionRequest: (i) =>
    build(
      {
        toolName: toCopilotToolName(tool(i)),
        toolInput: parseToolArgs(i.tool_input),
        permissionSuggestions: firstDefined(i.permission_suggestions, []),
      },
      ['tool_name', 'tool_input', 'permission_suggestions'],
    ),
  PostToolUse: (i) =>
    build(
      {
        toolName: toCopilotToolName(tool(i)),
        toolArgs: parseToolArgs(i.tool_input),
        toolResult: { resultType: 'success', textResultForLlm: toolResponseText(i.tool_response) },
      },
      ['tool_name', 'tool_input', 'tool_response'],
    ),
  PostToolUseFailure: (i) =>
    build({ toolName: toCopilotToolName(tool(i)), toolArgs: parseToolArgs(i.tool_input), error: i.error }, [
      'tool_name',
      'tool_input',
      'error',
    ]),
  // `stop_hook_active` stays snake_case even in the camel payload (§1.3 notes).
  Stop: (i, transcriptPath) =>
    build(
      {
        transcriptPath,
        stopReason: firstDefined(i.stop_reason, DEFAULT_STOP_REASON),
        stop_hook_active: firstDefined(i.stop_hook_active, false),
      },
      ['stop_reason', 'stop_hook_active'],
    ),
  SubagentStart: (i, transcriptPath) =>
    build(
      {
        transcriptPath,
        agentName: firstDefined(i.agent_name, i.agent_type),
        agentDisplayName: i.agent_display_name,
        agentDescription: i.agent_description,
      },
      ['agent_name', 'agent_type', 'agent_display_name', 'agent_description'],
    ),
  SubagentStop: (i, transcriptPath) =>
    build(
      {
        transcriptPath,
        agentId: i.agent_id,
        agentType: i.agent_type,
        agentName: firstDefined(i.agent_name, i.agent_type),
        agentDisplayName: i.agent_display_name,
        response: i.last_assistant_message,
        stopReason: firstDefined(i.stop_reason, DEFAULT_STOP_REASON),
      },
      ['agent_id', 'agent_type', 'agent_name', 'agent_display_name', 'last_assistant_message', 'stop_reason'],
    ),
  ErrorOccurred: (i) =>
    build({ error: errorObject(i.error), errorContext: i.error_context, recoverable: i.recoverable }, [
      'error',
      'error_context',
      'recoverable',
    ]),
  PreCompact: (i, transcriptPath) =>
    build({ transcriptPath, trigger: i.trigger, customInstructions: i.custom_instructions }, [
      'trigger',
      'custom_instructions',
    ]),
  // The one Copilot payload with mixed casing (§1.3).
  Notification: (i) =>
    build(
      {
        hook_event_name: 'Notification',
        message: i.message,
        title: i.title,
        notification_type: i.notification_type,
      },
      ['message', 'title', 'notification_type'],
    ),
};

/** PascalCase event keys in a Copilot file: VS Code-compatible snake_case payload, ISO timestamp. */
export const COPILOT_COMPAT_BUILDERS: Partial<Record<EventName, Builder>> = {
  SessionStart: (i) =>
    build({ source: i.source, initial_prompt: i.initial_prompt }, ['source', 'initial_prompt']),
  SessionEnd: (i) => build({ reason: i.reason }, ['reason']),
  UserPromptSubmit: (i) => build({ prompt: i.prompt }, ['prompt']),
  // PascalCase tool events report Claude tool names (§1.4).
  PreToolUse: (i) =>
    build({ tool_name: toClaudeToolName(tool(i)), tool_input: parseToolArgs(i.tool_input) }, [
      'tool_name',
      'tool_input',
    ]),
  PermissionRequest: (i) =>
    build({ tool_name: toClaudeToolName(tool(i)), tool_input: parseToolArgs(i.tool_input) }, [
      'tool_name',
      'tool_input',
    ]),
  PostToolUse: (i) =>
    build(
      {
        tool_name: toClaudeToolName(tool(i)),
        tool_input: parseToolArgs(i.tool_input),
        tool_result: { result_type: 'success', text_result_for_llm: toolResponseText(i.tool_response) },
      },
      ['tool_name', 'tool_input', 'tool_response'],
    ),
  PostToolUseFailure: (i) =>
    build({ tool_name: toClaudeToolName(tool(i)), tool_input: parseToolArgs(i.tool_input), error: i.error }, [
      'tool_name',
      'tool_input',
      'error',
    ]),
  Stop: (i, transcriptPath) =>
    build(
      {
        transcript_path: transcriptPath,
        stop_reason: firstDefined(i.stop_reason, DEFAULT_STOP_REASON),
        stop_hook_active: firstDefined(i.stop_hook_active, false),
      },
      ['stop_reason', 'stop_hook_active'],
    ),
  // Compat `last_assistant_message` carries the camel `response` (§1.3).
  SubagentStop: (i, transcriptPath) =>
    build(
      {
        transcript_path: transcriptPath,
        agent_id: i.agent_id,
        agent_type: i.agent_type,
        agent_name: firstDefined(i.agent_name, i.agent_type),
        agent_display_name: i.agent_display_name,
        last_assistant_message: i.last_assistant_message,
        stop_reason: firstDefined(i.stop_reason, DEFAULT_STOP_REASON),
      },
      ['agent_id', 'agent_type', 'agent_name', 'agent_display_name', 'last_assistant_message', 'stop_reason'],
    ),
  ErrorOccurred: (i) =>
    build({ error: errorObject(i.error), error_context: i.error_context, recoverable: i.recoverable }, [
      'error',
      'error_context',
      'recoverable',
    ]),
  PreCompact: (i, transcriptPath) =>
    build(
      { transcript_path: transcriptPath, trigger: i.trigger, custom_instructions: i.custom_instructions },
      ['trigger', 'custom_instructions'],
    ),
};
