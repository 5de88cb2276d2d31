// What the calling host's answer cannot carry as the hooks said it, shared by the answers for
// Claude Code (host-io.ts), Copilot CLI (copilot-answer.ts) and VS Code (vscode-answer.ts).
import type { DispatchResult } from '../engine/dispatch/result.ts';

/**
 * The reason of a block whose hooks gave none. Claude Code reads an exit-2 block's reason from
 * stderr (claude-code-hooks.md §3.3), and VS Code goes on after a Stop only with a non-empty reason
 * (other-agents-hooks.md §2.5): without one, a block would be no block.
 */
export const DEFAULT_BLOCK_REASON = 'blocked by a bridged hook';

/**
 * A PreToolUse `defer` is Claude Code's alone (claude-code-hooks.md §3.2, "PreToolUse"): Copilot
 * CLI and VS Code have no such decision (VS Code ignores a permissionDecision it does not know,
 * other-agents-hooks.md §2.5). The result without it, and the note that says so; undefined when
 * there is none.
 */
export function withoutDefer(
  result: DispatchResult,
  host: string,
): { result: DispatchResult; note: string } | undefined {
  if (result.event !== 'PreToolUse' || result.decision !== 'defer') return undefined;
  return {
    result: { ...result, decision: null, reason: null },
    note: `defer has no ${host} spelling and is left out; the call goes on to its permission check`,
  };
}
