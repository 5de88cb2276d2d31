import type { Decision, Outcome } from '../src/engine/dispatch/result.ts';
import type { ErrorCode } from '../src/errors.ts';

/**
 * What the model or the MCP server answers in one row. Each is served for real on 127.0.0.1 by
 * `test/engine/decision-table-model-mcp.test.ts`: a scripted model server (test/helpers/
 * mock-llm-server.ts) and the stdio MCP fixture servers (test/fixtures/mcp/).
 */
export type ModelMcpAnswer =
  | 'ok-true'
  | 'ok-false'
  | 'ok-false-no-reason'
  | 'ok-false-impossible'
  | 'not-json'
  | 'fenced-json'
  | 'ok-as-string'
  | 'http-500'
  | 'never-answers'
  | 'structured-output-false'
  | 'stops-without-verdict'
  | 'unknown-tool-50-turns'
  | 'grep-never-ends'
  | 'hook-json-deny'
  | 'plain-text'
  | 'image-only'
  | 'structured-content-only'
  | 'is-error'
  | 'unknown-tool'
  | 'server-not-configured'
  | 'task-instead-of-result'
  | 'server-dies'
  | 'answer-too-large'
  | 'tool-never-answers';

export interface ModelMcpRow {
  handler: 'prompt' | 'agent' | 'mcp_tool';
  event: 'PreToolUse' | 'Stop';
  answer: ModelMcpAnswer;
  /** The handler's `onFailure` (mcp_tool only, claude-code-hooks.md §4.1). */
  onFailure?: 'block';
  /** A fail-open the host documents: the hook had no usable answer and the action goes ahead. */
  failOpen?: true;
  outcome: Outcome;
  decision: Decision | null;
  /** The coded diagnostic the dispatch result carries. */
  code?: ErrorCode;
  why: string;
}

const SRC_PROMPT = '[SRC] `execPromptHook`';
const SRC_AGENT = '[SRC] `execAgentHook`';

