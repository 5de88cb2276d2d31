import type { Decision, Outcome } from '../src/engine/dispatch/result.ts';
import type { EventName } from '../src/model/event-name.ts';
import type { ProfileName } from '../src/model/profile-name.ts';
import { renderModelMcpSection } from './decision-table-model-mcp.ts';

/**
 * What a fixture hook does in one row. Each behaviour is a mode of the real fixture script
 * `test/fixtures/engine/hook.sh`, so every row is checked against a real process.
 */
export type HookBehaviour =
  | 'exit0-silent'
  | 'exit0-plain'
  | 'exit0-json-allow'
  | 'exit0-json-deny'
  | 'exit0-json-ask'
  | 'exit0-json-block'
  | 'exit0-json-approve'
  | 'exit0-json-defer'
  | 'exit0-json-nested-block'
  | 'exit0-json-nested-block-no-reason'
  | 'exit0-json-continue-false'
  | 'exit0-json-stop'
  | 'exit0-json-context'
  | 'exit0-json-permission-allow'
  | 'exit0-copilot-deny'
  | 'exit0-json-allow-bad-rewrite'
  | 'exit0-copilot-allow-bad-rewrite'
  | 'exit2-stderr'
  | 'exit2-json-context'
  | 'exit1-stderr'
  | 'exit1-json-deny'
  | 'exit0-invalid-json'
  | 'exit0-json-invalid-field'
  | 'timeout'
  | 'missing-script';

export interface DecisionRow {
  profile: ProfileName;
  event: EventName;
  behaviour: HookBehaviour;
  /** The handler's `onFailure` (claude-code-hooks.md §4.1); absent means the default, `continue`. */
  onFailure?: 'block';
  /** The engine is given the tool's input schema (`toolInputSchemas`, `--tool-schemas`): {@link BASH_INPUT_SCHEMA}. */
  toolSchema?: true;
  /** The engine option `invalidRewrite` (`--invalid-rewrite`); absent means the default, `discard`. */
  invalidRewrite?: 'deny';
  /** Whether the hook's updatedInput reaches the result (`used`) or was dropped (`discarded`). */
  updatedInput?: 'used' | 'discarded';
  /** A fail-open the hosts document: the call goes ahead although a hook's answer was not usable. */
  failOpen?: true;
  outcome: Outcome;
  decision: Decision | null;
  /** Extra facts the row asserts. */
  continue?: boolean;
  contextAdded?: boolean;
  /** The texts the host sends the model, exactly (`result.messages.toModel`). */
  toModel?: string[];
  /** A text the hook's warnings (and so an ENGINE_OUTPUT_IGNORED diagnostic) must contain. */
  warning?: string;
  /** Why, with the reference section. */
  why: string;
}

/** The Bash input schema of the rewrite rows: the fixture's rewrite `{ "cmd": "ls" }` fails it. */
export const BASH_INPUT_SCHEMA = {
  type: 'object',
  properties: { command: { type: 'string' } },
  required: ['command'],
  additionalProperties: false,
} as const;

const C = 'claude-code' as const;
const P = 'copilot-cli' as const;
const V = 'vscode' as const;

