// A minimal coding agent on the AI SDK whose hooks behave as in Claude Code: the project's
// .claude/settings.json hooks run at the points Claude Code runs them, and their answers are
// applied (denials, context, rewritten input, Stop blocks, exported environment).
import type { LanguageModelV3 } from '@ai-sdk/provider';
import { generateText, type ModelMessage, stepCountIs } from 'ai';
import {
  hookStopWhen,
  onNotification,
  onPostCompact,
  onPreCompact,
  onSessionEnd,
  onSessionStart,
  onUserPrompt,
  runWithStopHooks,
  withHooks,
} from '../../src/ai-sdk.ts';
import { createHookEngine, type HookEngine, type InlineSource } from '../../src/index.ts';
import { sandboxTools } from './sandbox-tools.ts';

/** Model steps per turn before the loop gives up (Claude Code has no such cap; a script needs one). */
const MAX_STEPS = 20;

/**
 * The agent's own hook besides the project's: a SessionStart command that exports a variable
 * through CLAUDE_ENV_FILE, which every later bash call then sees (claude-code-hooks.md §2.1).
 */
const AGENT_HOOKS: InlineSource = {
  file: 'inline:reference-agent',
  kind: 'claude-settings',
  config: {
    hooks: {
      SessionStart: [
        { hooks: [{ type: 'command', command: 'echo "export DEMO_MODE=agent" >> "$CLAUDE_ENV_FILE"' }] },
      ],
    },
  },
};

export interface AgentRun {
  /** Every event dispatched, in order, with the tool name for tool events. */
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
  prompt: string;
  sessionId?: string;
}

export async function runAgent(options: AgentOptions): Promise<AgentRun> {
  const engine = await createHookEngine({
    cwd: options.projectDir,
    noUser: true,
    sessionId: options.sessionId ?? 'reference-agent',
    sources: [AGENT_HOOKS],
  });
  const run: AgentRun = { events: [], messages: [], lines: [] };
  recordEvents(engine, run.events);
  try {
    await playSession(engine, options, run);
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
      events.push(`${event}${tool}`);
      return dispatch(event, input, ...rest);
    },
  });
}

async function playSession(engine: HookEngine, options: AgentOptions, run: AgentRun): Promise<void> {
  const session = await onSessionStart(engine, { source: 'startup' });
  const env = session.envExports;
  const tools = withHooks(
    sandboxTools(options.sandbox, () => env),
    engine,
  );
  const prompt = await onUserPrompt(engine, options.prompt);
  if (prompt.blocked) {
    run.lines.push(prompt.userMessage ?? 'prompt blocked');
  } else {
    const turn = await runWithStopHooks(engine, { messages: prompt.messages }, (messages) =>
      generateText({
        model: options.model,
        ...(session.system ? { system: session.system } : {}),
        tools,
        messages,
        stopWhen: [stepCountIs(MAX_STEPS), hookStopWhen(engine)],
        // Claude Code fires PostToolBatch once the calls of one model response have all resolved.
        onStepFinish: (step) => afterBatch(engine, step.content, run),
      }),
    );
    run.messages = turn.messages;
    for (const stop of turn.stops) if (stop.reason) run.lines.push(`Stop hook: ${stop.reason}`);
    if (turn.loopStop) run.lines.push(`stopped by a hook: ${turn.loopStop.reason ?? turn.loopStop.kind}`);
  }
  // The agent now waits for the user: Claude Code's idle notification.
  await onNotification(engine, {
    message: 'Claude is waiting for your input',
    notificationType: 'idle_prompt',
  });
  await compact(engine, run);
  await onSessionEnd(engine, { reason: 'prompt_input_exit' });
}

/** The calls of one model response: results and errors alike (claude-code-hooks.md §2.12). */
type StepContent = readonly (
  | { type: 'tool-result'; toolName: string; toolCallId: string; input: unknown; output: unknown }
  | { type: 'tool-error'; toolName: string; toolCallId: string; input: unknown; error: unknown }
  | { type: string }
)[];

async function afterBatch(engine: HookEngine, content: StepContent, run: AgentRun): Promise<void> {
  const calls = content.flatMap((part) => {
    if (!('toolCallId' in part)) return [];
    const response = 'output' in part ? part.output : String(part.error);
    return [
      {
        tool_name: part.toolName,
        tool_input: part.input,
        tool_use_id: part.toolCallId,
        tool_response: response,
      },
    ];
  });
  if (calls.length === 0) return;
  const batch = await engine.dispatch('PostToolBatch', { tool_calls: calls });
  run.lines.push(...batch.messages.toUser);
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
