import { describe, expect, it } from 'vitest';
import { levenshtein } from '../../src/errors/did-you-mean.ts';
import { EVENTS } from '../../src/events/catalogue.ts';
import { eventKeyFor, resolveEventName, suggestEventName } from '../../src/events/dialect-names.ts';
import type { Dialect } from '../../src/model/dialect.ts';
import { EVENT_NAMES } from '../../src/model/event-name.ts';

/** other-agents-hooks.md §1.3 table (camel key → canonical). */
const COPILOT_KEYS: Record<string, string> = {
  sessionStart: 'SessionStart',
  sessionEnd: 'SessionEnd',
  userPromptSubmitted: 'UserPromptSubmit',
  userPromptTransformed: 'UserPromptTransformed',
  preToolUse: 'PreToolUse',
  permissionRequest: 'PermissionRequest',
  postToolUse: 'PostToolUse',
  postToolUseFailure: 'PostToolUseFailure',
  agentStop: 'Stop',
  subagentStart: 'SubagentStart',
  subagentStop: 'SubagentStop',
  errorOccurred: 'ErrorOccurred',
  preCompact: 'PreCompact',
  notification: 'Notification',
};

/** Seed 000 / other-agents-hooks.md §2.4: the eight VS Code events. */
const VSCODE_EVENTS = [
  'SessionStart',
  'UserPromptSubmit',
  'PreToolUse',
  'PostToolUse',
  'PreCompact',
  'SubagentStart',
  'SubagentStop',
  'Stop',
];

describe('dialect event names (other-agents-hooks.md §1.3, §2.4)', () => {
  it('resolves every canonical name as canonical', () => {
    for (const name of EVENT_NAMES)
      expect(resolveEventName(name)).toEqual({ event: name, spelling: 'canonical' });
  });

  it('resolves every Copilot camelCase key, and only those', () => {
    for (const [key, event] of Object.entries(COPILOT_KEYS)) {
      expect(resolveEventName(key)).toEqual({ event, spelling: 'copilot' });
    }
    const camelInCatalogue = EVENTS.flatMap((row) => (row.dialects.copilot ? [row.dialects.copilot] : []));
    expect(camelInCatalogue.sort()).toEqual(Object.keys(COPILOT_KEYS).sort());
  });

  it('lists exactly the eight VS Code events', () => {
    const vscode = EVENTS.flatMap((row) => (row.dialects.vscode ? [row.name] : []));
    expect(vscode.sort()).toEqual([...VSCODE_EVENTS].sort());
  });

  it('converts VS Code lowerCamelCase spellings', () => {
    expect(resolveEventName('userPromptSubmit')).toEqual({ event: 'UserPromptSubmit', spelling: 'vscode' });
    expect(resolveEventName('stop')).toEqual({ event: 'Stop', spelling: 'vscode' });
    // Spellings shared with Copilot resolve as Copilot; the event is the same.
    expect(resolveEventName('preToolUse')?.event).toBe('PreToolUse');
  });

  it('PascalCase keys in a Copilot file are copilot-compat, only where an alias exists', () => {
    expect(resolveEventName('PreToolUse', { file: 'copilot' })).toEqual({
      event: 'PreToolUse',
      spelling: 'copilot-compat',
    });
    expect(resolveEventName('Stop', { file: 'copilot' })?.spelling).toBe('copilot-compat');
    expect(resolveEventName('SubagentStart', { file: 'copilot' })).toBeUndefined();
    expect(resolveEventName('agentStop', { file: 'copilot' })).toEqual({
      event: 'Stop',
      spelling: 'copilot',
    });
    expect(resolveEventName('stop', { file: 'copilot' })).toBeUndefined();
  });

  it('Claude files are case-sensitive and VS Code files know only their eight events', () => {
    expect(resolveEventName('preToolUse', { file: 'claude' })).toBeUndefined();
    expect(resolveEventName('PreToolUse', { file: 'claude' })?.spelling).toBe('canonical');
    expect(resolveEventName('SessionEnd', { file: 'vscode' })).toBeUndefined();
    expect(resolveEventName('PreCompact', { file: 'vscode' })?.spelling).toBe('vscode');
  });

  it('rejects unknown spellings', () => {
    for (const bad of ['', 'pretooluse', 'PreToolUses', 'Agentstop', 'before_tool']) {
      expect(resolveEventName(bad)).toBeUndefined();
    }
  });

  it('round trips: eventKeyFor → resolveEventName gives the event back in every dialect', () => {
    const dialects: Dialect[] = ['claude', 'copilot', 'copilot-compat', 'vscode'];
    let checked = 0;
    for (const event of EVENT_NAMES) {
      for (const dialect of dialects) {
        const key = eventKeyFor(event, dialect);
        if (key === undefined) continue;
        const file = dialect === 'claude' ? 'claude' : dialect === 'vscode' ? 'vscode' : 'copilot';
        const resolved = resolveEventName(key, { file });
        expect(resolved?.event).toBe(event);
        const expectedSpelling = dialect === 'claude' ? 'canonical' : dialect;
        expect(resolved?.spelling).toBe(expectedSpelling);
        checked++;
      }
    }
    expect(checked).toBe(36 + 14 + 11 + 8);
  });

  it('eventKeyFor returns undefined where a dialect lacks the event', () => {
    expect(eventKeyFor('Stop', 'copilot')).toBe('agentStop');
    expect(eventKeyFor('UserPromptSubmit', 'copilot')).toBe('userPromptSubmitted');
    expect(eventKeyFor('Setup', 'copilot')).toBeUndefined();
    expect(eventKeyFor('Notification', 'copilot-compat')).toBeUndefined();
    expect(eventKeyFor('SessionEnd', 'vscode')).toBeUndefined();
  });
});

describe('suggestEventName', () => {
  it('suggests the case-insensitive match first', () => {
    expect(suggestEventName('pretooluse')).toBe('PreToolUse');
    expect(suggestEventName('AGENTSTOP')).toBe('agentStop');
  });

  it('suggests the nearest spelling within the edit-distance limit', () => {
    expect(suggestEventName('PreToolUs')).toBe('PreToolUse');
    expect(suggestEventName('PostToolUsed')).toBe('PostToolUse');
    expect(suggestEventName('userPromptSubmited')).toBe('userPromptSubmitted');
    expect(suggestEventName('SesionEnd')).toBe('SessionEnd');
  });

  it('suggests nothing for unrelated words', () => {
    expect(suggestEventName('banana')).toBeUndefined();
    expect(suggestEventName('')).toBeUndefined();
  });

  it('levenshtein counts edits', () => {
    expect(levenshtein('kitten', 'sitting')).toBe(3);
    expect(levenshtein('', 'abc')).toBe(3);
    expect(levenshtein('same', 'same')).toBe(0);
  });
});
