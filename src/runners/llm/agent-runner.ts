import type { EventName } from '../../model/event-name.ts';
import type { AgentHandler, PromptFields } from '../../model/handler.ts';
import { type Deadline, startDeadline } from '../deadline.ts';
import type { HandlerRunner, ModelVerdict, RunnerDiagnostic, RunnerResult, RunRequest } from '../types.ts';
import { createFsScope, type FsScope } from './agent-fs.ts';
import { STOPPED_BY_DEADLINE } from './agent-tool-output.ts';
import { type AgentTool, createAgentTools, type ToolOutput } from './agent-tools.ts';
import { createAiSdkClient } from './ai-sdk-client.ts';
import { substituteArguments } from './arguments.ts';
import type { ModelClient, ModelMessage, ModelToolCall, ModelToolSpec } from './model-client.ts';
import type { LlmRunnerOptions } from './prompt-runner.ts';
import { abortedResult, cancelledResult, failureResult, verdictResult } from './runner-result.ts';
import { AGENT_VERDICT_SCHEMA, parseVerdict } from './verdict.ts';

/** Claude Code's agent hooks stop after 50 turns (claude-code-hooks.md §4.6, seed 004). */
export const AGENT_MAX_TURNS = 50;
/**
 * How often the Stop guard sends the agent back before giving up. Claude Code overrides a Stop
 * hook after 9 consecutive blocks (claude-code-observed.md: 9 Stop runs, 8 continuations).
 */
export const STOP_GUARD_MAX_REMINDERS = 8;
export const STRUCTURED_OUTPUT_TOOL = 'StructuredOutput';
export const STOP_GUARD_MESSAGE = `You have not called the ${STRUCTURED_OUTPUT_TOOL} tool. Call it now with your verdict to finish.`;

/** Agent-hook fields beyond `PromptFields`: `allowShell: true` adds a Bash tool. */
export type AgentFields = PromptFields & { allowShell?: boolean };

/** Which run a Stop guard belongs to: the session that dispatched the agent hook, and its event. */
export interface StopGuardContext {
  sessionId: string;
  event: EventName;
}

export interface StopGate {
  stop(): Promise<{ blocked: boolean; reason?: string }>;
  dispose(): void;
}

export interface AgentRunnerOptions extends LlmRunnerOptions {
  /**
   * Registers the structured-output obligation as a session-scoped Stop guard (seed 004: a Stop
   * function hook added before the loop and removed after it) and returns its remover. `check()`
   * is true once the verdict was given. The loop consults the same check whenever the model stops.
   */
  registerStopGuard?: (check: () => boolean, message: string, context: StopGuardContext) => () => void;
  /**
   * The engine's way of the same thing (seed 004): registers a Stop function hook on a private
   * session before the loop; whenever the model stops, `stop()` dispatches `Stop` on that session
   * and the hook blocks until the verdict was given. `dispose()` removes it after the loop.
   */
  stopGate?: (check: () => boolean, message: string, context: StopGuardContext) => StopGate;
  /** Turn limit (default 50); lower only in tests. */
  maxTurns?: number;
}

function systemPrompt(request: RunRequest<AgentHandler>, tools: AgentTool[]): string {
  const transcript = request.input.transcript_path;
  return [
    'You are a verification agent run by a hook of an AI coding agent. The user message states what to',
    'verify. Investigate with the tools, then give your verdict by calling the',
    `${STRUCTURED_OUTPUT_TOOL} tool exactly once: ok=true when the condition holds, ok=false with a short`,
    'reason addressed to the coding agent when it does not. Your turn is not over until you call it.',
    `Project directory: ${request.projectDir}`,
    typeof transcript === 'string'
      ? `Conversation transcript (JSONL, readable with Read): ${transcript}`
      : '',
    `Tools: ${tools.map((t) => t.spec.name).join(', ')}, ${STRUCTURED_OUTPUT_TOOL}.`,
  ]
    .filter(Boolean)
    .join('\n');
}

