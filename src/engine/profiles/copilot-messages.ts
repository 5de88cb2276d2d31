// Copilot CLI's wording and placement of every model-bound text (copilot-cli-observed.md "What the
// host does with the output"). The aggregate stage decides in Claude Code's words; for the
// copilot-cli profile this replaces the model-bound texts with the ones the real CLI sends.
import { toCopilotToolName } from '../../events/tool-names.ts';
import type { EventName } from '../../model/event-name.ts';
import type { Decision, Placement } from '../dispatch/result.ts';
import type { Interpretation } from '../read-output/interpretation.ts';

/** What the host's wording needs from one dispatch (structurally the aggregate's output). */
export interface WordingInput {
  event: EventName;
  input: Readonly<Record<string, unknown>>;
  decision: Decision | null;
  reason: string | null;
  additionalContext: readonly string[];
  items: readonly { interpretation: Interpretation }[];
  /** The deny began as an `ask` with no person to answer. */
  askDenied?: boolean | undefined;
}

/**
 * copilot-cli-observed.md: a permissionRequest with no hook answer, no `--allow-all-tools` and no
 * person to ask (`-p`) is denied with this text.
 */
/** A permissionRequest deny without a `message`: the host's own (a run of Copilot CLI 1.0.102). */
const COPILOT_HOOK_DENIAL_DEFAULT = 'Permission denied by hook.';

export const COPILOT_NO_USER_DENIAL =
  'Permission denied because no interactive user response was available. Retry in an interactive ' +
  'session so the user can approve it, or try an alternative that does not require this permission.';

/** One model-bound text and where the host puts it. */
export interface ModelText {
  text: string;
  placement: Placement;
}

/** The texts Copilot CLI sends to the model for this dispatch, in order, with their placements. */
export function copilotModelTexts(w: WordingInput): ModelText[] {
  // A run of Copilot CLI 1.0.102 joined several hooks' contexts with a blank line on preToolUse,
  // postToolUse, postToolUseFailure and sessionStart.
  const context = w.additionalContext.join('\n\n');
  switch (w.event) {
    case 'PreToolUse':
      // The tool does not run; the tool message is the denial. When it runs, the hooks' context
      // is a user message after the tool message (a run of Copilot CLI 1.0.102).
      if (w.decision === 'deny') return [at('replaces-tool-result', preToolUseDenial(w))];
      return context ? [at('user-message', `Additional context from preToolUse hook:\n${context}`)] : [];
    case 'PermissionRequest':
      return w.decision === 'deny' ? [at('replaces-tool-result', permissionDenial(w))] : [];
    case 'PostToolUse':
      // Appended to the tool message after a blank line.
      return context ? [at('appended-to-tool-result', guidance(w, 'succeeded', 'postToolUse', context))] : [];
    case 'PostToolUseFailure':
      // A separate user message after the tool message; exit 2's stderr is the guidance.
      return context ? [at('user-message', guidance(w, 'failed', 'postToolUseFailure', context))] : [];
    case 'Stop':
    case 'SubagentStop':
      // The session goes on with a user message carrying the reason.
      return w.decision === 'block' && w.reason ? [at('user-message', w.reason)] : [];
    case 'UserPromptSubmit': {
      // The context follows the (possibly rewritten) prompt after a blank line inside
      // <system_reminder>; of several hooks' contexts only the last reaches the model (a run).
      const last = w.additionalContext.at(-1);
      return last ? [at('after-prompt', `<system_reminder>\n${last}\n</system_reminder>`)] : [];
    }
    case 'SessionStart':
      // A separate user message before the prompt.
      return context ? [at('user-message', context)] : [];
    default:
      // notification and subagentStart inject the context as it is (seed 003).
      return context ? [at('system-message', context)] : [];
  }
}

function at(placement: Placement, text: string): ModelText {
  return { text, placement };
}

/** `Tool "<tool>" <outcome>. Additional guidance from <event> hooks:\n<context>`. */
function guidance(w: WordingInput, outcome: string, event: string, context: string): string {
  return `Tool "${toolName(w)}" ${outcome}. Additional guidance from ${event} hooks:\n${context}`;
}

function permissionDenial(w: WordingInput): string {
  if (w.reason === COPILOT_NO_USER_DENIAL) return COPILOT_NO_USER_DENIAL;
  return `Permission denied by a PermissionRequest hook: ${w.reason || COPILOT_HOOK_DENIAL_DEFAULT}`;
}

/**
 * `Denied by preToolUse hook: <reason>`; an `ask` with no person to answer (`-p`) says so (a run of
 * Copilot CLI 1.0.102); an errored hook's own sentence (fail-closed).
 */
function preToolUseDenial(w: WordingInput): string {
  if (w.askDenied)
    return `Denied by preToolUse hook (unable to ask user for confirmation): ${w.reason ?? ''}`;
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
