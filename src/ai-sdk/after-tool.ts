// PostToolUse / PostToolUseFailure for one AI SDK tool call (claude-code-hooks.md §2.10, §2.11).
import type { CallContext, GoAhead } from './before-tool.ts';
import { rewriteOutput } from './rewrite.ts';
import { ToolHookError } from './tool-hook-error.ts';

/** Runs PostToolUse; returns the output the caller and the model get, and queues the hook texts. */
export async function afterSuccess(
  ctx: CallContext,
  go: GoAhead,
  output: unknown,
  durationMs: number,
): Promise<unknown> {
  const post = await ctx.session.dispatch(
    'PostToolUse',
    {
      tool_name: ctx.hookToolName,
      tool_input: go.input,
      tool_response: output,
      tool_use_id: ctx.toolCallId,
      duration_ms: durationMs,
    },
    { messages: ctx.exec.messages },
  );
  if (!post.continue) {
    ctx.session.state.stopLoop(
      { kind: 'hook_stopped', reason: post.stopReason, event: 'PostToolUse' },
      ctx.exec.messages,
    );
  }
  const shown = await rewriteOutput(ctx, post, output);
  ctx.session.state.setTexts(ctx.toolCallId, [...go.texts, ...post.messages.toModel]);
  return shown;
}

/**
 * Runs PostToolUseFailure; returns the error to throw: the tool's own, or one whose message adds
 * the hook texts (the AI SDK sends the error's message to the model).
 */
export async function afterFailure(
  ctx: CallContext,
  go: GoAhead,
  error: unknown,
  durationMs: number,
): Promise<unknown> {
  const message = error instanceof Error ? error.message : String(error);
  const failure = await ctx.session.dispatch(
    'PostToolUseFailure',
    {
      tool_name: ctx.hookToolName,
      tool_input: go.input,
      tool_use_id: ctx.toolCallId,
      error: message,
      is_interrupt: ctx.exec.abortSignal?.aborted === true,
      duration_ms: durationMs,
    },
    { messages: ctx.exec.messages },
  );
  if (!failure.continue) {
    ctx.session.state.stopLoop(
      { kind: 'hook_stopped', reason: failure.stopReason, event: 'PostToolUseFailure' },
      ctx.exec.messages,
    );
  }
  const texts = [...go.texts, ...failure.messages.toModel];
  if (texts.length === 0) return error;
  return new ToolHookError('failed', [message, ...texts].join('\n\n'), { result: failure, cause: error });
}