/** One agent hook run: its conversation, tools, deadline and the verdict once given. */
interface AgentRun {
  request: RunRequest<AgentHandler>;
  spec: AgentFields;
  startedAt: number;
  system: string;
  messages: ModelMessage[];
  tools: Map<string, AgentTool>;
  toolSpecs: ModelToolSpec[];
  deadline: Deadline;
  gate: StopGate | undefined;
  verdict: ModelVerdict | undefined;
  reminders: number;
  /** The coded tool errors of the run (a Grep past its time limit, a Read of a FIFO). */
  toolDiagnostics: RunnerDiagnostic[];
}

/** How many tool errors a result lists: a model repeating one mistake must not flood it. */
const MAX_TOOL_DIAGNOSTICS = 10;

/** `result` with the run's tool errors among its diagnostics, so the hook's author sees them too. */
function withToolDiagnostics(run: AgentRun, result: RunnerResult): RunnerResult {
  if (run.toolDiagnostics.length === 0) return result;
  const tools = run.toolDiagnostics.slice(0, MAX_TOOL_DIAGNOSTICS);
  return { ...result, diagnostics: [...(result.diagnostics ?? []), ...tools] };
}

/**
 * Runs `agent` hooks (claude-code-hooks.md §4.6): a tool loop of at most 50 turns ending with a
 * call to `StructuredOutput`, whose verdict is the result. Finishing without it, or running out of
 * turns, is `cancelled` and shown to no one (seed 004). The engine gives `ok: false` the event's
 * exit-2 meaning, like a prompt hook with `continueOnBlock: true`; its default timeout is 60 s.
 */
export function createAgentRunner(options: AgentRunnerOptions = {}): HandlerRunner<AgentHandler> {
  const client: ModelClient =
    options.client ?? createAiSdkClient({ ...options, env: options.env ?? process.env });
  const maxTurns = options.maxTurns ?? AGENT_MAX_TURNS;
  return async (request): Promise<RunnerResult> => {
    const startedAt = Date.now();
    const transcript = request.input.transcript_path;
    let scope: FsScope;
    try {
      scope = await createFsScope(request.projectDir, typeof transcript === 'string' ? [transcript] : []);
    } catch (e) {
      return failureResult(startedAt, 'RUNNER_AGENT_NO_PROJECT_DIR', `agent hook: ${(e as Error).message}`);
    }
    const run = startRun(request, scope, startedAt);
    const check = (): boolean => run.verdict !== undefined;
    const guardContext = { sessionId: request.sessionId, event: request.event };
    run.gate = options.stopGate?.(check, STOP_GUARD_MESSAGE, guardContext);
    const unregister = run.gate
      ? () => run.gate?.dispose()
      : options.registerStopGuard?.(check, STOP_GUARD_MESSAGE, guardContext);
    try {
      return withToolDiagnostics(run, await loop(run, client, maxTurns));
    } finally {
      unregister?.();
      run.deadline.dispose();
    }
  };
}

function startRun(request: RunRequest<AgentHandler>, scope: FsScope, startedAt: number): AgentRun {
  const spec = request.handler.spec as AgentFields;
  const tools = createAgentTools(scope, { shell: spec.allowShell === true, env: request.env });
  return {
    request,
    spec,
    startedAt,
    system: systemPrompt(request, tools),
    messages: [
      { role: 'user', text: substituteArguments(spec.prompt, request.payload, request.payloadJson) },
    ],
    tools: new Map(tools.map((t) => [t.spec.name, t])),
    toolSpecs: [
      ...tools.map((t) => t.spec),
      {
        name: STRUCTURED_OUTPUT_TOOL,
        description: 'Return your verdict. Call exactly once, as the last step.',
        inputSchema: AGENT_VERDICT_SCHEMA,
      },
    ],
    deadline: startDeadline(request.signal, request.timeoutMs),
    gate: undefined,
    verdict: undefined,
    reminders: 0,
    toolDiagnostics: [],
  };
}

