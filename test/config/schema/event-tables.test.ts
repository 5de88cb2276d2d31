import { describe, expect, it } from 'vitest';
import {
  CLAUDE_EVENTS,
  COPILOT_CAMEL_EVENTS,
  COPILOT_PASCAL_EVENTS,
  EVENTS_WITHOUT_MATCHER,
  VSCODE_EVENTS,
} from '../../../src/config/parse/event-keys.ts';
import { EVENTS } from '../../../src/events/catalogue.ts';

// The reader keeps small lookup tables of its own; they must agree with the event catalogue.
describe('config event tables agree with the event catalogue', () => {
  it('matcher-less Claude events (claude-code-hooks.md §2.0)', () => {
    const catalogue = EVENTS.filter(
      (row) => row.matcher.field === null && CLAUDE_EVENTS.includes(row.name),
    ).map((row) => row.name);
    expect([...EVENTS_WITHOUT_MATCHER].sort()).toEqual(catalogue.sort());
  });

  it('Copilot camelCase keys and PascalCase compat keys (other-agents-hooks.md §1.3)', () => {
    const camel = EVENTS.filter((row) => row.dialects.copilot).map((row) => [row.dialects.copilot, row.name]);
    expect(Object.entries(COPILOT_CAMEL_EVENTS).sort()).toEqual(camel.sort());
    const compat = EVENTS.filter((row) => row.dialects.copilotCompat).map(
      (row) => row.dialects.copilotCompat,
    );
    expect([...COPILOT_PASCAL_EVENTS].sort()).toEqual(compat.sort());
  });

  it('VS Code events: the catalogue eight plus the two it parses but never fires (§2.4, §2.5)', () => {
    const vscode = EVENTS.filter((row) => row.dialects.vscode).map((row) => row.dialects.vscode as string);
    expect([...VSCODE_EVENTS].filter((event) => !vscode.includes(event)).sort()).toEqual([
      'ErrorOccurred',
      'SessionEnd',
    ]);
    expect(vscode.filter((event) => !VSCODE_EVENTS.has(event as never))).toEqual([]);
  });
});