/** docs/decisions.md is rendered from these rows, and test/engine/decision-table.test.ts runs each one. */
export const DECISION_TABLE: readonly DecisionRow[] = [
  // claude-code: tool permission events (claude-code-hooks.md §2.7, §3.3, claude-code-observed.md)
  {
    profile: C,
    event: 'PreToolUse',
    behaviour: 'exit0-silent',
    outcome: 'success',
    decision: null,
    why: 'no output: no decision, normal permission flow',
  },
  {
    profile: C,
    event: 'PreToolUse',
    behaviour: 'exit0-plain',
    outcome: 'success',
    decision: null,
    contextAdded: false,
    why: 'plain stdout goes to the debug log on PreToolUse (§3.3)',
  },
  {
    profile: C,
    event: 'PreToolUse',
    behaviour: 'exit0-json-allow',
    outcome: 'success',
    decision: 'allow',
    why: 'hookSpecificOutput.permissionDecision allow (§2.7)',
  },
  {
    profile: C,
    event: 'PreToolUse',
    behaviour: 'exit0-json-deny',
    outcome: 'success',
    decision: 'deny',
    why: 'JSON deny; the reason goes to the model (§2.7)',
  },
  {
    profile: C,
    event: 'PreToolUse',
    behaviour: 'exit0-json-ask',
    outcome: 'success',
    decision: 'deny',
    why: 'ask without a person to answer becomes deny (claude-code-observed.md, -p mode)',
  },
  {
    profile: C,
    event: 'PreToolUse',
    behaviour: 'exit2-stderr',
    outcome: 'blocking',
    decision: 'deny',
    why: 'exit 2 blocks; stderr is the reason (§3.3)',
  },
  {
    profile: C,
    event: 'PreToolUse',
    behaviour: 'exit2-json-context',
    outcome: 'blocking',
    decision: 'deny',
    contextAdded: true,
    why: 'exit 2 blocks with stderr, and the JSON on stdout is read too: JSON is read on every exit code (§3.2)',
  },
  {
    profile: C,
    event: 'PreToolUse',
    behaviour: 'exit1-stderr',
    outcome: 'non-blocking-error',
    decision: null,
    why: 'other exit codes are non-blocking errors: the tool runs (claude-code-observed.md)',
  },
  {
    profile: C,
    event: 'PreToolUse',
    behaviour: 'exit1-json-deny',
    outcome: 'success',
    decision: 'deny',
    why: 'a valid JSON object decides whatever the exit code (claude-code-observed.md)',
  },
  {
    profile: C,
    event: 'PreToolUse',
    behaviour: 'timeout',
    outcome: 'timeout',
    decision: null,
    why: 'timeouts fail open (claude-code-observed.md)',
  },
  {
    profile: C,
    event: 'PreToolUse',
    behaviour: 'exit0-invalid-json',
    outcome: 'success',
    decision: null,
    why: 'stdout starting with "{" that does not parse is plain text (§3.2)',
  },
  {
    profile: C,
    event: 'PreToolUse',
    behaviour: 'exit0-invalid-json',
    onFailure: 'block',
    outcome: 'blocking',
    decision: 'deny',
    why: 'with onFailure: block, printed JSON that is invalid is a failure and counts as exit 2 (§4.1)',
  },
  {
    profile: C,
    event: 'PreToolUse',
    behaviour: 'exit0-json-invalid-field',
    onFailure: 'block',
    outcome: 'blocking',
    decision: 'deny',
    why: 'with onFailure: block, JSON that fails validation is a failure and counts as exit 2 (§4.1)',
  },
  {
    profile: C,
    event: 'PreToolUse',
    behaviour: 'exit1-json-deny',
    onFailure: 'block',
    outcome: 'blocking',
    decision: 'deny',
    why: 'with onFailure: block, an exit code other than 0 or 2 is a failure whatever stdout holds (§4.1)',
  },
  {
    profile: C,
    event: 'PreToolUse',
    behaviour: 'missing-script',
    outcome: 'spawn-error',
    decision: null,
    why: 'a script that cannot start is reported as such (not as exit 127) and fails open: the tool runs (claude-code-observed.md)',
  },
  {
    profile: C,
    event: 'PreToolUse',
    behaviour: 'exit0-json-continue-false',
    outcome: 'success',
    decision: 'allow',
    continue: false,
    why: 'continue:false stops the agent; the allow still applies (claude-code-observed.md)',
  },
  {
    profile: C,
    event: 'PreToolUse',
    behaviour: 'exit0-json-allow-bad-rewrite',
    outcome: 'success',
    decision: 'allow',
    updatedInput: 'used',
    why: 'no tool input schemas given: the rewrite is used unchecked, and the result says so (updatedInputCheck unchecked)',
  },
  {
    profile: C,
    event: 'PreToolUse',
    behaviour: 'exit0-json-allow-bad-rewrite',
    toolSchema: true,
    outcome: 'success',
    decision: 'allow',
    updatedInput: 'discarded',
    failOpen: true,
    why: 'FAIL-OPEN (documented): an updatedInput that fails the tool\'s schema is discarded with ENGINE_INVALID_UPDATED_INPUT and the allow stands, so the tool runs with its original input (seed 000 "PreToolUse 輸出": it is ignored; other-agents-hooks.md §2.5)',
  },
  {
    profile: C,
    event: 'PreToolUse',
    behaviour: 'exit0-json-allow-bad-rewrite',
    toolSchema: true,
    invalidRewrite: 'deny',
    outcome: 'success',
    decision: 'deny',
    updatedInput: 'discarded',
    why: 'invalidRewrite: deny (--invalid-rewrite deny) closes that fail-open: the rewrite is discarded and the call denied',
  },
  {
    profile: C,
    event: 'PermissionRequest',
    behaviour: 'exit0-json-permission-allow',
    outcome: 'success',
    decision: 'allow',
    why: 'decision.behavior allow (§2.8)',
  },
  {
    profile: C,
    event: 'PermissionRequest',
    behaviour: 'exit2-stderr',
    outcome: 'non-blocking-error',
    decision: null,
    why: 'exit 2 is not honoured on PermissionRequest (§2.8)',
  },
  {
    profile: C,
    event: 'PostToolUse',
    behaviour: 'exit0-json-block',
    outcome: 'success',
    decision: 'block',
    why: 'decision:block feeds the reason to the model; the tool already ran (§2.10)',
  },
  {
    profile: C,
    event: 'PostToolUse',
    behaviour: 'exit2-stderr',
    outcome: 'blocking',
    decision: 'block',
    why: 'exit 2: stderr is shown to the model (§2.10)',
  },
  {
    profile: C,
    event: 'PostToolUse',
    behaviour: 'exit0-json-context',
    outcome: 'success',
    decision: null,
    contextAdded: true,
    why: 'additionalContext is placed next to the tool result (§3.2)',
  },
  // claude-code: prompt and session events
  {
    profile: C,
    event: 'UserPromptSubmit',
    behaviour: 'exit0-plain',
    outcome: 'success',
    decision: null,
    contextAdded: true,
    why: 'plain stdout becomes context on UserPromptSubmit (§3.3)',
  },
  {
    profile: C,
    event: 'UserPromptSubmit',
    behaviour: 'exit2-stderr',
    outcome: 'blocking',
    decision: 'block',
    why: 'exit 2 blocks and erases the prompt (§2.4)',
  },
  {
    profile: C,
    event: 'UserPromptSubmit',
    behaviour: 'exit0-json-block',
    outcome: 'success',
    decision: 'block',
    why: 'decision:block; the reason goes to the user (§2.4)',
  },
  {
    profile: C,
    event: 'SessionStart',
    behaviour: 'exit0-plain',
    outcome: 'success',
    decision: null,
    contextAdded: true,
    why: 'plain stdout becomes context on SessionStart (§2.1)',
  },
  {
    profile: C,
    event: 'SessionStart',
    behaviour: 'exit2-stderr',
    outcome: 'non-blocking-error',
    decision: null,
    why: 'SessionStart cannot block; stderr is shown to the user (§2.1)',
  },
  {
    profile: C,
    event: 'Stop',
    behaviour: 'exit0-json-block',
    outcome: 'success',
    decision: 'block',
    why: 'decision:block keeps the agent going (§2.18)',
  },
  {
    profile: C,
    event: 'Stop',
    behaviour: 'exit2-stderr',
    outcome: 'blocking',
    decision: 'block',
    why: 'exit 2: the agent continues with stderr as the reason (§2.18)',
  },
  {
    profile: C,
    event: 'Stop',
    behaviour: 'exit1-stderr',
    outcome: 'non-blocking-error',
    decision: null,
    why: 'other exit codes do not block (§3.3)',
  },
  {
    profile: C,
    event: 'SessionEnd',
    behaviour: 'exit0-json-block',
    outcome: 'success',
    decision: null,
    why: 'SessionEnd discards JSON output (§2.33)',
  },
  // copilot-cli (other-agents-hooks.md §1.5)
  {
    profile: P,
    event: 'PreToolUse',
    behaviour: 'exit0-copilot-deny',
    outcome: 'success',
    decision: 'deny',
    toModel: ['Denied by preToolUse hook: copilot says no'],
    why: 'flat permissionDecision deny (§1.3), worded as copilot-cli-observed.md "What the host does"',
  },
  {
    profile: P,
    event: 'PreToolUse',
    behaviour: 'exit2-stderr',
    outcome: 'blocking',
    decision: 'deny',
    toModel: ['Denied by preToolUse hook: hook exited with code 2'],
    why: 'exit 2 denies preToolUse; the model sees the exit code, never stderr (copilot-cli-observed.md "What the host does")',
  },
  {
    profile: P,
    event: 'PreToolUse',
    behaviour: 'exit1-stderr',
    outcome: 'non-blocking-error',
    decision: 'deny',
    toModel: ['Denied by preToolUse hook from "hooks.json" (hook errored)'],
    why: 'preToolUse fails closed when a hook errors (§1.5, copilot-cli-observed.md "What the host does")',
  },
  {
    profile: P,
    event: 'PreToolUse',
    behaviour: 'missing-script',
    outcome: 'spawn-error',
    decision: 'deny',
    why: 'a hook that cannot run errors: fail closed on preToolUse (§1.5)',
  },
  {
    profile: P,
    event: 'PreToolUse',
    behaviour: 'timeout',
    outcome: 'timeout',
    decision: null,
    why: 'timeouts always fail open, even on preToolUse (§1.5)',
  },
  {
    profile: P,
    event: 'PreToolUse',
    behaviour: 'exit0-copilot-allow-bad-rewrite',
    toolSchema: true,
    outcome: 'success',
    decision: 'allow',
    updatedInput: 'discarded',
    failOpen: true,
    why: 'FAIL-OPEN (documented): modifiedArgs that fail the tool\'s schema are discarded and the allow stands, as for updatedInput (seed 000 "PreToolUse 輸出"); invalidRewrite: deny denies instead',
  },
  {
    profile: P,
    event: 'PostToolUse',
    behaviour: 'exit2-stderr',
    outcome: 'non-blocking-error',
    decision: null,
    toModel: [],
    why: 'postToolUse exit 2 sends nothing to the model (copilot-cli-observed.md "What the host does")',
  },
  {
    profile: P,
    event: 'PostToolUseFailure',
    behaviour: 'exit2-stderr',
    outcome: 'success',
    decision: null,
    contextAdded: true,
    toModel: ['Tool "bash" failed. Additional guidance from postToolUseFailure hooks:\nreason from stderr'],
    why: 'exit 2: stderr is the recovery guidance, a separate user message (seed 003, copilot-cli-observed.md)',
  },
  {
    profile: P,
    event: 'PermissionRequest',
    behaviour: 'exit2-stderr',
    outcome: 'blocking',
    decision: 'deny',
    why: 'exit 2 denies; stdout JSON is merged into {"behavior":"deny"}, stderr ignored (seed 003)',
  },
  {
    profile: P,
    event: 'PermissionRequest',
    behaviour: 'exit0-silent',
    outcome: 'success',
    decision: 'deny',
    toModel: [
      'Permission denied because no interactive user response was available. Retry in an interactive session so the user can approve it, or try an alternative that does not require this permission.',
    ],
    why: 'no answer and no person to ask (-p): the host denies (copilot-cli-observed.md "What the host does")',
  },
  {
    profile: P,
    event: 'PostToolUse',
    behaviour: 'exit1-stderr',
    outcome: 'non-blocking-error',
    decision: null,
    why: 'other exit codes are logged, fail-open (§1.5)',
  },
  {
    profile: P,
    event: 'Stop',
    behaviour: 'exit0-json-block',
    outcome: 'success',
    decision: 'block',
    why: 'agentStop decision:block forces another turn (§1.5)',
  },
  {
    profile: P,
    event: 'UserPromptSubmit',
    behaviour: 'exit0-plain',
    outcome: 'success',
    decision: null,
    contextAdded: false,
    why: 'Copilot parses stdout once as JSON; plain text is no output (§1.1)',
  },
  {
    profile: P,
    event: 'PreCompact',
    behaviour: 'exit0-json-block',
    outcome: 'success',
    decision: null,
    why: 'preCompact output is not processed ("notification only", seed 003); a warning says so',
  },
  // vscode (other-agents-hooks.md §2.5–§2.6)
  {
    profile: V,
    event: 'PreToolUse',
    behaviour: 'exit0-json-deny',
    outcome: 'success',
    decision: 'deny',
    why: 'most restrictive permissionDecision wins (§2.5)',
  },
  {
    profile: V,
    event: 'PreToolUse',
    behaviour: 'exit2-stderr',
    outcome: 'blocking',
    decision: 'deny',
    why: 'exit 2 is a blocking error: deny with stderr (§2.5)',
  },
  {
    profile: V,
    event: 'PreToolUse',
    behaviour: 'exit2-json-context',
    outcome: 'blocking',
    decision: 'deny',
    contextAdded: false,
    warning: 'VS Code parses stdout only on exit 0',
    why: 'exit 2 is a blocking error carrying stderr; stdout is parsed on exit 0 only (§2.5), so its JSON is ignored with a warning',
  },
  {
    profile: V,
    event: 'PreToolUse',
    behaviour: 'exit1-json-deny',
    outcome: 'non-blocking-error',
    decision: null,
    warning: 'exit 1 is a non-blocking warning carrying stderr',
    why: 'other exit codes are non-blocking warnings; stdout is not read (§2.5): its JSON is ignored with a warning',
  },
  {
    profile: V,
    event: 'PreToolUse',
    behaviour: 'exit0-json-block',
    outcome: 'success',
    decision: null,
    warning: 'use hookSpecificOutput.permissionDecision',
    why: "only hookSpecificOutput.permissionDecision decides; Claude's deprecated top-level decision is not read (§2.5): ignored with a warning",
  },
  {
    profile: V,
    event: 'PreToolUse',
    behaviour: 'exit0-json-approve',
    outcome: 'success',
    decision: null,
    warning: 'use hookSpecificOutput.permissionDecision',
    why: 'the legacy top-level approve is not read either (§2.5): ignored with a warning',
  },
  {
    profile: V,
    event: 'PreToolUse',
    behaviour: 'exit0-json-invalid-field',
    outcome: 'success',
    decision: null,
    warning: 'expected allow, deny or ask',
    why: 'invalid decision strings ignored with a warning (§2.5)',
  },
  {
    profile: V,
    event: 'PreToolUse',
    behaviour: 'exit0-json-defer',
    outcome: 'success',
    decision: null,
    warning: 'expected allow, deny or ask',
    why: "Claude's defer is not one of VS Code's decisions (deny > ask > allow, §2.5): ignored with a warning",
  },
  {
    profile: V,
    event: 'PostToolUse',
    behaviour: 'exit0-json-block',
    outcome: 'success',
    decision: 'block',
    why: 'first decision:block wins (§2.5)',
  },
  {
    profile: V,
    event: 'UserPromptSubmit',
    behaviour: 'exit0-json-context',
    outcome: 'success',
    decision: null,
    contextAdded: true,
    why: 'additionalContext collected (§2.5)',
  },
  {
    profile: V,
    event: 'PreToolUse',
    behaviour: 'timeout',
    outcome: 'timeout',
    decision: null,
    why: 'a timeout is a non-blocking warning (§2.5)',
  },
  {
    profile: V,
    event: 'PreToolUse',
    behaviour: 'exit0-json-allow-bad-rewrite',
    toolSchema: true,
    outcome: 'success',
    decision: 'allow',
    updatedInput: 'discarded',
    failOpen: true,
    why: 'FAIL-OPEN (documented, VS Code\'s own rule): updatedInput is validated against the tool\'s input schema and discarded if invalid; the decision stands (§2.5; seed 000 "PreToolUse 輸出")',
  },
  {
    profile: V,
    event: 'PreToolUse',
    behaviour: 'exit0-json-allow-bad-rewrite',
    toolSchema: true,
    invalidRewrite: 'deny',
    outcome: 'success',
    decision: 'deny',
    updatedInput: 'discarded',
    why: 'invalidRewrite: deny closes the fail-open: the call is denied',
  },
  {
    profile: V,
    event: 'Stop',
    behaviour: 'exit0-json-nested-block',
    outcome: 'success',
    decision: 'block',
    why: 'hookSpecificOutput.decision:block with a non-empty reason keeps the agent going (§2.5)',
  },
  {
    profile: V,
    event: 'Stop',
    behaviour: 'exit0-json-block',
    outcome: 'success',
    decision: null,
    warning: 'put decision and reason inside hookSpecificOutput',
    why: 'a top-level decision is not read on Stop (§2.5; seed 000 shows it for SubagentStop): ignored with a warning',
  },
  {
    profile: V,
    event: 'Stop',
    behaviour: 'exit0-json-nested-block-no-reason',
    outcome: 'success',
    decision: null,
    warning: 'only with a non-empty hookSpecificOutput.reason',
    why: 'a nested block needs a non-empty reason (§2.5): ignored with a warning',
  },
  {
    profile: V,
    event: 'Stop',
    behaviour: 'exit2-stderr',
    outcome: 'blocking',
    decision: 'block',
    why: 'exit 2 keeps the agent going, stderr the reason (§2.5)',
  },
  {
    profile: V,
    event: 'PreCompact',
    behaviour: 'exit0-json-block',
    outcome: 'success',
    decision: null,
    why: 'PreCompact reads the common output only (seed 000, §2.5): the block is ignored with a warning',
  },
  {
    profile: V,
    event: 'SessionStart',
    behaviour: 'exit0-json-stop',
    outcome: 'success',
    decision: null,
    continue: true,
    warning: 'VS Code ignores stop requests on SessionStart',
    why: 'errors and stop requests are ignored on SessionStart (§2.5): the session goes on, with a warning',
  },
  {
    profile: V,
    event: 'SessionStart',
    behaviour: 'exit2-stderr',
    outcome: 'non-blocking-error',
    decision: null,
    continue: true,
    warning: 'VS Code ignores errors on SessionStart',
    why: 'exit 2 is an error VS Code ignores on SessionStart (§2.5): stderr is not shown, with a warning',
  },
  {
    profile: V,
    event: 'SessionStart',
    behaviour: 'exit2-json-context',
    outcome: 'non-blocking-error',
    decision: null,
    continue: true,
    contextAdded: false,
    warning: 'VS Code parses stdout only on exit 0',
    why: 'stdout is parsed on exit 0 only (§2.5): the additionalContext printed before exit 2 is ignored with a warning',
  },
  {
    profile: V,
    event: 'SubagentStart',
    behaviour: 'exit0-json-stop',
    outcome: 'success',
    decision: null,
    continue: true,
    warning: 'VS Code ignores stop requests on SubagentStart',
    why: 'errors and stop requests are ignored on SubagentStart too (§2.5), with a warning',
  },
];