/** The model's turns until it gives a verdict, stops for good, or runs out of turns or time. */
async function loop(run: AgentRun, client: ModelClient, maxTurns: number): Promise<RunnerResult> {
  const { request, deadline, startedAt } = run;
  for (let turn = 1; turn <= maxTurns; turn++) {
    const answer = await client.generateTurn({
      model: run.spec.model,
      system: run.system,
      messages: run.messages,
      tools: run.toolSpecs,
      signal: deadline.signal,
    });
    if (deadline.signal.aborted)
      return abortedResult(startedAt, deadline, 'the agent hook', request.timeoutMs);
    if (!answer.ok) return failureResult(startedAt, answer.code, answer.message);
    const { text, toolCalls } = answer.value;
    run.messages.push({ role: 'assistant', text, toolCalls });
    if (toolCalls.length === 0) {
      // The model tried to stop: the Stop guard sends it back until it gives a verdict.
      if (await sendBack(run)) continue;
      if (run.verdict) break;
      return noVerdict(run, `agent hook finished without calling ${STRUCTURED_OUTPUT_TOOL} (${turn} turns)`);
    }
    const results = await runToolCalls(run, toolCalls);
    if (run.verdict) return verdictResult(startedAt, run.verdict);
    // A tool the deadline stopped (a Grep that never ends) ends the hook here, not at the next call.
    if (deadline.signal.aborted)
      return abortedResult(startedAt, deadline, 'the agent hook', request.timeoutMs);
    run.messages.push({ role: 'tool', results });
  }
  if (run.verdict) return verdictResult(startedAt, run.verdict);
  return noVerdict(run, `agent hook reached ${maxTurns} turns without calling ${STRUCTURED_OUTPUT_TOOL}`);
}

/** Whether the Stop guard blocked the model's stop; if so, it gets the reminder as a new turn. */
async function sendBack(run: AgentRun): Promise<boolean> {
  const given = run.verdict !== undefined;
  const stopped = run.gate ? await run.gate.stop() : { blocked: !given };
  if (!stopped.blocked || run.verdict !== undefined) return false;
  if (run.reminders >= STOP_GUARD_MAX_REMINDERS) return false;
  run.reminders++;
  run.messages.push({ role: 'user', text: STOP_GUARD_MESSAGE });
  return true;
}

function noVerdict(run: AgentRun, message: string): RunnerResult {
  return cancelledResult(run.startedAt, { code: 'RUNNER_AGENT_NO_VERDICT', message });
}

/** Runs one turn's tool calls in order; a `StructuredOutput` call records the verdict. */
async function runToolCalls(
  run: AgentRun,
  calls: ModelToolCall[],
): Promise<{ id: string; name: string; output: string; isError?: boolean }[]> {
  const results: { id: string; name: string; output: string; isError?: boolean }[] = [];
  for (const call of calls) {
    let out: ToolOutput;
    if (call.name === STRUCTURED_OUTPUT_TOOL) {
      const parsed = parseVerdict(call.input);
      if (parsed.ok && run.verdict === undefined) {
        run.verdict = {
          ok: parsed.verdict.ok,
          ...(parsed.verdict.reason !== undefined ? { reason: parsed.verdict.reason } : {}),
        };
      }
      out = parsed.ok ? { output: 'Verdict recorded.' } : { output: parsed.message, isError: true };
    } else {
      out = await runTool(run.tools.get(call.name), call, run.deadline.signal);
    }
    const { diagnostic, ...shown } = out;
    if (diagnostic) run.toolDiagnostics.push(diagnostic);
    results.push({ id: call.id, name: call.name, ...shown });
  }
  return results;
}

async function runTool(
  tool: AgentTool | undefined,
  call: ModelToolCall,
  signal: AbortSignal,
): Promise<ToolOutput> {
  if (!tool) return { output: `unknown tool "${call.name}"`, isError: true };
  // Later calls of a turn whose deadline passed are not started.
  if (signal.aborted) return { output: STOPPED_BY_DEADLINE, isError: true };
  const input =
    call.input !== null && typeof call.input === 'object' ? (call.input as Record<string, unknown>) : {};
  try {
    return await tool.execute(input, signal);
  } catch (e) {
    return { output: `${call.name} failed: ${e instanceof Error ? e.message : String(e)}`, isError: true };
  }
}
