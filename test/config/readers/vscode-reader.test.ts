import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readConfig } from '../../../src/config/read-config.ts';

const FIXTURES = new URL('../../fixtures/config/vscode/', import.meta.url);

function read(relative: string, file = `/ws/${relative}`) {
  return readConfig({
    file,
    text: readFileSync(new URL(relative, FIXTURES), 'utf8'),
    kind: 'vscode-hooks',
    scope: 'project',
  });
}

describe('VS Code hook files (other-agents-hooks.md §2.3–§2.4, seed 000)', () => {
  const result = read('hooks.json', '/ws/.github/hooks/hooks.json');
  const at = (pointer: string) => result.handlers.find((handler) => handler.source.pointer === pointer);
  const diag = (code: string, pointer: string) =>
    result.diagnostics.find((found) => found.code === code && found.pointer === pointer);

  it('reads flat command entries with OS overrides, cwd, env and timeout in seconds (JSONC allowed)', () => {
    expect(at('/hooks/PreToolUse/0')).toEqual({
      event: 'PreToolUse',
      eventKey: 'PreToolUse',
      dialect: 'vscode',
      type: 'command',
      timeoutMs: 15_000,
      spec: {
        command: './scripts/validate.sh',
        windows: 'powershell -File scripts\\validate.ps1',
        cwd: 'scripts',
        env: { K: 'V' },
      },
      source: {
        file: '/ws/.github/hooks/hooks.json',
        pointer: '/hooks/PreToolUse/0',
        scope: 'project',
        line: 5,
        column: 7,
      },
    });
  });

  it('maps Copilot bash to linux and osx, powershell to windows; explicit OS keys win; timeoutSec as fallback', () => {
    expect(at('/hooks/PreToolUse/1')).toMatchObject({
      timeoutMs: 4_000,
      spec: { linux: './guard.sh', osx: './guard-mac.sh', windows: 'guard.ps1' },
    });
  });

  it('converts the lowerCamelCase event names VS Code knows to PascalCase', () => {
    expect(at('/hooks/postToolUse/0')).toMatchObject({ event: 'PostToolUse', eventKey: 'postToolUse' });
    expect(at('/hooks/agentStop/0')).toMatchObject({ event: 'Stop', eventKey: 'agentStop' });
    expect(diag('CONFIG_UNSUPPORTED_BY_HOST', '/hooks/preCompact')).toMatchObject({ line: 19, column: 5 });
    expect(diag('CONFIG_UNSUPPORTED_BY_HOST', '/hooks/PostToolUseFailure')).toBeDefined();
    expect(diag('CONFIG_UNKNOWN_EVENT', '/hooks/Stpo')).toMatchObject({
      suggestion: 'Stop',
      line: 21,
      column: 5,
    });
  });

  it('uses nested Claude-style hooks but discards the matcher (with an info diagnostic)', () => {
    expect(at('/hooks/PreToolUse/3/hooks/0')).toMatchObject({
      spec: { command: './nested.sh' },
      source: { line: 15, column: 38 },
    });
    expect(at('/hooks/PreToolUse/3/hooks/0')?.matcher).toBeUndefined();
    expect(diag('CONFIG_UNSUPPORTED_BY_HOST', '/hooks/PreToolUse/3/matcher')).toMatchObject({
      severity: 'info',
      line: 15,
      column: 20,
    });
  });

  it('skips non-command types and entries without any command key; siblings still load', () => {
    expect(diag('CONFIG_UNSUPPORTED_BY_HOST', '/hooks/PreToolUse/2/type')).toMatchObject({
      severity: 'warning',
      line: 14,
      column: 17,
    });
    expect(diag('CONFIG_INVALID_FIELD', '/hooks/Stop/0')).toMatchObject({
      severity: 'error',
      line: 22,
      column: 14,
    });
    expect(at('/hooks/Stop/1')).toMatchObject({ timeoutMs: 30_000_000 });
    expect(diag('CONFIG_TIMEOUT_UNIT', '/hooks/Stop/1/timeout')).toMatchObject({ line: 22, column: 75 });
  });

  it('loads SessionEnd and errorOccurred but notes that VS Code never fires them', () => {
    const text = '{"hooks":{"SessionEnd":[{"command":"a"}],"errorOccurred":[{"bash":"b"}]}}';
    const parsed = readConfig({
      file: '/ws/.github/hooks/e.json',
      text,
      kind: 'vscode-hooks',
      scope: 'user',
    });
    expect(parsed.handlers.map((handler) => handler.event)).toEqual(['SessionEnd', 'ErrorOccurred']);
    expect(parsed.diagnostics.map((found) => [found.severity, found.code, found.column])).toEqual([
      ['info', 'CONFIG_UNSUPPORTED_BY_HOST', 11],
      ['info', 'CONFIG_UNSUPPORTED_BY_HOST', 42],
    ]);
  });

  it('never deduplicates (VS Code appends every hook)', () => {
    expect(result.handlers.every((handler) => handler.identity === undefined)).toBe(true);
  });
});

describe('VS Code reading .claude/settings.json (Claude parser chosen by path)', () => {
  const result = read('.claude/settings.json', '/ws/.claude/settings.json');

  it('keeps only the events VS Code maps from Claude files and only command handlers', () => {
    expect(result.handlers.map((handler) => [handler.event, handler.source.pointer])).toEqual([
      ['PreToolUse', '/hooks/PreToolUse/0/hooks/0'],
      ['Stop', '/hooks/Stop/0/hooks/1'],
    ]);
    expect(result.handlers[0]).toMatchObject({
      dialect: 'vscode',
      timeoutMs: 5_000,
      spec: { command: './pre.sh' },
    });
    expect(result.diagnostics.map((found) => [found.code, found.pointer])).toEqual([
      ['CONFIG_UNSUPPORTED_BY_HOST', '/hooks/PreToolUse/0/matcher'],
      // VS Code has no `if` (other-agents-hooks.md §7.1): the hook runs for every call, and that is said.
      ['CONFIG_UNSUPPORTED_BY_HOST', '/hooks/PreToolUse/0/hooks/0/if'],
      ['CONFIG_UNSUPPORTED_BY_HOST', '/hooks/Notification'],
      ['CONFIG_UNSUPPORTED_BY_HOST', '/hooks/Stop/0/hooks/0/type'],
    ]);
  });

  it('honours disableAllHooks in Claude files only', () => {
    expect(result.policy).toEqual({ disableAllHooks: false });
    const text = '{"disableAllHooks": true, "hooks": {}}';
    const elsewhere = readConfig({
      file: '/ws/.github/hooks/a.json',
      text,
      kind: 'vscode-hooks',
      scope: 'project',
    });
    expect(elsewhere.policy).toEqual({});
  });
});
