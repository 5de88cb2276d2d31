import { didYouMean } from '../../errors/did-you-mean.ts';
import { EVENTS } from '../../events/catalogue.ts';
import { EVENT_NAMES, type EventName } from '../../model/event-name.ts';

/** Claude Code's own events: every canonical event except the two Copilot-only ones. */
export const CLAUDE_EVENTS: readonly EventName[] = EVENT_NAMES.filter(
  (name) => name !== 'ErrorOccurred' && name !== 'UserPromptTransformed',
);

/** Claude events whose `matcher` is silently ignored (claude-code-hooks.md §2.0, "M" = —), from the catalogue. */
export const EVENTS_WITHOUT_MATCHER: ReadonlySet<string> = new Set(
  EVENTS.filter((spec) => spec.matcher.field === null && CLAUDE_EVENTS.includes(spec.name)).map(
    (spec) => spec.name,
  ),
);

/** Copilot CLI camelCase keys (other-agents-hooks.md §1.3), from the catalogue. */
export const COPILOT_CAMEL_EVENTS: Readonly<Record<string, EventName>> = Object.fromEntries(
  EVENTS.flatMap((spec) => (spec.dialects.copilot ? [[spec.dialects.copilot, spec.name]] : [])),
);

/** PascalCase keys a Copilot file accepts (the VS Code-compatible payload), §1.3, from the catalogue. */
export const COPILOT_PASCAL_EVENTS: ReadonlySet<EventName> = new Set(
  EVENTS.filter((spec) => spec.dialects.copilotCompat !== undefined).map((spec) => spec.name),
);

/** VS Code Local harness canonical events (other-agents-hooks.md §2.4 step 2). */
export const VSCODE_EVENTS: ReadonlySet<EventName> = new Set([
  'SessionStart',
  'SessionEnd',
  'UserPromptSubmit',
  'PreToolUse',
  'PostToolUse',
  'PreCompact',
  'SubagentStart',
  'SubagentStop',
  'Stop',
  'ErrorOccurred',
]);

/** The 8 Copilot camel names VS Code maps; other camel events are skipped by VS Code. */
export const VSCODE_CAMEL_EVENTS: Readonly<Record<string, EventName>> = {
  sessionStart: 'SessionStart',
  sessionEnd: 'SessionEnd',
  userPromptSubmitted: 'UserPromptSubmit',
  preToolUse: 'PreToolUse',
  postToolUse: 'PostToolUse',
  agentStop: 'Stop',
  subagentStop: 'SubagentStop',
  errorOccurred: 'ErrorOccurred',
};

/** VS Code's Claude-format reader keeps only these events (§2.4 step 2, Claude target). */
export const VSCODE_CLAUDE_EVENTS: ReadonlySet<EventName> = new Set([
  'SessionStart',
  'UserPromptSubmit',
  'PreToolUse',
  'PostToolUse',
  'PreCompact',
  'SubagentStart',
  'SubagentStop',
  'Stop',
]);

/** Own-property lookup: keys such as `constructor` or `toString` must not hit Object.prototype. */
export function lookup<T>(table: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}

/** Best guess for a misspelt or other-dialect event key, as a name valid in `valid`. */
export function suggestEvent(key: string, valid: readonly string[]): string | undefined {
  const viaCopilot = lookup(COPILOT_CAMEL_EVENTS, key);
  if (viaCopilot !== undefined && valid.includes(viaCopilot)) return viaCopilot;
  return didYouMean(key, valid);
}
