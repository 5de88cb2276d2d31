// UserPromptSubmit before a turn (claude-code-hooks.md §2.4, claude-code-observed.md "Decisions").
import type { ModelMessage } from 'ai';
import type { AsyncHookResult, DispatchResult, HookEngine } from '../index.ts';
import { type HookSessionOptions, hookSession } from './options.ts';
import { asyncResultsFor } from './session-state.ts';

export interface UserPromptOutcome {
  /** A hook blocked the prompt (or stopped the session): send nothing to the model. */
  blocked: boolean;
  /** For a block: what Claude Code shows the user instead of an answer. */
  userMessage: string | null;
  /** The prompt to send: the user's, or a hook's rewrite (Copilot SDK `modifiedPrompt`). */
  prompt: string;
  /**
   * Hook texts for the model, worded as Claude Code words them (`UserPromptSubmit hook
   * additional context: …`); Claude Code puts them in the leading system message.
   */
  context: string[];
  /**
   * What async hooks that finished since the last turn left for the model (`additionalContext`
   * and `systemMessage`, claude-code-hooks.md §4.7: delivered on the next turn). The wording is
   * the engine's (`<Event> hook additional context: …`); the host's own is not recorded.
   */
  asyncContext: string[];
  /**
   * Ready to append to the history: a system message with `asyncContext` and `context` (if any),
   * then the prompt.
   */
  messages: ModelMessage[];
  result: DispatchResult;
}

/**
 * Dispatches UserPromptSubmit for `prompt`; starts a new turn of the session (a new `prompt_id`
 * on later events, and no loop stop carried over).
 */
export async function onUserPrompt(
  engine: HookEngine,
  prompt: string,
  options: HookSessionOptions = {},
): Promise<UserPromptOutcome> {
  const session = hookSession(engine, options);
  session.state.newTurn();
  const result = await session.dispatch('UserPromptSubmit', { prompt });
  const blocked = result.decision === 'block' || !result.continue;
  const sent = result.updatedPrompt ?? prompt;
  const context = blocked ? [] : result.messages.toModel;
  const asyncContext = blocked ? [] : asyncTexts(asyncResultsFor(engine, session.sessionId));
  const messages: ModelMessage[] = [];
  const system = [...asyncContext, ...context];
  if (system.length > 0) messages.push({ role: 'system', content: system.join('\n') });
  if (!blocked) messages.push({ role: 'user', content: sent });
  return {
    blocked,
    userMessage: blocked ? result.messages.toUser.join('\n') || null : null,
    prompt: sent,
    context,
    asyncContext,
    messages,
    result,
  };
}

function asyncTexts(results: readonly AsyncHookResult[]): string[] {
  return results.flatMap((run) => [
    ...(run.additionalContext ? [`${run.event} hook additional context: ${run.additionalContext}`] : []),
    ...(run.systemMessage ? [run.systemMessage] : []),
  ]);
}
