// `invalidRewrite: 'deny'`: a rewrite that fails its tool's schema denies the call instead of
// letting it run with its original input (VS Code's fail-open, seed 000 "PreToolUse 輸出").
import { addModelText } from '../aggregate/model-text.ts';
import type { EngineContext } from '../context.ts';
import type { DispatchResult } from '../dispatch/result.ts';

/**
 * Turns the result into a deny of the call, worded and placed as the emulated host words a hook's
 * deny (Claude Code: `<Event>:<tool> hook error: <reason>` in place of the tool result; Copilot
 * CLI: its own denial text), so a host shows it as it shows any other deny.
 */
export function denyInvalidRewrite(
  ctx: EngineContext,
  input: Readonly<Record<string, unknown>>,
  result: DispatchResult,
  tool: string,
  why: string,
): void {
  const reason = `the hook's rewrite of the ${tool} input does not match the tool's input schema (${why}); the call is denied (invalidRewrite: deny)`;
  result.decision = 'deny';
  result.reason = reason;
  const hostTexts = ctx.profile.modelTexts?.({
    event: result.event,
    input,
    decision: 'deny',
    reason,
    additionalContext: [],
    items: [],
  });
  if (hostTexts && hostTexts.length > 0) {
    for (const { text, placement } of hostTexts) addModelText(result.messages, text, placement);
    return;
  }
  const text = result.event === 'PreToolUse' ? `${result.event}:${tool} hook error: ${reason}` : reason;
  addModelText(result.messages, text, 'replaces-tool-result');
}
