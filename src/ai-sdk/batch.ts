// PostToolBatch once the calls of one model response have resolved (claude-code-hooks.md §2.12),
// and the hook texts that wait for the next model call: PostToolBatch context now, and what async
// hooks left (§4.7) at the next turn.
import type { ModelMessage, PrepareStepFunction, ToolSet } from 'ai';
import type { DispatchResult, HookEngine } from '../index.ts';
import { type HookSessionOptions, hookSession } from './options.ts';

/** The parts of an AI SDK step's `content` that PostToolBatch reports: results and errors alike. */
export type ToolBatchContent = readonly (
  | { type: 'tool-result'; toolName: string; toolCallId: string; input: unknown; output: unknown }
  | { type: 'tool-error'; toolName: string; toolCallId: string; input: unknown; error: unknown }
  | { type: string }
)[];

export interface ToolBatchOutcome {
  /** `decision: "block"`, `continue: false` or exit 2: the loop ends before the next model call. */
  stopped: boolean;
  reason: string | null;
  /** Texts for the next model call (`PostToolBatch hook additional context: …`). */
  context: string[];
  /** Null when the step made no tool call (nothing is dispatched). */
  result: DispatchResult | null;
}

/** The text the model saw for a call: PostToolBatch gets the serialized result (observed 2.1.328). */
function modelSeen(part: ToolBatchContent[number]): unknown {
  if ('output' in part) return typeof part.output === 'string' ? part.output : JSON.stringify(part.output);
  return 'error' in part ? String(part.error) : undefined;
}

/**
 * Dispatches PostToolBatch for one step's tool calls (call it from `onStepFinish`). Its context is
 * queued for the next model call (`hookPrepareStep` adds it); a block ends the loop through
 * `hookStopWhen`, before the model is called again.
 */
export async function onToolBatch(
  engine: HookEngine,
  content: ToolBatchContent,
  options: HookSessionOptions = {},
): Promise<ToolBatchOutcome> {
  // Only resolved calls: the step's content also holds each `tool-call` part itself.
  const calls = content.flatMap((part) =>
    (part.type === 'tool-result' || part.type === 'tool-error') && 'toolCallId' in part
      ? [
          {
            tool_name: part.toolName,
            tool_input: part.input,
            tool_use_id: part.toolCallId,
            tool_response: modelSeen(part),
          },
        ]
      : [],
  );
  if (calls.length === 0) return { stopped: false, reason: null, context: [], result: null };
  const session = hookSession(engine, options);
  const result = await session.dispatch('PostToolBatch', { tool_calls: calls });
  const stopped = result.decision === 'block' || !result.continue;
  const reason = result.reason ?? result.stopReason;
  if (stopped) session.state.stopLoop({ kind: 'hook_stopped', reason, event: 'PostToolBatch' });
  const context = result.messages.toModel;
  session.state.queueForNextCall(context);
  return { stopped, reason, context, result };
}

/**
 * An AI SDK `prepareStep` that adds the hook texts queued for the next model call (PostToolBatch
 * context) as a system message after the history, once.
 */
export function hookPrepareStep<TOOLS extends ToolSet = ToolSet>(
  engine: HookEngine,
  options: HookSessionOptions = {},
): PrepareStepFunction<TOOLS> {
  const { state } = hookSession(engine, options);
  return ({ messages }) => {
    const texts = state.takeForNextCall();
    if (texts.length === 0) return undefined;
    return { messages: [...messages, { role: 'system', content: texts.join('\n') } satisfies ModelMessage] };
  };
}
