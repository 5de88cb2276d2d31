import {
  ALL_HANDLER_TYPES,
  DECISION_OUTPUT,
  DEFAULT_TIMEOUT_SEC,
  NON_LLM_HANDLER_TYPES,
  opt,
  req,
  UNIVERSAL_OUTPUT,
} from './field-builders.ts';
import type { EventSpec } from './types.ts';

const REF = 'claude-code-hooks.md';

/** Session and prompt events: claude-code-hooks.md §2.1–§2.6. */
export const SESSION_EVENTS: readonly EventSpec[] = [
  {
    name: 'SessionStart',
    summary: 'A session starts or resumes; handlers can add context for the model.',
    reference: `${REF} §2.1`,
    dialects: { copilot: 'sessionStart', copilotCompat: 'SessionStart', vscode: 'SessionStart' },
    matcher: { field: 'source', values: ['startup', 'resume', 'clear', 'compact', 'fork'] },
    input: [
      req('source', 'string', { values: ['startup', 'resume', 'clear', 'compact', 'fork'] }),
      // claude-code-observed.md: 2.1.328 sends no `model` on SessionStart.
      opt('model'),
      opt('agent_type', 'string', { description: 'Set with `claude --agent`.' }),
      opt('session_title'),
      opt('seconds_since_last_response', 'number', { description: 'Resume/fork only.' }),
      opt('context_tokens', 'number', { description: 'Resume/fork only.' }),
      opt('prompt_cache_likely_expired', 'boolean', { description: 'Resume/fork only.' }),
      opt('estimated_cache_write_usd', 'number', { description: 'Resume/fork only.' }),
    ],
    output: {
      topLevel: UNIVERSAL_OUTPUT,
      hookSpecific: ['additionalContext', 'initialUserMessage', 'sessionTitle', 'watchPaths', 'reloadSkills'],
    },
    blocking: 'no',
    exit2: 'user',
    plainStdout: 'context',
    decisionKind: 'context',
    defaultTimeoutSec: DEFAULT_TIMEOUT_SEC,
    // HTTP hooks are skipped here and prompt/agent are a config error (§2.1).
    handlerTypes: ['command', 'mcp_tool'],
  },
  {
    name: 'Setup',
    summary: 'Runs only with `--init-only`, `-p --init` or `-p --maintenance`.',
    reference: `${REF} §2.2`,
    dialects: {},
    matcher: { field: 'trigger', values: ['init', 'maintenance'] },
    input: [req('trigger', 'string', { values: ['init', 'maintenance'] })],
    // [CONFLICT] §2.2: newer docs discard all JSON; the SDK still types additionalContext.
    output: { topLevel: UNIVERSAL_OUTPUT, hookSpecific: ['additionalContext'] },
    blocking: 'no',
    exit2: 'user',
    plainStdout: 'debug',
    decisionKind: 'context',
    defaultTimeoutSec: DEFAULT_TIMEOUT_SEC,
    // Newest docs (Sep–Oct 2026) accept `command` only (§2.0 [CONFLICT]).
    handlerTypes: ['command'],
  },
  {
    name: 'InstructionsLoaded',
    summary: 'A CLAUDE.md or rules file was loaded (observability only).',
    reference: `${REF} §2.3`,
    dialects: {},
    matcher: {
      field: 'load_reason',
      values: ['session_start', 'nested_traversal', 'path_glob_match', 'include', 'compact'],
    },
    input: [
      req('file_path', 'string', { description: 'Absolute path.' }),
      req('memory_type', 'string', { values: ['User', 'Project', 'Local', 'Managed'] }),
      req('load_reason', 'string', {
        values: ['session_start', 'nested_traversal', 'path_glob_match', 'include', 'compact'],
      }),
      opt('globs', 'array', { description: 'Only for `path_glob_match`.' }),
      opt('trigger_file_path', 'string', { description: 'Lazy loads.' }),
      opt('parent_file_path', 'string', { description: 'For `include`.' }),
    ],
    output: { topLevel: [], hookSpecific: [] },
    blocking: 'no',
    exit2: 'ignored',
    plainStdout: 'debug',
    decisionKind: 'none',
    defaultTimeoutSec: DEFAULT_TIMEOUT_SEC,
    handlerTypes: NON_LLM_HANDLER_TYPES,
  },
  {
    name: 'UserPromptSubmit',
    summary: 'A prompt was submitted, before the model sees it; can block or add context.',
    reference: `${REF} §2.4`,
    dialects: {
      copilot: 'userPromptSubmitted',
      copilotCompat: 'UserPromptSubmit',
      vscode: 'UserPromptSubmit',
    },
    matcher: { field: null },
    input: [
      req('prompt'),
      // claude-code-observed.md: 2.1.328 sends no `source` yet.
      opt('source', 'string', {
        values: ['user', 'sdk', 'system', 'loop_wakeup', 'schedule_wakeup', 'poll_event'],
      }),
      opt('session_title'),
    ],
    output: {
      topLevel: DECISION_OUTPUT,
      hookSpecific: ['additionalContext', 'sessionTitle', 'suppressOriginalPrompt'],
    },
    blocking: 'yes',
    exit2: 'block',
    plainStdout: 'context',
    decisionKind: 'block',
    defaultTimeoutSec: 30,
    handlerTypes: ALL_HANDLER_TYPES,
  },
  {
    name: 'UserPromptExpansion',
    summary: 'A typed slash command, skill or MCP prompt expands into a prompt.',
    reference: `${REF} §2.5`,
    dialects: {},
    matcher: { field: 'command_name' },
    input: [
      req('expansion_type', 'string', { values: ['slash_command', 'mcp_prompt'] }),
      req('command_name'),
      req('command_args'),
      opt('command_source', 'string', { description: 'e.g. `plugin`.' }),
      req('prompt', 'string', { description: 'The original text.' }),
    ],
    output: { topLevel: DECISION_OUTPUT, hookSpecific: ['additionalContext', 'suppressOriginalPrompt'] },
    blocking: 'yes',
    exit2: 'block',
    plainStdout: 'context',
    decisionKind: 'block',
    defaultTimeoutSec: DEFAULT_TIMEOUT_SEC,
    handlerTypes: ALL_HANDLER_TYPES,
  },
  {
    name: 'MessageDisplay',
    summary: 'Assistant text is about to be displayed; handlers may replace what the user sees.',
    reference: `${REF} §2.6`,
    dialects: {},
    matcher: { field: null },
    input: [
      req('turn_id'),
      req('message_id'),
      req('index', 'number', { description: '0-based batch index.' }),
      req('final', 'boolean'),
      req('delta', 'string', { description: 'Whole lines, newlines included.' }),
    ],
    // systemMessage and continue are discarded (§2.6).
    output: { topLevel: ['suppressOutput', 'terminalSequence'], hookSpecific: ['displayContent'] },
    blocking: 'no',
    exit2: 'original',
    plainStdout: 'debug',
    decisionKind: 'display',
    defaultTimeoutSec: 10,
    handlerTypes: NON_LLM_HANDLER_TYPES,
  },
];
