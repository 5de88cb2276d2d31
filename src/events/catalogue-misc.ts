import {
  DECISION_OUTPUT,
  DEFAULT_TIMEOUT_SEC,
  NON_LLM_HANDLER_TYPES,
  opt,
  req,
  TOOL_NAME_FIELD,
  TOOL_USE_ID_FIELD,
  UNIVERSAL_OUTPUT,
} from './field-builders.ts';
import type { EventSpec, FieldSpec } from './types.ts';

const REF = 'claude-code-hooks.md';
const COPILOT_REF = 'other-agents-hooks.md';

/** Model switches default to 30 s (claude-code-hooks.md §4.1, [SEC-SEP]). */
const MODEL_SWITCH_TIMEOUT_SEC = 30;
/** Copilot-only events: the Copilot CLI default `timeoutSec` (other-agents-hooks.md §1.1). */
const COPILOT_DEFAULT_TIMEOUT_SEC = 30;
/**
 * SessionEnd hooks share a 1.5 s budget, raised to the largest configured timeout (≤ 60 s) —
 * claude-code-hooks.md §2.33. The runner applies the budget; this is its unconfigured value.
 */
const SESSION_END_BUDGET_SEC = 1.5;

const ELICITATION_ACTIONS = ['accept', 'decline', 'cancel'];

function modelSwitchFields(sources: readonly string[]): readonly FieldSpec[] {
  return [
    req('from_model'),
    req('to_model'),
    req('requested_model', 'string', {
      description: '`string | null`: alias, full id, or null for default.',
    }),
    req('source', 'string', { values: sources }),
    req('context_tokens', 'number'),
    req('prompt_cache_warm', 'boolean'),
    req('cache_ttl', 'string', { values: ['5m', '1h'] }),
    req('estimated_cache_write_usd', 'number'),
    req('pricing', 'string', { values: ['configured', 'catalog', 'default'] }),
  ];
}

