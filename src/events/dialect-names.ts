import { didYouMean } from '../errors/did-you-mean.ts';
import type { Dialect } from '../model/dialect.ts';
import { type EventName, isEventName } from '../model/event-name.ts';
import { EVENT_BY_NAME, EVENTS } from './catalogue.ts';

/** Which dialect a spelling belongs to. `canonical` is Claude Code's PascalCase name. */
export type EventSpelling = 'canonical' | 'copilot' | 'copilot-compat' | 'vscode';

export interface ResolvedEventName {
  event: EventName;
  spelling: EventSpelling;
}

/**
 * The kind of file the spelling was read from, when known. It disambiguates PascalCase keys:
 * in a Copilot file they select the VS Code-compatible payload (other-agents-hooks.md §1.3).
 */
export type EventFileKind = 'claude' | 'copilot' | 'vscode';

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}

const BY_COPILOT = new Map<string, EventName>();
const BY_VSCODE = new Map<string, EventName>();
const BY_VSCODE_CAMEL = new Map<string, EventName>();
for (const row of EVENTS) {
  if (row.dialects.copilot) BY_COPILOT.set(row.dialects.copilot, row.name);
  if (row.dialects.vscode) {
    BY_VSCODE.set(row.dialects.vscode, row.name);
    // VS Code's docs also show lowerCamelCase keys (`userPromptSubmit`, `stop`).
    BY_VSCODE_CAMEL.set(lowerFirst(row.dialects.vscode), row.name);
  }
}

/**
 * Maps any dialect's spelling of an event key to the canonical event. Without `file`, a
 * PascalCase name is `canonical`; in a Copilot file it is `copilot-compat` and must be one of the
 * documented aliases; in a VS Code file it must be one of the eight VS Code events.
 */
export function resolveEventName(
  spelling: string,
  options: { file?: EventFileKind } = {},
): ResolvedEventName | undefined {
  const { file } = options;
  if (isEventName(spelling)) {
    const row = EVENT_BY_NAME[spelling];
    if (file === 'copilot') {
      return row.dialects.copilotCompat === spelling
        ? { event: spelling, spelling: 'copilot-compat' }
        : undefined;
    }
    if (file === 'vscode') {
      return row.dialects.vscode === spelling ? { event: spelling, spelling: 'vscode' } : undefined;
    }
    return { event: spelling, spelling: 'canonical' };
  }
  if (file === 'claude') return undefined; // Claude Code event keys are case-sensitive (§1).
  const copilot = BY_COPILOT.get(spelling);
  if (copilot) return { event: copilot, spelling: 'copilot' };
  const vscode = BY_VSCODE.get(spelling) ?? BY_VSCODE_CAMEL.get(spelling);
  if (vscode && file !== 'copilot') return { event: vscode, spelling: 'vscode' };
  return undefined;
}

/** The event key a dialect uses for `event`, or undefined when the dialect has no such event. */
export function eventKeyFor(event: EventName, dialect: Dialect): string | undefined {
  const row = EVENT_BY_NAME[event];
  switch (dialect) {
    case 'claude':
      return row.name;
    case 'copilot':
      return row.dialects.copilot;
    case 'copilot-compat':
      return row.dialects.copilotCompat;
    case 'vscode':
      return row.dialects.vscode;
  }
}

/** Every known spelling, canonical names first so ties prefer them. */
const ALL_SPELLINGS: readonly string[] = [
  ...new Set([
    ...EVENTS.map((row) => row.name),
    ...BY_COPILOT.keys(),
    ...BY_VSCODE.keys(),
    ...BY_VSCODE_CAMEL.keys(),
  ]),
];

/** How far a misspelling may be from a name and still be suggested. */
const MIN_SUGGEST_DISTANCE = 2;

/**
 * "Did you mean" for an unknown event key: a case-insensitive exact match first, then the
 * nearest spelling by edit distance (case-insensitive) within a third of the name's length.
 */
export function suggestEventName(wrong: string): string | undefined {
  if (wrong.length === 0) return undefined;
  return didYouMean(wrong, ALL_SPELLINGS, Math.max(MIN_SUGGEST_DISTANCE, Math.floor(wrong.length / 3)));
}
