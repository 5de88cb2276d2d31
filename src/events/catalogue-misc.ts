import {
  DECISION_OUTPUT,
  DEFAULT_TIMEOUT_SEC,
  NON_LLM_HANDLER_TYPES,
  UNIVERSAL_OUTPUT,
} from './field-builders.ts';
import type { CatalogueRow } from './types.ts';

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

/** Model switch, elicitation, session end, skill shell, and the Copilot-only events. */
export const MISC_EVENTS = [
  {
    name: 'PreModelSwitch',
    summary: 'Before a requested model switch; handlers allow, deny or ask.',
    reference: `${REF} §2.29`,
    dialects: {},
    // The canonical name of the target model ([SEC-SEP]/[SEC-OCT]).
    matcher: { field: 'to_model' },
    output: { topLevel: DECISION_OUTPUT },
    blocking: 'yes',
    exit2: 'block',
    plainStdout: 'debug',
    decisionKind: 'permission',
    defaultTimeoutSec: MODEL_SWITCH_TIMEOUT_SEC,
    handlerTypes: NON_LLM_HANDLER_TYPES,
    onFailureBlock: 'yes',
    sdkTimeout: 'proceeds',
    stopLoop: 'none',
  },
  {
    name: 'PostModelSwitch',
    summary: "After the session's model changed; handlers can add context.",
    reference: `${REF} §2.30`,
    dialects: {},
    matcher: { field: 'to_model' },
    output: { topLevel: UNIVERSAL_OUTPUT },
    blocking: 'no',
    // Not in the §3.3 exit-2 list; assumed like the other non-blocking notices (stderr to user).
    exit2: 'user',
    plainStdout: 'context',
    decisionKind: 'context',
    defaultTimeoutSec: MODEL_SWITCH_TIMEOUT_SEC,
    handlerTypes: NON_LLM_HANDLER_TYPES,
    onFailureBlock: 'yes',
    sdkTimeout: 'proceeds',
    stopLoop: 'none',
  },
  {
    name: 'Elicitation',
    summary: 'An MCP server asks the user for input; handlers can answer instead.',
    reference: `${REF} §2.31`,
    dialects: {},
    matcher: { field: 'mcp_server_name' },
    output: { topLevel: ['suppressOutput', 'terminalSequence'] },
    blocking: 'yes',
    // "Denies": the server receives a decline; stderr is shown nowhere (§2.31).
    exit2: 'decline',
    plainStdout: 'debug',
    decisionKind: 'elicitation',
    defaultTimeoutSec: DEFAULT_TIMEOUT_SEC,
    handlerTypes: NON_LLM_HANDLER_TYPES,
    onFailureBlock: 'yes',
    sdkTimeout: 'proceeds',
    stopLoop: 'none',
  },
  {
    name: 'ElicitationResult',
    summary: 'After the user answered an elicitation; handlers can override the answer.',
    reference: `${REF} §2.32`,
    dialects: {},
    matcher: { field: 'mcp_server_name' },
    output: { topLevel: ['suppressOutput', 'terminalSequence'] },
    blocking: 'yes',
    exit2: 'decline',
    plainStdout: 'debug',
    decisionKind: 'elicitation',
    defaultTimeoutSec: DEFAULT_TIMEOUT_SEC,
    handlerTypes: NON_LLM_HANDLER_TYPES,
    onFailureBlock: 'yes',
    sdkTimeout: 'proceeds',
    stopLoop: 'none',
  },
  {
    name: 'SessionEnd',
    summary: 'The session ends (exit, /clear, resume switch, SIGTERM in -p).',
    reference: `${REF} §2.33`,
    dialects: { copilot: 'sessionEnd', copilotCompat: 'SessionEnd' },
    matcher: { field: 'reason' },
    output: { topLevel: [] },
    blocking: 'no',
    exit2: 'user',
    plainStdout: 'debug',
    decisionKind: 'none',
    defaultTimeoutSec: SESSION_END_BUDGET_SEC,
    handlerTypes: NON_LLM_HANDLER_TYPES,
    onFailureBlock: 'yes',
    sdkTimeout: 'proceeds',
    stopLoop: 'none',
  },
  {
    name: 'PreSkillShellCommand',
    summary: 'Before a shell command embedded in a skill or custom command runs (SDK-only, Nov 2026).',
    reference: `${REF} §2.34`,
    dialects: {},
    // Undocumented: assume the PreToolUse conventions (§2.34).
    matcher: { field: 'tool_name', values: ['Bash', 'PowerShell'] },
    output: { topLevel: UNIVERSAL_OUTPUT },
    blocking: 'yes',
    exit2: 'block',
    plainStdout: 'debug',
    decisionKind: 'permission',
    defaultTimeoutSec: DEFAULT_TIMEOUT_SEC,
    handlerTypes: NON_LLM_HANDLER_TYPES,
    onFailureBlock: 'yes',
    sdkTimeout: 'proceeds',
    stopLoop: 'none',
  },
  {
    name: 'ErrorOccurred',
    summary: 'Copilot CLI reports an error (notification only).',
    reference: `${COPILOT_REF} §1.3`,
    dialects: { copilot: 'errorOccurred', copilotCompat: 'ErrorOccurred' },
    matcher: { field: null },
    output: { topLevel: [] },
    blocking: 'no',
    // Copilot's default for exit 2 is a warning shown to the user (other-agents-hooks.md §1.5).
    exit2: 'user',
    plainStdout: 'debug',
    decisionKind: 'none',
    defaultTimeoutSec: COPILOT_DEFAULT_TIMEOUT_SEC,
    handlerTypes: ['command', 'http'],
    onFailureBlock: 'yes',
    sdkTimeout: 'proceeds',
    stopLoop: 'none',
  },
  {
    name: 'UserPromptTransformed',
    summary: 'Copilot CLI turned the prompt into model-facing content; handlers may replace it.',
    reference: `${COPILOT_REF} §1.3`,
    dialects: { copilot: 'userPromptTransformed' },
    matcher: { field: null },
    // Its one output is Copilot's flat `modifiedTransformedPrompt` (src/events/wire/misc.ts).
    output: { topLevel: [] },
    blocking: 'no',
    exit2: 'user',
    plainStdout: 'debug',
    // No rewrite kind exists in DecisionKind; the nearest rule is "context only".
    decisionKind: 'context',
    defaultTimeoutSec: COPILOT_DEFAULT_TIMEOUT_SEC,
    handlerTypes: ['command', 'http'],
    onFailureBlock: 'yes',
    sdkTimeout: 'proceeds',
    stopLoop: 'none',
  },
] as const satisfies readonly CatalogueRow[];
