import { EVENT_BY_NAME } from '../events/catalogue.ts';
import type { EventWire } from '../events/wire/common.ts';
import { WIRE } from '../events/wire/registry.ts';
import type { EventName } from '../model/event-name.ts';
import type { EffectKind } from './capabilities.ts';
import type { Permission } from './effects.ts';
import type { Host } from './types.ts';

/**
 * Whether the calling host honours a helper on an event: `yes`, `mapped` (written as the host's
 * nearest field, e.g. a PostToolUse block becomes Copilot's `additionalContext`), or `no` (the
 * host has no such output there; the effect is dropped with a warning on stderr). Claude Code
 * honours every helper an event type-checks with (capabilities.ts), except Copilot-only fields.
 */
export type Support = 'yes' | 'mapped' | 'no';

/** Events each non-Claude host fires (catalogue `dialects`); elsewhere Claude's shapes apply. */
function fires(host: Host, event: EventName): boolean {
  const { dialects } = EVENT_BY_NAME[event];
  if (host === 'copilot-cli') return dialects.copilot !== undefined || dialects.copilotCompat !== undefined;
  if (host === 'vscode') return dialects.vscode !== undefined;
  return true;
}

/** Copilot CLI: flat fields per event (other-agents-hooks.md §1.3, §1.5; copilot-cli-observed.md). */
function copilot(kind: EffectKind, event: EventName, decision: Permission | undefined): Support {
  const fields = (WIRE[event] as EventWire).copilot ?? {};
  switch (kind) {
    case 'permission':
      if ('permissionDecision' in fields) return decision === 'defer' ? 'no' : 'yes';
      return 'behavior' in fields ? 'yes' : 'no';
    case 'updateInput':
      return 'modifiedArgs' in fields ? 'yes' : 'no';
    case 'context':
      return 'additionalContext' in fields ? 'yes' : 'no';
    case 'block':
      // agentStop/subagentStop read `decision: "block"`; on the post-tool events Copilot's way
      // to reach the model is `additionalContext`, appended to the tool result.
      if (event === 'Stop' || event === 'SubagentStop') return 'yes';
      return event === 'PostToolUse' || event === 'PostToolUseFailure' ? 'mapped' : 'no';
    case 'stop':
    case 'systemMessage':
      // Neither `continue` nor `systemMessage` is among Copilot CLI's documented outputs.
      return 'no';
  }
}

const VSCODE_CONTEXT: ReadonlySet<EventName> = new Set([
  'PreToolUse',
  'PostToolUse',
  'UserPromptSubmit',
  'SessionStart',
  'SubagentStart',
]);
const VSCODE_BLOCK: ReadonlySet<EventName> = new Set([
  'PostToolUse',
  'UserPromptSubmit',
  'Stop',
  'SubagentStop',
]);
/** VS Code ignores errors and stop requests from start hooks (other-agents-hooks.md §2.5). */
const VSCODE_NO_STOP: ReadonlySet<EventName> = new Set(['SessionStart', 'SubagentStart']);

/** VS Code agent hooks, per event (other-agents-hooks.md §2.5 "Per-event aggregation"). */
function vscode(kind: EffectKind, event: EventName, decision: Permission | undefined): Support {
  switch (kind) {
    case 'permission':
      return event === 'PreToolUse' && decision !== 'defer' ? 'yes' : 'no';
    case 'updateInput':
      return event === 'PreToolUse' ? 'yes' : 'no';
    case 'context':
      return VSCODE_CONTEXT.has(event) ? 'yes' : 'no';
    case 'block':
      return VSCODE_BLOCK.has(event) ? 'yes' : 'no';
    case 'stop':
      return VSCODE_NO_STOP.has(event) ? 'no' : 'yes';
    case 'systemMessage':
      return 'yes';
  }
}

/** Claude Code: `additionalContext` on Notification is Copilot's only (claude-code-hooks.md §2.13). */
function claude(kind: EffectKind, event: EventName): Support {
  if (kind === 'context')
    return 'additionalContext' in (WIRE[event] as EventWire).hookSpecific ? 'yes' : 'no';
  return 'yes';
}

export function support(host: Host, kind: EffectKind, event: EventName, decision?: Permission): Support {
  if (!fires(host, event)) return claude(kind, event);
  if (host === 'copilot-cli') return copilot(kind, event, decision);
  if (host === 'vscode') return vscode(kind, event, decision);
  return claude(kind, event);
}
