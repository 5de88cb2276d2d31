// Which events' answers take `additionalContext` to the model, per calling host: the bridge
// delivers background hooks' output there (docs/bridge.md "Background hooks").
import { getEvent } from '../events/catalogue.ts';
import type { EventName } from '../model/event-name.ts';
import type { ProfileName } from '../model/profile-name.ts';

/**
 * Copilot CLI gives a hook's `additionalContext` to the model on these events only
 * (copilot-cli-observed.md "What the host does with the output").
 */
const COPILOT_CONTEXT_EVENTS: ReadonlySet<EventName> = new Set([
  'SessionStart',
  'UserPromptSubmit',
  'PostToolUse',
  'PostToolUseFailure',
]);

/** Claude Code and VS Code: the events whose `hookSpecificOutput` has `additionalContext` (§3.2). */
export function carriesContext(host: ProfileName, event: EventName): boolean {
  if (host === 'copilot-cli') return COPILOT_CONTEXT_EVENTS.has(event);
  return (getEvent(event).output.hookSpecific as readonly string[]).includes('additionalContext');
}
