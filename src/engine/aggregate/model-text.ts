// Model-bound texts and where the host puts them (claude-code-observed.md "Decisions").
import type { EventSpec } from '../../events/types.ts';
import type { HostMessages, Placement } from '../dispatch/result.ts';

/** Adds one model-bound text with its placement; the two lists stay index-aligned. */
export function addModelText(messages: HostMessages, text: string, placement: Placement): void {
  messages.toModel.push(text);
  messages.placements.push(placement);
}

/** Where a text of this event goes when no rule chose otherwise. */
export function defaultPlacement(spec: EventSpec): Placement {
  switch (spec.name) {
    case 'PreToolUse':
    case 'PermissionRequest':
      return 'replaces-tool-result';
    case 'PostToolUse':
    case 'PostToolUseFailure':
    case 'PostToolBatch':
      return 'system-after-tool-result';
    case 'Stop':
    case 'SubagentStop':
      return 'user-message';
    case 'SessionStart':
    case 'UserPromptSubmit':
    case 'UserPromptExpansion':
      return 'leading-system-context';
    default:
      return 'system-message';
  }
}

/** Gives every text pushed without a placement the event's default, so the lists stay aligned. */
export function alignPlacements(messages: HostMessages, spec: EventSpec): void {
  while (messages.placements.length < messages.toModel.length)
    messages.placements.push(defaultPlacement(spec));
}