/** claude-code profile; each row is one hook on PreToolUse `Bash` (or on Stop). */
export const MODEL_MCP_DECISION_TABLE: readonly ModelMcpRow[] = [
  {
    handler: 'prompt',
    event: 'PreToolUse',
    answer: 'ok-true',
    outcome: 'success',
    decision: null,
    why: 'ok:true: the condition holds (§4.5)',
  },
  {
    handler: 'prompt',
    event: 'PreToolUse',
    answer: 'ok-false',
    outcome: 'blocking',
    decision: 'deny',
    why: 'ok:false has the exit-2 meaning: deny, the turn ends (§4.5, claude-code-observed.md)',
  },
  {
    handler: 'prompt',
    event: 'PreToolUse',
    answer: 'ok-false-no-reason',
    outcome: 'blocking',
    decision: 'deny',
    why: 'ok:false without a reason still denies, with a reason of ours',
  },
  {
    handler: 'prompt',
    event: 'Stop',
    answer: 'ok-false-impossible',
    outcome: 'success',
    decision: null,
    code: 'ENGINE_OUTPUT_IGNORED',
    why: 'impossible:true lets a stop through (§4.5), with a warning naming the reason',
  },
  {
    handler: 'prompt',
    event: 'PreToolUse',
    answer: 'not-json',
    failOpen: true,
    outcome: 'non-blocking-error',
    decision: null,
    code: 'RUNNER_MODEL_BAD_OUTPUT',
    why: `FAIL-OPEN (documented): unparsable model output is a non-blocking error (§4.5; seed 004; ${SRC_PROMPT})`,
  },
  {
    handler: 'prompt',
    event: 'PreToolUse',
    answer: 'fenced-json',
    failOpen: true,
    outcome: 'non-blocking-error',
    decision: null,
    code: 'RUNNER_MODEL_BAD_OUTPUT',
    why: `FAIL-OPEN (documented): JSON inside a code fence is not JSON; the host parses the whole trimmed text (${SRC_PROMPT})`,
  },
  {
    handler: 'prompt',
    event: 'PreToolUse',
    answer: 'ok-as-string',
    failOpen: true,
    outcome: 'non-blocking-error',
    decision: null,
    code: 'RUNNER_MODEL_BAD_OUTPUT',
    why: `FAIL-OPEN (documented): "ok": "false" fails the schema, a non-blocking error (§4.5; ${SRC_PROMPT})`,
  },
  {
    handler: 'prompt',
    event: 'PreToolUse',
    answer: 'http-500',
    failOpen: true,
    outcome: 'non-blocking-error',
    decision: null,
    code: 'RUNNER_MODEL_REQUEST_FAILED',
    why: `FAIL-OPEN (documented): a failed model call is a non-blocking error ("Error executing prompt hook", ${SRC_PROMPT}); never retried`,
  },
  {
    handler: 'prompt',
    event: 'PreToolUse',
    answer: 'never-answers',
    failOpen: true,
    outcome: 'timeout',
    decision: null,
    code: 'RUNNER_TIMEOUT',
    why: `FAIL-OPEN (documented): at the hook timeout the call is aborted and decides nothing (the host's outcome is "cancelled", ${SRC_PROMPT})`,
  },
  {
    handler: 'agent',
    event: 'PreToolUse',
    answer: 'structured-output-false',
    outcome: 'blocking',
    decision: 'deny',
    why: 'StructuredOutput ok:false denies, as a prompt hook with continueOnBlock (§4.6)',
  },
  {
    handler: 'agent',
    event: 'PreToolUse',
    answer: 'stops-without-verdict',
    failOpen: true,
    outcome: 'cancelled',
    decision: null,
    code: 'RUNNER_AGENT_NO_VERDICT',
    why: `FAIL-OPEN (documented): reminded by the Stop guard, then cancelled with no effect and no message to the user (seed 004; ${SRC_AGENT})`,
  },
  {
    handler: 'agent',
    event: 'PreToolUse',
    answer: 'unknown-tool-50-turns',
    failOpen: true,
    outcome: 'cancelled',
    decision: null,
    code: 'RUNNER_AGENT_NO_VERDICT',
    why: `FAIL-OPEN (documented): calling a tool it does not have is an error the model sees; 50 turns without a verdict are cancelled (§4.6; ${SRC_AGENT})`,
  },
  {
    handler: 'agent',
    event: 'PreToolUse',
    answer: 'grep-never-ends',
    failOpen: true,
    outcome: 'timeout',
    decision: null,
    code: 'RUNNER_TIMEOUT',
    why: `FAIL-OPEN (documented): the model's Grep pattern backtracks without end (\`(a+)+$\`); its search thread is terminated at the hook timeout, which decides nothing like any timeout (${SRC_AGENT}), and the engine never froze`,
  },
  {
    handler: 'agent',
    event: 'PreToolUse',
    answer: 'http-500',
    failOpen: true,
    outcome: 'non-blocking-error',
    decision: null,
    code: 'RUNNER_MODEL_REQUEST_FAILED',
    why: `FAIL-OPEN (documented): an error is a non-blocking error ("Error executing agent hook", ${SRC_AGENT})`,
  },
  {
    handler: 'mcp_tool',
    event: 'PreToolUse',
    answer: 'hook-json-deny',
    outcome: 'success',
    decision: 'deny',
    why: 'the text content is read as command stdout (§4.4, §3.3)',
  },
  {
    handler: 'mcp_tool',
    event: 'PreToolUse',
    answer: 'plain-text',
    outcome: 'success',
    decision: null,
    why: 'plain text is stdout, which PreToolUse sends to the debug log (§4.4, §3.3)',
  },
  {
    handler: 'mcp_tool',
    event: 'PreToolUse',
    answer: 'plain-text',
    onFailure: 'block',
    outcome: 'blocking',
    decision: 'deny',
    why: 'with onFailure: block, plain text is a failure that counts as exit 2 (§4.1)',
  },
  {
    handler: 'mcp_tool',
    event: 'PreToolUse',
    answer: 'image-only',
    outcome: 'success',
    decision: null,
    code: 'RUNNER_MCP_CONTENT_IGNORED',
    why: 'only text content is read (§4.4); the image is dropped with a diagnostic',
  },
  {
    handler: 'mcp_tool',
    event: 'PreToolUse',
    answer: 'image-only',
    onFailure: 'block',
    outcome: 'blocking',
    decision: 'deny',
    why: 'with onFailure: block, an image is a failure that counts as exit 2 (§4.1)',
  },
  {
    handler: 'mcp_tool',
    event: 'PreToolUse',
    answer: 'structured-content-only',
    outcome: 'success',
    decision: null,
    code: 'RUNNER_MCP_STRUCTURED_CONTENT_IGNORED',
    why: 'only text content is the output (§4.4): a deny in structuredContent alone decides nothing, with a diagnostic (the host reads it as no answer, so onFailure: block does not block either)',
  },
  {
    handler: 'mcp_tool',
    event: 'PreToolUse',
    answer: 'is-error',
    failOpen: true,
    outcome: 'non-blocking-error',
    decision: null,
    code: 'RUNNER_MCP_TOOL_ERROR',
    why: 'FAIL-OPEN (documented): isError:true is a non-blocking error (§3.3 "mcp_tool hooks")',
  },
  {
    handler: 'mcp_tool',
    event: 'PreToolUse',
    answer: 'is-error',
    onFailure: 'block',
    outcome: 'blocking',
    decision: 'deny',
    code: 'RUNNER_MCP_TOOL_ERROR',
    why: 'with onFailure: block, a call error blocks (§4.1)',
  },
  {
    handler: 'mcp_tool',
    event: 'PreToolUse',
    answer: 'unknown-tool',
    failOpen: true,
    outcome: 'non-blocking-error',
    decision: null,
    code: 'RUNNER_MCP_CALL_FAILED',
    why: 'FAIL-OPEN (documented): a call error is a non-blocking error (§4.1 lists it among failures)',
  },
  {
    handler: 'mcp_tool',
    event: 'PreToolUse',
    answer: 'server-not-configured',
    failOpen: true,
    outcome: 'non-blocking-error',
    decision: null,
    code: 'RUNNER_MCP_NOT_CONNECTED',
    why: 'FAIL-OPEN (documented): a server that is not connected is a non-blocking error (§3.3 "mcp_tool hooks")',
  },
  {
    handler: 'mcp_tool',
    event: 'PreToolUse',
    answer: 'server-not-configured',
    onFailure: 'block',
    outcome: 'blocking',
    decision: 'deny',
    code: 'RUNNER_MCP_NOT_CONNECTED',
    why: 'with onFailure: block, not connected blocks (§4.1)',
  },
  {
    handler: 'mcp_tool',
    event: 'PreToolUse',
    answer: 'task-instead-of-result',
    failOpen: true,
    outcome: 'non-blocking-error',
    decision: null,
    code: 'RUNNER_MCP_CALL_FAILED',
    why: 'FAIL-OPEN (documented): a task the hook did not ask for is not a tool result; a call error, non-blocking (§4.1)',
  },
  {
    handler: 'mcp_tool',
    event: 'PreToolUse',
    answer: 'server-dies',
    failOpen: true,
    outcome: 'non-blocking-error',
    decision: null,
    code: 'RUNNER_MCP_CALL_FAILED',
    why: 'FAIL-OPEN (documented): a server that exits during the call is a call error, non-blocking (§4.1)',
  },
  {
    handler: 'mcp_tool',
    event: 'PreToolUse',
    answer: 'answer-too-large',
    failOpen: true,
    outcome: 'non-blocking-error',
    decision: null,
    code: 'RUNNER_MCP_CALL_FAILED',
    why: 'FAIL-OPEN (documented): an answer over MCP_MAX_MESSAGE_BYTES (10 MiB) ends the call at once and closes the connection; a call error, non-blocking (§4.1)',
  },
  {
    handler: 'mcp_tool',
    event: 'PreToolUse',
    answer: 'answer-too-large',
    onFailure: 'block',
    outcome: 'blocking',
    decision: 'deny',
    code: 'RUNNER_MCP_CALL_FAILED',
    why: 'with onFailure: block, an answer over the cap blocks (§4.1)',
  },
  {
    handler: 'mcp_tool',
    event: 'PreToolUse',
    answer: 'tool-never-answers',
    failOpen: true,
    outcome: 'timeout',
    decision: null,
    code: 'RUNNER_TIMEOUT',
    why: 'FAIL-OPEN (documented): an mcp_tool hook that times out decides nothing (§3.3 "Timeouts")',
  },
  {
    handler: 'mcp_tool',
    event: 'PreToolUse',
    answer: 'tool-never-answers',
    onFailure: 'block',
    outcome: 'timeout',
    decision: 'deny',
    code: 'RUNNER_TIMEOUT',
    why: 'with onFailure: block, a timeout counts as exit 2 (§3.3, §4.1)',
  },
];

