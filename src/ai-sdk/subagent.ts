// A sub-task run as a subagent, the way Claude Code runs one through its Agent tool:
// SubagentStart before its first model call, SubagentStop when it finishes, and a SubagentStop
// block sends it back to work (claude-code-hooks.md §2.14, §2.15).
import { randomUUID } from 'node:crypto';
import type { ModelMessage } from 'ai';
import type { DispatchResult, HookEngine } from '../index.ts';
import { type HookSessionOptions, hookSession } from './options.ts';
import { type StopLoopStep, userMessages } from './stop.ts';

export interface SubagentOptions extends HookSessionOptions {
  /** Matched by SubagentStart/SubagentStop matchers: `general-purpose`, `Explore`, a custom name. */
  agentType: string;
  /** Default: a fresh id. Hooks see it as `agent_id` on every event of the subagent. */
  agentId?: string;
  /** Sent as `agent_transcript_path` (Claude Code keeps the subagent's transcript there). */
  transcriptPath?: string;
  /** The sub-task's opening messages. */
  messages: ModelMessage[];
}

/** What the subagent's model run gets: its history, and the SubagentStart context for its system prompt. */
export interface SubagentStep {
  messages: ModelMessage[];
  /** SubagentStart `additionalContext`, joined; undefined when there is none. */
  system: string | undefined;
  /** Options for `withHooks` and the other helpers inside the subagent (session and agent). */
  hookOptions: HookSessionOptions;
}

export interface SubagentResult {
  agentId: string;
  /** The subagent's last text: what the parent's Agent tool returns. */
  text: string;
  messages: ModelMessage[];
  start: DispatchResult;
  /** One SubagentStop result per time the subagent finished, in order. */
  stops: DispatchResult[];
}

/**
 * Runs a subagent: SubagentStart (its context goes into the subagent's system prompt), then `step`
 * until SubagentStop lets it finish. A block continues it with the hook's reason as its next
 * instruction; the engine keeps `stop_hook_active` and the block cap per subagent.
 */
export async function runSubagent(
  engine: HookEngine,
  options: SubagentOptions,
  step: (run: SubagentStep) => StopLoopStep | PromiseLike<StopLoopStep>,
): Promise<SubagentResult> {
  const agentId = options.agentId ?? randomUUID();
  const parent = hookSession(engine, options);
  const identity = { agent_id: agentId, agent_type: options.agentType };
  const start = await parent.dispatch('SubagentStart', identity);
  const context = start.messages.toModel;
  const hookOptions: HookSessionOptions = { ...options, agent: { id: agentId, type: options.agentType } };
  const messages = [...options.messages];
  const stops: DispatchResult[] = [];
  for (;;) {
    const run = await step({
      messages: [...messages],
      system: context.length > 0 ? context.join('\n') : undefined,
      hookOptions,
    });
    const [text, response] = await Promise.all([run.text, run.response]);
    messages.push(...response.messages);
    const stop = await parent.dispatch('SubagentStop', {
      ...identity,
      agent_transcript_path: options.transcriptPath ?? '',
      last_assistant_message: text,
    });
    stops.push(stop);
    if (stop.decision !== 'block' || !stop.continue) return { agentId, text, messages, start, stops };
    // The feedback the host continues the subagent with (placement `user-message`), as for Stop.
    messages.push({ role: 'user', content: userMessages(stop).join('\n\n') || (stop.reason ?? '') });
  }
}
