import { HookError } from '../errors.ts';
import { resolveEventName, suggestEventName } from '../events/dialect-names.ts';
import { TOOL_CALL_EVENTS } from '../events/event-sets.ts';
import type { EventName } from '../model/event-name.ts';
import { CliUsageError } from './usage-error.ts';

/**
 * An event name typed on the command line: any dialect's spelling, in any letter case
 * (`pretooluse` is `PreToolUse`). Anything else is a usage error with a did-you-mean.
 */
export function resolveEventArg(name: string, option = 'event'): EventName {
  const exact = resolveEventName(name);
  if (exact) return exact.event;
  const suggestion = suggestEventName(name);
  if (suggestion !== undefined && suggestion.toLowerCase() === name.toLowerCase()) {
    const folded = resolveEventName(suggestion);
    if (folded) return folded.event;
  }
  const hint = suggestion === undefined ? '' : `; did you mean ${suggestion}?`;
  throw new CliUsageError(
    `unknown ${option} "${name}"${hint} (names such as PreToolUse, preToolUse or agentStop; docs/events.md lists every event)`,
  );
}

/**
 * A tool event dispatched without a tool name would run on an empty call: hooks that look for
 * `tool_input.command` allow it, so a guard silently passes. That is a usage error.
 */
export function requireToolName(event: EventName, input: Record<string, unknown>, from: string): void {
  if (!TOOL_CALL_EVENTS.has(event)) return;
  if (typeof input.tool_name === 'string' || typeof input.toolName === 'string') return;
  throw new HookError(
    'CLI_INPUT_INVALID',
    `${event} is a tool event: its input needs "tool_name" (read from ${from}). Give the call, e.g. ` +
      `--input '{"tool_name":"Bash","tool_input":{"command":"ls"}}', or pipe it on standard input`,
  );
}
