// The Stop/SubagentStop loop guard: stop_hook_active per session and the consecutive-block cap
// (claude-code-hooks.md §2.18, claude-code-observed.md).
import { EVENT_BY_NAME } from '../events/catalogue.ts';
import type { EventName } from '../model/event-name.ts';
import type { EngineContext } from './context.ts';
import type { DispatchResult } from './result.ts';

/** The stop-block cap message Claude Code shows (claude-code-observed.md "Decisions"). */
export function stopCapMessage(blocks: number): string {
  return `A hook blocked the turn from ending ${blocks} consecutive times—overriding and ending turn`;
}

export function isStopEvent(event: EventName): boolean {
  return EVENT_BY_NAME[event].stopLoop !== 'none';
}

export function stopKey(sessionId: string, event: EventName, input: Record<string, unknown>): string {
  return EVENT_BY_NAME[event].stopLoop === 'subagent'
    ? `${sessionId}\u0000${String(input.agent_id ?? '')}`
    : sessionId;
}

/**
 * Stop/SubagentStop: a block keeps the agent going; after `stopBlockCap` continuations in a row
 * the next block is overridden (claude-code-observed.md: 9 Stop runs and 8 continuations).
 */
export function applyStopCap(
  ctx: EngineContext,
  event: EventName,
  input: Record<string, unknown>,
  sessionId: string,
  result: DispatchResult,
): void {
  const key = stopKey(sessionId, event, input);
  if (result.decision !== 'block') {
    ctx.stopBlocks.delete(key);
    return;
  }
  const cap = ctx.options.stopBlockCap ?? ctx.profile.stopBlockCap;
  const blocks = (ctx.stopBlocks.get(key) ?? 0) + 1;
  if (cap > 0 && blocks > cap) {
    ctx.stopBlocks.delete(key);
    result.decision = null;
    result.stopCapReached = true;
    result.messages.toUser.push(stopCapMessage(blocks));
    result.messages.toModel = result.messages.toModel.filter(
      (text) => !text.startsWith(`${event} hook feedback:`),
    );
    return;
  }
  ctx.stopBlocks.set(key, blocks);
}
