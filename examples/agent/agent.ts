// A minimal coding agent on the AI SDK whose hooks behave as in Claude Code: the project's
// .claude/settings.json hooks run at the points Claude Code runs them, and their answers are
// applied (denials, permission answers, context, rewritten input, Stop blocks, exported
// environment, subagents, async results).
import type { LanguageModelV3 } from '@ai-sdk/provider';
import { generateText, type ModelMessage, stepCountIs, type ToolSet, tool } from 'ai';
import { z } from 'zod';
import {
  type HookSessionOptions,
  hookPrepareStep,
  hookStopWhen,
  onNotification,
  onPostCompact,
  onPreCompact,
  onSessionEnd,
  onSessionStart,
  onToolBatch,
  onUserPrompt,
  runSubagent,
  runWithStopHooks,
  withHooks,
} from '../../src/ai-sdk.ts';
import { createHookEngine, type HookEngine } from '../../src/index.ts';
import { OWN_HOOKS } from './own-hooks.ts';
import { sandboxTools } from './sandbox-tools.ts';

/** Model steps per turn before the loop gives up (Claude Code has no such cap; a script needs one). */
const MAX_STEPS = 20;

export interface AgentRun {
  /** Every event dispatched, in order, with the tool name for tool events (`@type` inside a subagent). */
  events: string[];
  /** The whole conversation, Stop feedback included. */
  messages: ModelMessage[];
  /** What the user sees: hook notices, the model's texts. */
  lines: string[];
}

export interface AgentOptions {
  /** The project whose hooks apply (its .claude/settings.json). */
  projectDir: string;
  /** The folder the tools may touch. */
  sandbox: string;
  model: LanguageModelV3;
  /** The model the `Agent` tool's subagents run on (default: `model`). */
  subagentModel?: LanguageModelV3;
  /** The user's prompts, one turn each. */
  prompts: string[];
  sessionId?: string;
}

/** What one turn needs: the engine, the hooked tools, the SessionStart context. */
interface Session {
  engine: HookEngine;
  options: AgentOptions;
  tools: ToolSet;
  system: string | undefined;
  run: AgentRun;
}

export async function runAgent(options: AgentOptions): Promise<AgentRun> {
  const engine = await createHookEngine({
    cwd: options.projectDir,
    noUser: true,
    // A person is there to ask, so an `ask` goes to PermissionRequest hooks, then to `onAsk`.
    interactive: true,
    sessionId: options.sessionId ?? 'reference-agent',
    sources: [OWN_HOOKS],
  });
  const run: AgentRun = { events: [], messages: [], lines: [] };
  recordEvents(engine, run.events);
  try {
    const start = await onSessionStart(engine, { source: 'startup' });
    const env = () => start.envExports;
    const tools = {
      ...withHooks(sandboxTools(options.sandbox, env), engine, { onAsk: personSaysNo(run) }),
      ...withHooks({ Agent: agentTool(engine, options, env) }, engine),
    };
    const session: Session = { engine, options, tools, system: start.system, run };
    for (const [i, prompt] of options.prompts.entries()) {
      // The person reads the answer before typing again; by then background hooks have finished.
      if (i > 0) await engine.waitForAsync();
      await playTurn(session, prompt);
      // The agent now waits for the user: Claude Code's idle notification.
      await onNotification(engine, {
        message: 'Claude is waiting for your input',
        notificationType: 'idle_prompt',
      });
    }
    await compact(engine, run);
    await onSessionEnd(engine, { reason: 'prompt_input_exit' });
  } finally {
    await engine.close();
  }
  return run;
}

/** Records every dispatch (events without hooks too, which telemetry leaves out). */
function recordEvents(engine: HookEngine, events: string[]): void {
  const dispatch = engine.dispatch.bind(engine) as (...args: unknown[]) => Promise<unknown>;
  Object.assign(engine, {
    dispatch: (event: string, input?: Record<string, unknown>, ...rest: unknown[]) => {
      const tool = typeof input?.tool_name === 'string' ? `:${input.tool_name}` : '';
      const inSubagent = typeof input?.agent_id === 'string' && !event.startsWith('Subagent');
      const agent = inSubagent ? `@${input.agent_type}` : '';
      events.push(`${event}${tool}${agent}`);
      return dispatch(event, input, ...rest);
    },
  });
}

