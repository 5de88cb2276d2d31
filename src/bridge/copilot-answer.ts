// What Copilot CLI can be told of a combined result. Its hook output has no `continue` or
// `stopReason` (other-agents-hooks.md §1.3 lists every output it honours), and it reads a
// `decision` only on agentStop and subagentStop. A stop or a block from another origin's hook
// (`continue: false` from any origin stops: docs/bridge.md) becomes the most restrictive answer
// Copilot does read, as "the most restrictive wins" among hooks (other-agents-hooks.md §2.6); what
// it cannot read at all is said on stderr, never dropped in silence.
import type { DispatchResult } from '../engine/dispatch/result.ts';
import { withoutDefer } from './answer-limits.ts';

/** The events whose `decision: "block"` Copilot CLI reads (other-agents-hooks.md §1.3, §1.5). */
const COPILOT_BLOCK_EVENTS: ReadonlySet<string> = new Set(['Stop', 'SubagentStop']);

export interface CopilotView {
  /** The result to render with renderCopilotOutput. */
  result: DispatchResult;
  /** What the answer cannot carry, for stderr. */
  unsaid: string[];
}

function stopText(result: DispatchResult): string {
  return result.stopReason ? `continue: false ("${result.stopReason}")` : 'continue: false';
}

/** A stop, on the events where Copilot CLI has a way to say it, and notes for the rest. */
function stopView(result: DispatchResult): CopilotView {
  const stop = stopText(result);
  const reason = result.stopReason || 'a bridged hook stopped the agent (continue: false)';
  switch (result.event) {
    case 'PreToolUse':
      // A denied call is the most Copilot can do here: it reads permissionDecision (§1.3), and it
      // fails closed on preToolUse (copilot-cli-observed.md "What the host does with the output").
      if (result.decision === 'deny')
        return { result, unsaid: [`${stop} cannot stop Copilot CLI from preToolUse; the call is denied`] };
      return {
        result: { ...result, decision: 'deny', reason, updatedInput: null },
        unsaid: [`${stop} cannot stop Copilot CLI from preToolUse; the call is denied instead`],
      };
    case 'PermissionRequest':
      // `interrupt` with a deny stops the agent (other-agents-hooks.md §1.3): the stop itself.
      return {
        result: {
          ...result,
          decision: 'deny',
          reason: result.decision === 'deny' ? result.reason : reason,
          permission: { ...result.permission, interrupt: true },
        },
        unsaid: [],
      };
    case 'Stop':
    case 'SubagentStop':
      // `continue: false` overrides any event-specific decision (claude-code-hooks.md §3.2): a
      // block would make Copilot go on (§1.5), so it is left out and the agent stops.
      return {
        result: result.decision === 'block' ? { ...result, decision: null, reason: null } : result,
        unsaid: [
          `${stop}: Copilot CLI shows no stop reason; the agent stops${result.decision === 'block' ? ' (the block of another hook is not passed on)' : ''}`,
        ],
      };
    default:
      return {
        result,
        unsaid: [
          `${stop} cannot be said to Copilot CLI on ${result.event}: it has no way to stop the agent there`,
        ],
      };
  }
}

/** The result Copilot CLI is answered with, and what it cannot be told. */
export function copilotView(result: DispatchResult): CopilotView {
  const view = result.continue ? { result, unsaid: [] } : stopView(result);
  const shown = view.result;
  if (shown.decision === 'block' && !COPILOT_BLOCK_EVENTS.has(shown.event)) {
    const why = shown.reason ? `: ${shown.reason}` : '';
    view.unsaid.push(
      `a block on ${shown.event} cannot be said to Copilot CLI, which reads no decision there, so it goes on${why}`,
    );
  }
  const left = withoutDefer(shown, 'Copilot CLI');
  return left ? { result: left.result, unsaid: [...view.unsaid, left.note] } : view;
}
