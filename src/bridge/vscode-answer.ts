// What VS Code can be told of a combined result: Claude's output shape, read as VS Code reads it
// (other-agents-hooks.md §2.5 "Per-event aggregation").
import type { DispatchResult } from '../engine/dispatch/result.ts';
import { getEvent } from '../events/catalogue.ts';
import { renderClaudeOutput } from '../server/host-formats/claude-code.ts';
import { DEFAULT_BLOCK_REASON, withoutDefer } from './answer-limits.ts';

export interface VscodeView {
  /** The result to render with vscodeOutput. */
  result: DispatchResult;
  /** What the answer cannot carry, for stderr and systemMessage. */
  unsaid: string[];
}

/** The result VS Code is answered with, and what it cannot be told. */
export function vscodeView(result: DispatchResult): VscodeView {
  const left = withoutDefer(result, 'VS Code');
  return left ? { result: left.result, unsaid: [left.note] } : { result, unsaid: [] };
}

/**
 * VS Code reads a Stop/SubagentStop block only nested in hookSpecificOutput, and only with a
 * non-empty reason (§2.5): an empty one would let the agent stop although a hook blocked.
 */
export function vscodeOutput(result: DispatchResult): Record<string, unknown> {
  const out = renderClaudeOutput(result);
  if (getEvent(result.event).decisionKind !== 'stop' || out.decision !== 'block') return out;
  const { decision, reason, ...rest } = out;
  const specific = (rest.hookSpecificOutput as Record<string, unknown> | undefined) ?? {};
  const given = typeof reason === 'string' && reason !== '' ? reason : DEFAULT_BLOCK_REASON;
  return {
    ...rest,
    hookSpecificOutput: { ...specific, hookEventName: result.event, decision, reason: given },
  };
}
