import type { EventSpec } from '../../events/types.ts';
import type { HandlerEffect } from './effect.ts';

/** What an effect contributes, in words, for `run --json` `hooks[].effect`. */
export function describeEffect(effect: HandlerEffect, plainText: string | null, spec: EventSpec): string {
  const parts: string[] = [];
  if (effect.permission) parts.push(`permission ${effect.permission}`);
  if (effect.permissionRequest) parts.push(`permission request ${effect.permissionRequest.behavior}`);
  if (effect.block) parts.push('block');
  if (effect.updatedInput) parts.push('rewrites the tool input');
  if (effect.updatedPrompt !== undefined) parts.push('rewrites the prompt');
  if (effect.additionalContext) parts.push('adds context');
  if (effect.continue === false) parts.push('stops the agent (continue: false)');
  if (effect.systemMessage) parts.push('shows a system message');
  if (plainText !== null) {
    parts.push(
      spec.plainStdout === 'context'
        ? 'plain stdout added to the model context'
        : 'plain stdout (debug log only)',
    );
  }
  return parts.length > 0 ? parts.join(', ') : 'success, no decision';
}
