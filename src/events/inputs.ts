import type { EventName } from '../model/event-name.ts';

/** Common input fields, claude-code-hooks.md §3.1. The engine fills the required ones. */
export interface CommonInput {
  session_id: string;
  transcript_path: string;
  cwd: string;
  hook_event_name: string;
  prompt_id?: string;
  permission_mode?: string;
  effort?: { level: string };
  agent_id?: string;
  agent_type?: string;
}

type Json = Record<string, unknown>;

interface ToolBase {
  tool_name: string;
  tool_input: Json;
  /** `{name, source}` for MCP tools. */
  mcp_server?: { name: string; source: string };
}

interface StopExtras {
  last_assistant_message?: string;
  background_tasks?: Json[];
  session_crons?: Json[];
}

interface TaskFields {
  task_id: string;
  task_subject: string;
  task_description?: string;
  teammate_name?: string;
  team_name?: string;
}

interface ModelSwitchFields {
  from_model: string;
  to_model: string;
  requested_model: string | null;
  source: string;
  context_tokens: number;
  prompt_cache_warm: boolean;
  cache_ttl: '5m' | '1h';
  estimated_cache_write_usd: number;
  pricing: 'configured' | 'catalog' | 'default';
}

/** Event-specific input fields, canonical snake_case. Keep in step with `INPUT_KEYS` below. */
export interface EventInputMap {
  SessionStart: {
    source: 'startup' | 'resume' | 'clear' | 'compact' | 'fork' | (string & {});
    model?: string;
    agent_type?: string;
    session_title?: string;
    seconds_since_last_response?: number;
    context_tokens?: number;
    prompt_cache_likely_expired?: boolean;
    estimated_cache_write_usd?: number;
  };
  Setup: { trigger: 'init' | 'maintenance' };
  InstructionsLoaded: {
    file_path: string;
    memory_type: 'User' | 'Project' | 'Local' | 'Managed';
    load_reason: string;
    globs?: string[];
    trigger_file_path?: string;
    parent_file_path?: string;
  };
  UserPromptSubmit: { prompt: string; source?: string; session_title?: string };
  UserPromptExpansion: {
    expansion_type: 'slash_command' | 'mcp_prompt';
    command_name: string;
    command_args: string;
    command_source?: string;
    prompt: string;
  };
  MessageDisplay: { turn_id: string; message_id: string; index: number; final: boolean; delta: string };
  PreToolUse: ToolBase & { tool_use_id?: string };
  PermissionRequest: ToolBase & { permission_suggestions?: Json[] };
  PermissionDenied: ToolBase & { tool_use_id?: string; reason: string };
  PostToolUse: ToolBase & { tool_response: unknown; tool_use_id?: string; duration_ms?: number };
  PostToolUseFailure: ToolBase & {
    tool_use_id?: string;
    error: string;
    is_interrupt?: boolean;
    duration_ms?: number;
  };
  PostToolBatch: {
    tool_calls: { tool_name: string; tool_input: unknown; tool_use_id: string; tool_response?: unknown }[];
  };
  Notification: { message: string; title?: string; notification_type: string };
  SubagentStart: { agent_id: string; agent_type: string };
  SubagentStop: StopExtras & {
    stop_hook_active: boolean;
    agent_id: string;
    agent_type: string;
    agent_transcript_path: string;
  };
  TaskCreated: TaskFields;
  TaskCompleted: TaskFields;
  Stop: StopExtras & { stop_hook_active: boolean };
  StopFailure: { error: string; error_details?: string; last_assistant_message?: string };
  TeammateIdle: { teammate_name: string; team_name: string };
  ConfigChange: { source: string; file_path?: string };
  CwdChanged: { old_cwd: string; new_cwd: string };
  DirectoryAdded: { directory: string; source: 'slash_command' | 'register_repo_root' };
  FileChanged: { file_path: string; event: 'change' | 'add' | 'unlink' };
  WorktreeCreate: { name: string };
  WorktreeRemove: { worktree_path: string };
  PreCompact: { trigger: 'manual' | 'auto'; custom_instructions: string | null };
  PostCompact: { trigger: 'manual' | 'auto'; compact_summary: string };
  PreModelSwitch: ModelSwitchFields;
  PostModelSwitch: ModelSwitchFields;
  Elicitation: {
    mcp_server_name: string;
    message: string;
    mode?: 'form' | 'url';
    url?: string;
    elicitation_id?: string;
    requested_schema?: Json;
  };
  ElicitationResult: {
    mcp_server_name: string;
    action: 'accept' | 'decline' | 'cancel';
    mode?: 'form' | 'url';
    elicitation_id?: string;
    content?: Json;
  };
  SessionEnd: { reason: string };
  PreSkillShellCommand: {
    tool_name: string;
    tool_input: { command: string } & Json;
    tool_use_id?: string;
    command_name: string;
    command_source?: string;
    invoked_by: 'user' | 'claude' | 'other';
  };
  ErrorOccurred: {
    error: { message: string; name: string; stack?: string };
    error_context: 'model_call' | 'tool_execution' | 'system' | 'user_input';
    recoverable: boolean;
  };
  UserPromptTransformed: { prompt: string; transformed_prompt: string };
}

