// The Stop/SubagentStop loop guard: stop_hook_active per session and the consecutive-block cap
// (claude-code-hooks.md §2.18, claude-code-observed.md).
import { EVENT_BY_NAME } from '../../events/catalogue.ts';
import type { EventName } from '../../model/event-name.ts';
import type { EngineContext } from '../context.ts';

/** The loop guard's state for one session (and subagent) before a Stop dispatch. */
export interface StopCap {
  /** Where the count lives in the engine's map. */
  key: string;
  /** Blocks honoured in a row so far. */
  blocks: number;
  /** Blocks honoured in a row before the next one is overridden; 0 means no cap. */
  cap: number;
}

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

/** The guard's state for this Stop dispatch: how many blocks came before, and the cap. */
export function readStopCap(
  ctx: EngineContext,
  event: EventName,
  input: Record<string, unknown>,
  sessionId: string,
): StopCap {
  const key = stopKey(sessionId, event, input);
  return {
    key,
    blocks: ctx.stopBlocks.get(key) ?? 0,
    cap: ctx.options.stopBlockCap ?? ctx.profile.stopBlockCap,
  };
}

/**
 * Whether a block now would be one too many: after `cap` continuations in a row the next block is
 * overridden (claude-code-observed.md: 9 Stop runs and 8 continuations).
 */
export function capReached(state: StopCap): boolean {
  return state.cap > 0 && state.blocks + 1 > state.cap;
}

/** Counts an honoured block; anything else (no block, or an overridden one) starts the count over. */
export function recordStopOutcome(ctx: EngineContext, state: StopCap, blocked: boolean): void {
  if (blocked) ctx.stopBlocks.set(state.key, state.blocks + 1);
  else ctx.stopBlocks.delete(state.key);
}
