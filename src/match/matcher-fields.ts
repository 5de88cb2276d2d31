import { EVENTS } from '../events/catalogue.ts';
import type { EventName } from '../model/event-name.ts';

/**
 * How an event's matcher finds its value in the input. `field` lists the input keys in order of
 * preference (canonical snake_case first, host-native spellings after); `basename` takes the last
 * path segment (FileChanged).
 */
export interface MatcherField {
  readonly fields: readonly string[];
  readonly basename?: boolean;
}

/**
 * Host-native spellings of a matcher's input field, tried after the canonical one the catalogue
 * names (claude-code-hooks.md §2.0 column "M"; other-agents-hooks.md §1.3–§1.4).
 */
const NATIVE_ALIASES: Readonly<Record<string, readonly string[]>> = {
  tool_name: ['toolName'],
  notification_type: ['notificationType'],
  file_path: ['filePath'],
};

/** Copilot's subagent events name the agent (other-agents-hooks.md §1.4). */
const EVENT_ALIASES: Readonly<Partial<Record<EventName, readonly string[]>>> = {
  SubagentStart: ['agent_name', 'agentName'],
  SubagentStop: ['agent_name', 'agentType'],
};

/**
 * Event → the input field its `matcher` tests, derived from the event catalogue; events without a
 * matcher field are absent: a matcher on them is ignored (§5.1). FileChanged matches the basename
 * of the changed file (§2.24).
 */
export const MATCHER_FIELDS: Readonly<Partial<Record<EventName, MatcherField>>> = Object.fromEntries(
  EVENTS.flatMap((spec) => {
    const field = spec.matcher.field;
    if (field === null) return [];
    const fields = [field, ...(EVENT_ALIASES[spec.name] ?? NATIVE_ALIASES[field] ?? [])];
    return [[spec.name, spec.name === 'FileChanged' ? { fields, basename: true } : { fields }]];
  }),
);

/** Whether the event supports a matcher at all (§5.1: the others ignore it silently). */
export function eventHasMatcher(event: EventName): boolean {
  return MATCHER_FIELDS[event] !== undefined;
}

/**
 * The value an event's matcher is tested against, or undefined when the event has no matcher or
 * the input lacks the field (then every group runs, §5.1).
 */
export function matcherValue(event: EventName, input: Record<string, unknown>): string | undefined {
  const spec = MATCHER_FIELDS[event];
  if (spec === undefined) return undefined;
  for (const key of spec.fields) {
    const value = input[key];
    if (typeof value !== 'string') continue;
    return spec.basename ? basenameOf(value) : value;
  }
  return undefined;
}

/** Last segment of a POSIX or Windows path. */
function basenameOf(path: string): string {
  const trimmed = path.replace(/[\\/]+$/, '');
  const cut = Math.max(trimmed.lastIndexOf('/'), trimmed.lastIndexOf('\\'));
  return cut < 0 ? trimmed : trimmed.slice(cut + 1);
}