/** Model switch, elicitation, session end, skill shell, and the Copilot-only events. */
export const MISC_EVENTS: readonly EventSpec[] = [
  {
    name: 'PreModelSwitch',
    summary: 'Before a requested model switch; handlers allow, deny or ask.',
    reference: `${REF} §2.29`,
    dialects: {},
    // The canonical name of the target model ([SEC-SEP]/[SEC-OCT]).
    matcher: { field: 'to_model' },
    input: modelSwitchFields(['command', 'picker', 'sdk']),
    output: { topLevel: DECISION_OUTPUT, hookSpecific: ['permissionDecision', 'permissionDecisionReason'] },
    blocking: 'yes',
    exit2: 'block',
    plainStdout: 'debug',
    decisionKind: 'permission',
    defaultTimeoutSec: MODEL_SWITCH_TIMEOUT_SEC,
    handlerTypes: NON_LLM_HANDLER_TYPES,
  },
  {
    name: 'PostModelSwitch',
    summary: "After the session's model changed; handlers can add context.",
    reference: `${REF} §2.30`,
    dialects: {},
    matcher: { field: 'to_model' },
    input: modelSwitchFields(['command', 'picker', 'sdk', 'auto', 'resume']),
    output: { topLevel: UNIVERSAL_OUTPUT, hookSpecific: ['additionalContext'] },
    blocking: 'no',
    // Not in the §3.3 exit-2 list; assumed like the other non-blocking notices (stderr to user).
    exit2: 'user',
    plainStdout: 'context',
    decisionKind: 'context',
    defaultTimeoutSec: MODEL_SWITCH_TIMEOUT_SEC,
    handlerTypes: NON_LLM_HANDLER_TYPES,
  },
  {
    name: 'Elicitation',
    summary: 'An MCP server asks the user for input; handlers can answer instead.',
    reference: `${REF} §2.31`,
    dialects: {},
    matcher: { field: 'mcp_server_name' },
    input: [
      req('mcp_server_name'),
      req('message'),
      opt('mode', 'string', { values: ['form', 'url'] }),
      opt('url'),
      opt('elicitation_id'),
      opt('requested_schema', 'object', { description: 'JSON Schema of the requested content.' }),
    ],
    output: { topLevel: ['suppressOutput', 'terminalSequence'], hookSpecific: ['action', 'content'] },
    blocking: 'yes',
    // "Denies": the server receives a decline; stderr is shown nowhere (§2.31).
    exit2: 'decline',
    plainStdout: 'debug',
    decisionKind: 'elicitation',
    defaultTimeoutSec: DEFAULT_TIMEOUT_SEC,
    handlerTypes: NON_LLM_HANDLER_TYPES,
  },
  {
    name: 'ElicitationResult',
    summary: 'After the user answered an elicitation; handlers can override the answer.',
    reference: `${REF} §2.32`,
    dialects: {},
    matcher: { field: 'mcp_server_name' },
    input: [
      req('mcp_server_name'),
      req('action', 'string', { values: ELICITATION_ACTIONS }),
      opt('mode', 'string', { values: ['form', 'url'] }),
      opt('elicitation_id'),
      opt('content', 'object'),
    ],
    output: { topLevel: ['suppressOutput', 'terminalSequence'], hookSpecific: ['action', 'content'] },
    blocking: 'yes',
    exit2: 'decline',
    plainStdout: 'debug',
    decisionKind: 'elicitation',
    defaultTimeoutSec: DEFAULT_TIMEOUT_SEC,
    handlerTypes: NON_LLM_HANDLER_TYPES,
  },
  {
    name: 'SessionEnd',
    summary: 'The session ends (exit, /clear, resume switch, SIGTERM in -p).',
    reference: `${REF} §2.33`,
    dialects: { copilot: 'sessionEnd', copilotCompat: 'SessionEnd' },
    matcher: { field: 'reason', values: ['clear', 'resume', 'logout', 'prompt_input_exit', 'other'] },
    input: [req('reason', 'string', { values: ['clear', 'resume', 'logout', 'prompt_input_exit', 'other'] })],
    output: { topLevel: [], hookSpecific: [] },
    blocking: 'no',
    exit2: 'user',
    plainStdout: 'debug',
    decisionKind: 'none',
    defaultTimeoutSec: SESSION_END_BUDGET_SEC,
    handlerTypes: NON_LLM_HANDLER_TYPES,
  },
  {
    name: 'PreSkillShellCommand',
    summary: 'Before a shell command embedded in a skill or custom command runs (SDK-only, Nov 2026).',
    reference: `${REF} §2.34`,
    dialects: {},
    // Undocumented: assume the PreToolUse conventions (§2.34).
    matcher: { field: 'tool_name', values: ['Bash', 'PowerShell'] },
    input: [
      TOOL_NAME_FIELD,
      req('tool_input', 'object', { description: '`{ command }` with arguments filled in.' }),
      TOOL_USE_ID_FIELD,
      req('command_name'),
      opt('command_source'),
      req('invoked_by', 'string', { values: ['user', 'claude', 'other'] }),
    ],
    output: {
      topLevel: UNIVERSAL_OUTPUT,
      hookSpecific: ['permissionDecision', 'permissionDecisionReason', 'updatedInput'],
    },
    blocking: 'yes',
    exit2: 'block',
    plainStdout: 'debug',
    decisionKind: 'permission',
    defaultTimeoutSec: DEFAULT_TIMEOUT_SEC,
    handlerTypes: NON_LLM_HANDLER_TYPES,
  },
  {
    name: 'ErrorOccurred',
    summary: 'Copilot CLI reports an error (notification only).',
    reference: `${COPILOT_REF} §1.3`,
    dialects: { copilot: 'errorOccurred', copilotCompat: 'ErrorOccurred' },
    matcher: { field: null },
    input: [
      req('error', 'object', { description: '`{message, name, stack?}`.' }),
      req('error_context', 'string', { values: ['model_call', 'tool_execution', 'system', 'user_input'] }),
      req('recoverable', 'boolean'),
    ],
    output: { topLevel: [], hookSpecific: [] },
    blocking: 'no',
    // Copilot's default for exit 2 is a warning shown to the user (other-agents-hooks.md §1.5).
    exit2: 'user',
    plainStdout: 'debug',
    decisionKind: 'none',
    defaultTimeoutSec: COPILOT_DEFAULT_TIMEOUT_SEC,
    handlerTypes: ['command', 'http'],
  },
  {
    name: 'UserPromptTransformed',
    summary: 'Copilot CLI turned the prompt into model-facing content; handlers may replace it.',
    reference: `${COPILOT_REF} §1.3`,
    dialects: { copilot: 'userPromptTransformed' },
    matcher: { field: null },
    input: [req('prompt'), req('transformed_prompt')],
    // A flat Copilot output field; replaces the model-facing and persisted content.
    output: { topLevel: ['modifiedTransformedPrompt'], hookSpecific: [] },
    blocking: 'no',
    exit2: 'user',
    plainStdout: 'debug',
    // No rewrite kind exists in DecisionKind; the nearest rule is "context only".
    decisionKind: 'context',
    defaultTimeoutSec: COPILOT_DEFAULT_TIMEOUT_SEC,
    handlerTypes: ['command', 'http'],
  },
];
