import { z } from 'zod';
import type { EventName } from '../../model/event-name.ts';
import { ADDITIONAL_CONTEXT, type EventWire, known, WATCH_PATHS } from './common.ts';
import { COPILOT_FIELDS } from './copilot.ts';

const RESUME_ONLY = 'Resume/fork only.';
const SESSION_TITLE = z.string().describe('Sets the session title.');
const SUPPRESS_ORIGINAL_PROMPT = z.boolean().describe('Hide the original prompt from the transcript.');

/** Session and prompt events: claude-code-hooks.md §2.1–§2.6. */
export const SESSION_WIRE = {
  SessionStart: {
    input: {
      source: known(['startup', 'resume', 'clear', 'compact', 'fork']),
      // claude-code-observed.md: 2.1.328 sends no `model` on SessionStart.
      model: z.string().optional(),
      agent_type: z.string().optional().describe('Set with `claude --agent`.'),
      session_title: z.string().optional(),
      seconds_since_last_response: z.number().optional().describe(RESUME_ONLY),
      context_tokens: z.number().optional().describe(RESUME_ONLY),
      prompt_cache_likely_expired: z.boolean().optional().describe(RESUME_ONLY),
      estimated_cache_write_usd: z.number().optional().describe(RESUME_ONLY),
    },
    hookSpecific: {
      additionalContext: ADDITIONAL_CONTEXT,
      initialUserMessage: z.string().describe('A first user message for the session.'),
      sessionTitle: SESSION_TITLE,
      watchPaths: WATCH_PATHS,
      reloadSkills: z.boolean(),
    },
    copilot: { additionalContext: COPILOT_FIELDS.additionalContext },
  },
  Setup: {
    input: { trigger: z.enum(['init', 'maintenance']) },
    // [CONFLICT] §2.2: newer docs discard all JSON; the SDK still types additionalContext.
    hookSpecific: { additionalContext: ADDITIONAL_CONTEXT },
  },
  InstructionsLoaded: {
    input: {
      file_path: z.string().describe('Absolute path.'),
      memory_type: z.enum(['User', 'Project', 'Local', 'Managed']),
      load_reason: known(['session_start', 'nested_traversal', 'path_glob_match', 'include', 'compact']),
      globs: z.array(z.string()).optional().describe('Only for `path_glob_match`.'),
      trigger_file_path: z.string().optional().describe('Lazy loads.'),
      parent_file_path: z.string().optional().describe('For `include`.'),
    },
    hookSpecific: {},
  },
  UserPromptSubmit: {
    input: {
      prompt: z.string(),
      // claude-code-observed.md: 2.1.328 sends no `source` yet.
      source: known(['user', 'sdk', 'system', 'loop_wakeup', 'schedule_wakeup', 'poll_event']).optional(),
      session_title: z.string().optional(),
    },
    hookSpecific: {
      additionalContext: ADDITIONAL_CONTEXT,
      sessionTitle: SESSION_TITLE,
      suppressOriginalPrompt: SUPPRESS_ORIGINAL_PROMPT,
    },
    copilot: {
      modifiedPrompt: COPILOT_FIELDS.modifiedPrompt,
      additionalContext: COPILOT_FIELDS.additionalContext,
    },
  },
  UserPromptExpansion: {
    input: {
      expansion_type: z.enum(['slash_command', 'mcp_prompt']),
      command_name: z.string(),
      command_args: z.string(),
      command_source: z.string().optional().describe('e.g. `plugin`.'),
      prompt: z.string().describe('The original text.'),
    },
    hookSpecific: { additionalContext: ADDITIONAL_CONTEXT, suppressOriginalPrompt: SUPPRESS_ORIGINAL_PROMPT },
  },
  MessageDisplay: {
    input: {
      turn_id: z.string(),
      message_id: z.string(),
      index: z.number().describe('0-based batch index.'),
      final: z.boolean(),
      delta: z.string().describe('Whole lines, newlines included.'),
    },
    hookSpecific: { displayContent: z.string().describe('Replaces the text the user sees.') },
  },
} as const satisfies Partial<Record<EventName, EventWire>>;