/** The docs/decisions.md section rendered from these rows. */
export function renderModelMcpSection(): string[] {
  const lines = [
    '',
    '## Prompt, agent and mcp_tool hooks',
    '',
    'How the answer of a model or an MCP server becomes a decision (claude-code profile). Every row is',
    'served for real on 127.0.0.1 (a scripted model server, stdio MCP fixture servers) by',
    '`test/engine/decision-table-model-mcp.test.ts`, which also checks that the result carries the',
    "row's diagnostic code. Prompt and agent hooks take no `onFailure` (§4.5): every failure of",
    'theirs is one of the **fail-open** rows, as in Claude Code. `[SRC]` is the Claude Code source',
    'that claude-code-hooks.md §4.5 and §4.6 cite.',
    '',
    '| handler | event | answer | outcome | decision | diagnostic | why |',
    '|---|---|---|---|---|---|---|',
  ];
  for (const row of MODEL_MCP_DECISION_TABLE) {
    const answer = `\`${row.answer}\`${row.onFailure ? ' (onFailure: block)' : ''}`;
    const decision = `${row.failOpen ? '**fail-open** ' : ''}${row.decision ?? 'none'}`;
    lines.push(
      `| ${row.handler} | ${row.event} | ${answer} | ${row.outcome} | ${decision} | ${row.code ?? ''} | ${row.why} |`,
    );
  }
  return lines;
}