/** What `engine.dispatch(event, input)` accepts: event fields plus any common field. */
export type EventInput<E extends EventName> = EventInputMap[E] & Partial<CommonInput>;

/** The full payload a Claude-dialect handler receives. */
export type EventPayload<E extends EventName> = EventInputMap[E] & CommonInput;

type KeysOf<E extends EventName> = readonly (keyof EventInputMap[E] & string)[];

/**
 * Runtime copy of the keys of `EventInputMap`, in catalogue order. A test checks each list equals
 * the catalogue's input field names; the type below makes an unknown key a compile error.
 */
export const INPUT_KEYS = {
  SessionStart: [
    'source',
    'model',
    'agent_type',
    'session_title',
    'seconds_since_last_response',
    'context_tokens',
    'prompt_cache_likely_expired',
    'estimated_cache_write_usd',
  ],
  Setup: ['trigger'],
  InstructionsLoaded: [
    'file_path',
    'memory_type',
    'load_reason',
    'globs',
    'trigger_file_path',
    'parent_file_path',
  ],
  UserPromptSubmit: ['prompt', 'source', 'session_title'],
  UserPromptExpansion: ['expansion_type', 'command_name', 'command_args', 'command_source', 'prompt'],
  MessageDisplay: ['turn_id', 'message_id', 'index', 'final', 'delta'],
  PreToolUse: ['tool_name', 'tool_input', 'tool_use_id', 'mcp_server'],
  PermissionRequest: ['tool_name', 'tool_input', 'permission_suggestions', 'mcp_server'],
  PermissionDenied: ['tool_name', 'tool_input', 'tool_use_id', 'reason', 'mcp_server'],
  PostToolUse: ['tool_name', 'tool_input', 'tool_response', 'tool_use_id', 'duration_ms', 'mcp_server'],
  PostToolUseFailure: [
    'tool_name',
    'tool_input',
    'tool_use_id',
    'error',
    'is_interrupt',
    'duration_ms',
    'mcp_server',
  ],
  PostToolBatch: ['tool_calls'],
  Notification: ['message', 'title', 'notification_type'],
  SubagentStart: ['agent_id', 'agent_type'],
  SubagentStop: [
    'stop_hook_active',
    'agent_id',
    'agent_type',
    'agent_transcript_path',
    'last_assistant_message',
    'background_tasks',
    'session_crons',
  ],
  TaskCreated: ['task_id', 'task_subject', 'task_description', 'teammate_name', 'team_name'],
  TaskCompleted: ['task_id', 'task_subject', 'task_description', 'teammate_name', 'team_name'],
  Stop: ['stop_hook_active', 'last_assistant_message', 'background_tasks', 'session_crons'],
  StopFailure: ['error', 'error_details', 'last_assistant_message'],
  TeammateIdle: ['teammate_name', 'team_name'],
  ConfigChange: ['source', 'file_path'],
  CwdChanged: ['old_cwd', 'new_cwd'],
  DirectoryAdded: ['directory', 'source'],
  FileChanged: ['file_path', 'event'],
  WorktreeCreate: ['name'],
  WorktreeRemove: ['worktree_path'],
  PreCompact: ['trigger', 'custom_instructions'],
  PostCompact: ['trigger', 'compact_summary'],
  PreModelSwitch: [
    'from_model',
    'to_model',
    'requested_model',
    'source',
    'context_tokens',
    'prompt_cache_warm',
    'cache_ttl',
    'estimated_cache_write_usd',
    'pricing',
  ],
  PostModelSwitch: [
    'from_model',
    'to_model',
    'requested_model',
    'source',
    'context_tokens',
    'prompt_cache_warm',
    'cache_ttl',
    'estimated_cache_write_usd',
    'pricing',
  ],
  Elicitation: ['mcp_server_name', 'message', 'mode', 'url', 'elicitation_id', 'requested_schema'],
  ElicitationResult: ['mcp_server_name', 'action', 'mode', 'elicitation_id', 'content'],
  SessionEnd: ['reason'],
  PreSkillShellCommand: [
    'tool_name',
    'tool_input',
    'tool_use_id',
    'command_name',
    'command_source',
    'invoked_by',
  ],
  ErrorOccurred: ['error', 'error_context', 'recoverable'],
  UserPromptTransformed: ['prompt', 'transformed_prompt'],
} as const satisfies { readonly [E in EventName]: KeysOf<E> };

/** Compile-time check that every key of `EventInputMap[E]` is listed in `INPUT_KEYS[E]`. */
type MissingKeys = {
  [E in EventName]: Exclude<keyof EventInputMap[E], (typeof INPUT_KEYS)[E][number]>;
}[EventName];
const NO_MISSING_KEYS: [MissingKeys] extends [never] ? true : MissingKeys = true;
void NO_MISSING_KEYS;
