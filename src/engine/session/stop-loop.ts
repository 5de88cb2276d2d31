// The Stop/SubagentStop loop guard: stop_hook_active per session and the consecutive-block cap
// (claude-code-hooks.md §2.18, claude-code-observed.md).
import { type Diagnostic, diagnostic } from '../../errors.ts';
import { EVENT_BY_NAME } from '../../events/catalogue.ts';
import type { EventName } from '../../model/event-name.ts';
import type { EngineContext } from '../context.ts';
import { stopStateKey } from './session-state.ts';

/** The loop guard's state for one session (and subagent) before a Stop dispatch. */
export interface StopCap {
  /** Where the count lives in the session state store. */
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

/**
 * The guard's state for this Stop dispatch: how many blocks came before, and the cap. Sets
 * `stop_hook_active` when the host did not send it: true while continuing because of a block.
 */
export async function readStopCap(
  ctx: EngineContext,
  event: EventName,
  input: Record<string, unknown>,
  sessionId: string,
): Promise<StopCap> {
  const key = stopStateKey(stopKey(sessionId, event, input));
  const blocks = await ctx.sessionState.get(key);
  if (input.stop_hook_active === undefined) input.stop_hook_active = blocks > 0;
  return { key, blocks, cap: ctx.options.stopBlockCap ?? envCap(ctx) ?? ctx.profile.stopBlockCap };
}

/**
 * `CLAUDE_CODE_STOP_HOOK_BLOCK_CAP` sets the cap as in the host (claude-code-hooks.md §2.18, `0`
 * turns it off); only under the claude-code profile, and only a whole number counts.
 */
function envCap(ctx: EngineContext): number | undefined {
  if (ctx.profile.name !== 'claude-code') return undefined;
  const raw = (ctx.options.env ?? process.env).CLAUDE_CODE_STOP_HOOK_BLOCK_CAP;
  if (raw === undefined || !/^\d+$/.test(raw.trim())) return undefined;
  return Number(raw.trim());
}

/** A new prompt ends the Stop loop: the count starts over (claude-code-hooks.md §2.18). */
export async function resetStopLoop(ctx: EngineContext, sessionId: string): Promise<void> {
  await ctx.sessionState.reset(stopStateKey(sessionId));
}

/**
 * Whether a block now would be one too many: after `cap` continuations in a row the next block is
 * overridden (claude-code-observed.md: 9 Stop runs and 8 continuations).
 */
export function capReached(state: StopCap): boolean {
  return state.cap > 0 && state.blocks + 1 > state.cap;
}

/**
 * The override said as a diagnostic: it lets the agent stop although a hook blocked, which a
 * caller that answers a host (the bridge) must not keep to itself.
 */
export function stopCapDiagnostic(
  event: EventName,
  state: StopCap,
  reason: string | null,
  notTheHosts: string | undefined,
): Diagnostic {
  const why = reason ? ` (its reason: ${reason})` : '';
  const engineOnly = notTheHosts ? `. ${notTheHosts}` : '';
  return diagnostic(
    'ENGINE_STOP_CAP_REACHED',
    `${event}: the hooks blocked the agent from stopping ${state.blocks + 1} times in a row, past the loop cap of ${state.cap}: this block${why} is overridden and the agent stops${engineOnly}`,
    { event },
  );
}

/** Counts an honoured block; anything else (no block, or an overridden one) starts the count over. */
export async function recordStopOutcome(ctx: EngineContext, state: StopCap, blocked: boolean): Promise<void> {
  if (blocked) await ctx.sessionState.increment(state.key);
  else await ctx.sessionState.reset(state.key);
}