/** The person this script plays: says no to every permission prompt that reaches them. */
function personSaysNo(run: AgentRun) {
  return ({ hookToolName, reason }: { hookToolName: string; reason: string }) => {
    run.lines.push(`asked the person about ${hookToolName} (${reason}): no`);
    return false;
  };
}

/** One user turn: UserPromptSubmit, the model with its tools until Stop lets the turn end. */
async function playTurn({ engine, options, tools, system, run }: Session, text: string): Promise<void> {
  const prompt = await onUserPrompt(engine, text);
  if (prompt.blocked) {
    run.lines.push(prompt.userMessage ?? 'prompt blocked');
    return;
  }
  const turn = await runWithStopHooks(
    engine,
    { messages: [...run.messages, ...prompt.messages] },
    (messages) =>
      generateText({
        model: options.model,
        ...(system ? { system } : {}),
        tools,
        messages,
        // Hook texts go where Claude Code puts them, some as system messages in the history.
        allowSystemInMessages: true,
        stopWhen: [stepCountIs(MAX_STEPS), hookStopWhen(engine)],
        // PostToolBatch once the calls of one model response have resolved; its context goes
        // into the next model call, and a block ends the loop first.
        onStepFinish: async (step) => {
          run.lines.push(...((await onToolBatch(engine, step.content)).result?.messages.toUser ?? []));
        },
        prepareStep: hookPrepareStep(engine),
      }),
  );
  run.messages = turn.messages;
  for (const stop of turn.stops) if (stop.reason) run.lines.push(`Stop hook: ${stop.reason}`);
  if (turn.loopStop) run.lines.push(`stopped by a hook: ${turn.loopStop.reason ?? turn.loopStop.kind}`);
}

/**
 * Claude Code's Agent tool: runs a sub-task as a subagent with the same tools. Its events carry
 * `agent_id` and `agent_type`; SubagentStart context opens its system prompt, and a SubagentStop
 * block sends it back to work.
 */
function agentTool(engine: HookEngine, options: AgentOptions, env: () => Record<string, string>) {
  return tool({
    description: 'Runs a sub-task in a subagent and returns its final answer',
    inputSchema: z.object({ subagent_type: z.string(), prompt: z.string() }),
    execute: async ({ subagent_type, prompt }) => {
      const sub = await runSubagent(
        engine,
        { agentType: subagent_type, messages: [{ role: 'user', content: prompt }] },
        ({ messages, system, hookOptions }) =>
          subagentStep(engine, options, env, hookOptions, messages, system),
      );
      return sub.text;
    },
  });
}

function subagentStep(
  engine: HookEngine,
  options: AgentOptions,
  env: () => Record<string, string>,
  hookOptions: HookSessionOptions,
  messages: ModelMessage[],
  system: string | undefined,
) {
  return generateText({
    model: options.subagentModel ?? options.model,
    ...(system ? { system } : {}),
    tools: withHooks(sandboxTools(options.sandbox, env), engine, hookOptions),
    messages,
    allowSystemInMessages: true,
    stopWhen: [stepCountIs(MAX_STEPS), hookStopWhen(engine, hookOptions)],
    onStepFinish: async (step) => void (await onToolBatch(engine, step.content, hookOptions)),
    prepareStep: hookPrepareStep(engine, hookOptions),
  });
}

/** `/compact`: PreCompact may refuse it; otherwise the summary replaces the history. */
async function compact(engine: HookEngine, run: AgentRun): Promise<void> {
  const pre = await onPreCompact(engine, { trigger: 'manual' });
  if (pre.blocked) {
    run.lines.push(`compaction refused: ${pre.reason ?? ''}`);
    return;
  }
  await onPostCompact(engine, { trigger: 'manual', compactSummary: `${run.messages.length} messages` });
}
