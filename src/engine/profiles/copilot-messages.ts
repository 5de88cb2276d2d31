// Copilot CLI's wording and placement of every model-bound text (copilot-cli-observed.md "What the
// host does with the output"). The aggregate stage decides in Claude Code's words; for the
// copilot-cli profile this replaces the model-bound texts with the ones the real CLI sends.
import { toCopilotToolName } from '../../events/tool-names.ts';
import type { EventName } from '../../model/event-name.ts';
import type { Decision } from '../dispatch/result.ts';
import type { Interpretation } from '../read-output/interpretation.ts';

/** What the host's wording needs from one dispatch (structurally the aggregate's output). */
export interface WordingInput {
  event: EventName;
  input: Readonly<Record<string, unknown>>;
  decision: Decision | null;
  reason: string | null;
  additionalContext: readonly string[];
  items: readonly { interpretation: Interpretation }[];
}

/**
 * copilot-cli-observed.md: a permissionRequest with no hook answer, no `--allow-all-tools` and no
 * person to ask (`-p`) is denied with this text.
 */
export const COPILOT_NO_USER_DENIAL =
  'Permission denied because no interactive user response was available. Retry in an interactive ' +
  'session so the user can approve it, or try an alternative that does not require this permission.';

/** The texts Copilot CLI sends to the model for this dispatch, in order. */
export function copilotModelTexts(w: WordingInput): string[] {
  const context = w.additionalContext.join('\n');
  switch (w.event) {
    case 'PreToolUse':
      return w.decision === 'deny' ? [preToolUseDenial(w)] : [];
    case 'PermissionRequest':
      if (w.decision !== 'deny') return [];
      if (w.reason === COPILOT_NO_USER_DENIAL) return [COPILOT_NO_USER_DENIAL];
      return [`Permission denied by a PermissionRequest hook: ${w.reason ?? ''}`];
    case 'PostToolUse':
      // Appended to the tool message after a blank line.
      return context
        ? [`Tool "${toolName(w)}" succeeded. Additional guidance from postToolUse hooks:\n${context}`]
        : [];
    case 'PostToolUseFailure':
      // A separate user message after the tool message; exit 2's stderr is the guidance.
      return context
        ? [`Tool "${toolName(w)}" failed. Additional guidance from postToolUseFailure hooks:\n${context}`]
        : [];
    case 'Stop':
    case 'SubagentStop':
      // The session goes on with a user message carrying the reason.
      return w.decision === 'block' && w.reason ? [w.reason] : [];
    case 'UserPromptSubmit':
      // The context follows the (possibly rewritten) prompt inside <system_reminder>.
      return context ? [`<system_reminder>\n${context}\n</system_reminder>`] : [];
    default:
      // sessionStart: a separate user message before the prompt; notification and subagentStart
      // inject the context as it is (seed 003).
      return context ? [context] : [];
  }
}

/** `Denied by preToolUse hook: <reason>`, or the errored hook's own sentence (fail-closed). */
function preToolUseDenial(w: WordingInput): string {
  const denier = w.items.find((item) => item.interpretation.effect.permission === 'deny');
  const outcome = denier?.interpretation.outcome;
  const errored = outcome === 'non-blocking-error' || outcome === 'spawn-error';
  return errored ? (w.reason ?? '') : `Denied by preToolUse hook: ${w.reason ?? ''}`;
}

/** The tool as Copilot CLI names it (`bash`), from the canonical input's Claude name. */
function toolName(w: WordingInput): string {
  const name = w.input.tool_name;
  return typeof name === 'string' ? toCopilotToolName(name) : '';
}
