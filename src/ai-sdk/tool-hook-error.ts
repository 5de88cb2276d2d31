import type { DispatchResult } from '../index.ts';

/**
 * Thrown from a wrapped tool's `execute` so that the AI SDK hands the model an error tool result
 * whose text is what Claude Code shows the model (claude-code-observed.md "Decisions"):
 * - `denied`: a PreToolUse or PermissionRequest hook refused the call; the tool did not run;
 * - `deferred`: PreToolUse answered `defer`; the tool did not run and the loop ends;
 * - `failed`: the tool itself threw (the original error is the `cause`) and PostToolUseFailure
 *   hooks added text for the model.
 */
export class ToolHookError extends Error {
  override readonly name = 'ToolHookError';
  readonly kind: 'denied' | 'deferred' | 'failed';
  /** The dispatch that produced the text. */
  readonly result: DispatchResult | undefined;

  constructor(
    kind: ToolHookError['kind'],
    message: string,
    options: { result?: DispatchResult; cause?: unknown } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.kind = kind;
    this.result = options.result;
  }
}

/** The texts Claude Code puts in front of the model, joined; `fallback` when a dispatch gave none. */
export function modelText(result: DispatchResult, fallback: string): string {
  return result.messages.toModel.length > 0 ? result.messages.toModel.join('\n\n') : fallback;
}