/** The "hook does" cell: the behaviour and the handler and engine settings of the row. */
function doesCell(row: DecisionRow): string {
  const notes = [
    row.onFailure ? `onFailure: ${row.onFailure}` : '',
    row.toolSchema ? 'tool schema given' : '',
    row.invalidRewrite ? `invalidRewrite: ${row.invalidRewrite}` : '',
  ].filter(Boolean);
  return `\`${row.behaviour}\`${notes.map((note) => ` (${note})`).join('')}`;
}

/** The "decision" cell: the decision and what else the row asserts. */
function decisionCell(row: DecisionRow): string {
  const extra = row.continue === false ? ' (continue: false)' : row.contextAdded ? ' + context' : '';
  const warned = row.warning ? ' (warning)' : '';
  const input = row.updatedInput ? ` (updatedInput ${row.updatedInput})` : '';
  return `${row.failOpen ? '**fail-open** ' : ''}${row.decision ?? 'none'}${extra}${input}${warned}`;
}

/** Renders docs/decisions.md from the rows. */
export function renderDecisionsDoc(): string {
  const lines = [
    '# Decision table',
    '',
    '<!-- Generated by `npm run generate` from spec/decision-table.ts. Do not edit by hand. -->',
    '',
    "How one command hook's result becomes a decision, per profile and event. Every row is run",
    'against a real fixture script by `test/engine/decision-table.test.ts`.',
    '',
    'Behaviours: `exit0-*` exit 0 with the named output; `exit2-stderr` exit 2 with a reason on',
    'stderr (`exit2-json-context`: and an additionalContext JSON on stdout); `exit1-*` exit 1; `timeout` sleeps past its timeout; `missing-script` names a script',
    'that does not exist; `*-bad-rewrite` allows and rewrites the Bash input to `{"cmd":"ls"}`,',
    'which does not match the Bash input schema `{ command: string }`. `(onFailure: block)` marks a',
    'handler with `"onFailure": "block"`; `(tool schema given)` an engine given that schema',
    '(`toolInputSchemas`, `--tool-schemas FILE` of `run`, `test` and `bridge`); `(invalidRewrite:',
    "deny)` an engine with `invalidRewrite: 'deny'` (`--invalid-rewrite deny`).",
    '`exit0-json-block` prints a top-level `{"decision":"block","reason":…}` (`exit0-json-approve`: the',
    'legacy PreToolUse `"approve"`); `exit0-json-defer` prints `permissionDecision: "defer"`;',
    '`exit0-json-stop` prints `{"continue":false,"stopReason":…}`;',
    '`exit0-json-nested-block` prints the block inside `hookSpecificOutput` (`-no-reason`: with an',
    'empty reason). `(warning)` marks a row whose hook gets a warning saying what was ignored and how',
    'to fix it.',
    '',
    'Exit codes and stdout: Claude Code reads a JSON object on stdout whatever the exit code',
    '(claude-code-hooks.md §3.2). VS Code parses stdout on exit 0 only (other-agents-hooks.md §2.5):',
    'exit 2 is a blocking error carrying stderr, any other code a non-blocking warning; under `vscode` a',
    'JSON object printed before a non-zero exit decides nothing, and the hook gets a warning naming it',
    '(ENGINE_OUTPUT_IGNORED).',
    '',
    'Tool input rewrites: with a schema for the tool, an `updatedInput` (Copilot `modifiedArgs`)',
    'that fails it is discarded with the diagnostic `ENGINE_INVALID_UPDATED_INPUT`, and',
    '`updatedInputCheck` is `discarded`; without one the rewrite is used and `updatedInputCheck`',
    "says it was not checked (`unchecked`, with why). A discarded rewrite keeps the hook's decision,",
    'as VS Code does: that is a **fail-open** the hosts document, marked so below;',
    "`invalidRewrite: 'deny'` turns it into a deny.",
    '',
    '| profile | event | hook does | outcome | decision | why |',
    '|---|---|---|---|---|---|',
  ];
  for (const row of DECISION_TABLE) {
    lines.push(
      `| ${row.profile} | ${row.event} | ${doesCell(row)} | ${row.outcome} | ${decisionCell(row)} | ${row.why} |`,
    );
  }
  lines.push(...renderModelMcpSection());
  return `${lines.join('\n')}\n`;
}
