import type { EventSpec } from '../../events/types.ts';
import type { HandlerEffect } from './effect.ts';

/** Applies the event's exit-2 effect to `effect`; returns whether it blocks something. */
export function applyExit2(spec: EventSpec, reason: string, effect: HandlerEffect): boolean {
  switch (spec.exit2) {
    case 'block':
    case 'fail':
      if (spec.decisionKind === 'permission') {
        effect.permission = 'deny';
        effect.permissionReason = reason;
        delete effect.updatedInput;
      } else if (spec.decisionKind === 'elicitation') {
        effect.eventFields = { ...effect.eventFields, action: 'decline' };
      } else {
        effect.block = { reason };
      }
      return true;
    case 'feedback':
      effect.block = { reason };
      return true;
    case 'decline':
      effect.eventFields = { ...effect.eventFields, action: 'decline' };
      return true;
    case 'user':
      effect.userNotice = reason;
      return false;
    default:
      return false;
  }
}

/** What exit 2 does on the event, in words (claude-code-hooks.md §3.3 "exit 2" column). */
export function exit2Words(spec: EventSpec): string {
  const words: Record<EventSpec['exit2'], string> = {
    block: 'blocks the action; stderr is the reason',
    feedback: 'the action already happened; stderr is fed back to the model',
    user: 'stderr is shown to the user only',
    debug: 'stderr goes to the debug log only',
    ignored: 'ignored on this event',
    decline: 'the elicitation is declined',
    fail: 'the operation fails',
    original: 'the original content is used',
  };
  return words[spec.exit2];
}
