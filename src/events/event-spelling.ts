import type { EventName } from '../model/event-name.ts';
import type { AGENT_EVENTS } from './catalogue-agents.ts';
import type { ENVIRONMENT_EVENTS } from './catalogue-environment.ts';
import type { MISC_EVENTS } from './catalogue-misc.ts';
import type { SESSION_EVENTS } from './catalogue-session.ts';
import type { TOOL_EVENTS } from './catalogue-tools.ts';

/**
 * Event-name spellings as types, read off the catalogue rows (declared `as const`), so the
 * compiler knows every name `engine.dispatch` accepts at run time (dialect-names.ts).
 */

type Row = (
  | typeof SESSION_EVENTS
  | typeof TOOL_EVENTS
  | typeof AGENT_EVENTS
  | typeof ENVIRONMENT_EVENTS
  | typeof MISC_EVENTS
)[number];

/** The spelling of each row in one dialect (a distributive conditional over the rows). */
type SpellingIn<R, K extends string> = R extends { readonly dialects: { readonly [P in K]: infer S } }
  ? S & string
  : never;

type VscodeSpelling = SpellingIn<Row, 'vscode'>;

/**
 * Another dialect's spelling of an event: Copilot CLI camelCase (`preToolUse`, `agentStop`), or
 * VS Code's lowerCamelCase (`userPromptSubmit`). PascalCase aliases are canonical names already.
 */
export type EventAlias = Exclude<
  | SpellingIn<Row, 'copilot'>
  | SpellingIn<Row, 'copilotCompat'>
  | VscodeSpelling
  | Uncapitalize<VscodeSpelling>,
  EventName
>;

/** Every name `engine.dispatch` accepts as a literal: canonical names and other dialects' spellings. */
export type EventSpellingName = EventName | EventAlias;
