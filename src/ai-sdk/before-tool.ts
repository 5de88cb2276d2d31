// PreToolUse for one AI SDK tool call, and on `ask` the permission flow Claude Code runs in an
// interactive session: PermissionRequest hooks first, then the person (the host's `onAsk`).
import type { ToolExecutionOptions } from 'ai';
import { type DispatchResult, diagnostic } from '../index.ts';
import { type RewriteContext, rewriteInput } from './rewrite.ts';
import { modelText, ToolHookError } from './tool-hook-error.ts';

/** What the host's `onAsk` is told when a hook asks for confirmation. */
export interface AskRequest {
  /** The AI SDK tool name. */
  toolName: string;
  /** The name the hooks saw, e.g. `Bash`. */
  hookToolName: string;
  toolCallId: string;
  /** The input the tool would run with (after any PreToolUse rewrite). */
  input: unknown;
  /** The hook's `permissionDecisionReason`. */
  reason: string;
  result: DispatchResult;
}

/** `true`/`false`, or Claude Code's PermissionRequest decision shape. */
export type AskAnswer =
  | boolean
  | { behavior: 'allow'; updatedInput?: Record<string, unknown> }
  | { behavior: 'deny'; message?: string };

export interface CallContext extends RewriteContext {
  toolName: string;
  toolCallId: string;
  exec: ToolExecutionOptions;
  onAsk: ((request: AskRequest) => AskAnswer | PromiseLike<AskAnswer>) | undefined;
}

export interface GoAhead {
  input: unknown;
  /** PreToolUse texts for the model (additionalContext), placed next to the tool result. */
  texts: string[];
}

/** Runs PreToolUse; returns the input to run with, or throws a `ToolHookError` the model will read. */
export async function beforeTool(ctx: CallContext, input: unknown): Promise<GoAhead> {
  const { session, hookToolName, toolCallId } = ctx;
  refuseAfterStop(ctx);
  const pre = await session.dispatch(
    'PreToolUse',
    { tool_name: hookToolName, tool_input: input, tool_use_id: toolCallId },
    { ...(ctx.exec.abortSignal ? { signal: ctx.exec.abortSignal } : {}), messages: ctx.exec.messages },
  );
  // claude-code-observed.md: with `continue: false` the call still runs, then the loop stops.
  if (!pre.continue)
    session.state.stopLoop(
      { kind: 'hook_stopped', reason: pre.stopReason, event: 'PreToolUse' },
      ctx.exec.messages,
    );
  switch (pre.decision) {
    case 'deny':
      throw new ToolHookError(
        'denied',
        modelText(pre, `PreToolUse:${hookToolName} hook error: ${pre.reason ?? ''}`),
        {
          result: pre,
        },
      );
    case 'defer':
      session.state.stopLoop(
        {
          kind: 'tool_deferred',
          reason: pre.reason,
          event: 'PreToolUse',
          deferredToolUse: { id: toolCallId, name: ctx.toolName, input },
        },
        ctx.exec.messages,
      );
      throw new ToolHookError('deferred', `PreToolUse:${hookToolName} hook deferred this call`, {
        result: pre,
      });
    case 'ask':
      return { input: await ask(ctx, pre, await rewriteInput(ctx, pre, input)), texts: pre.messages.toModel };
    default:
      return { input: await rewriteInput(ctx, pre, input), texts: pre.messages.toModel };
  }
}

/**
 * Claude Code runs no tool call once a hook ended the loop (claude-code-observed.md "Decisions":
 * `hook_stopped`, `tool_deferred`); `hookStopWhen` ends the AI SDK's loop there. A call from a
 * later step means the loop went on without it: the call is refused, and the host told why.
 */
function refuseAfterStop(ctx: CallContext): void {
  const stop = ctx.session.state.stopBefore(ctx.exec.messages);
  if (!stop) return;
  const why = `a ${stop.event} hook ended the agent loop (${stop.kind}${stop.reason ? `: ${stop.reason}` : ''})`;
  ctx.session.report(
    diagnostic(
      'AI_SDK_LOOP_NOT_STOPPED',
      `withHooks: tool ${ctx.hookToolName} was called after ${why}, so the call was refused. Put hookStopWhen(engine) in the stopWhen of generateText/streamText, and start each turn with onUserPrompt or runWithStopHooks.`,
      { event: 'PreToolUse' },
    ),
  );
  throw new ToolHookError('denied', `PreToolUse:${ctx.hookToolName} hook error: ${why}`);
}

/** claude-code-hooks.md §2.8: PermissionRequest hooks answer before the person is asked. */
async function ask(ctx: CallContext, pre: DispatchResult, input: unknown): Promise<unknown> {
  const { session, hookToolName } = ctx;
  const request = await session.dispatch(
    'PermissionRequest',
    { tool_name: hookToolName, tool_input: input },
    ctx.exec.abortSignal ? { signal: ctx.exec.abortSignal } : {},
  );
  if (request.decision === 'allow') return rewriteInput(ctx, request, input);
  if (request.decision === 'deny') {
    if (request.permission?.interrupt) {
      session.state.stopLoop(
        { kind: 'interrupted', reason: request.reason, event: 'PermissionRequest' },
        ctx.exec.messages,
      );
    }
    throw new ToolHookError(
      'denied',
      modelText(request, `Permission to use ${hookToolName} was denied by a PermissionRequest hook`),
      { result: request },
    );
  }
  const reason = pre.reason ?? '';
  // Nobody to ask: Claude Code in -p denies and shows the model the bare reason.
  const answer = ctx.onAsk
    ? await ctx.onAsk({
        toolName: ctx.toolName,
        hookToolName,
        toolCallId: ctx.toolCallId,
        input,
        reason,
        result: pre,
      })
    : false;
  if (answer === true) return input;
  if (isAllow(answer)) {
    if (!answer.updatedInput) return input;
    return rewriteInput(ctx, { ...pre, updatedInput: answer.updatedInput }, input);
  }
  if (answer === false) throw new ToolHookError('denied', reason, { result: pre });
  if (isPlainObject(answer) && answer.behavior === 'deny')
    throw new ToolHookError('denied', typeof answer.message === 'string' ? answer.message : reason, {
      result: pre,
    });
  // Only a clear yes runs the call: `'deny'`, `undefined` or a misspelt behavior is a no, said aloud.
  const found = diagnostic(
    'AI_SDK_INVALID_ASK_ANSWER',
    `withHooks: onAsk answered ${describe(answer)} for tool ${hookToolName}, which is neither true/false nor { behavior: 'allow' | 'deny' }; the call was denied`,
    { event: 'PreToolUse' },
  );
  pre.diagnostics.push(found);
  session.report(found);
  throw new ToolHookError('denied', reason, { result: pre });
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isAllow(answer: unknown): answer is { behavior: 'allow'; updatedInput?: Record<string, unknown> } {
  return isPlainObject(answer) && answer.behavior === 'allow';
}

function describe(value: unknown): string {
  if (value === undefined) return 'undefined';
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}
