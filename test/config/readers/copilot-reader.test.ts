import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { type ConfigKind, readConfig } from '../../../src/config/read-config.ts';

const MIXED = readFileSync(new URL('../../fixtures/config/copilot/mixed.json', import.meta.url), 'utf8');

function read(text: string, kind: ConfigKind = 'copilot-hooks-file') {
  return readConfig({ file: 'hooks.json', text, kind, scope: 'project' });
}

describe('Copilot hooks file reader (other-agents-hooks.md §1.1, §1.3)', () => {
  const result = read(MIXED);
  const at = (pointer: string) => result.handlers.find((handler) => handler.source.pointer === pointer);
  const diag = (code: string, pointer: string) =>
    result.diagnostics.find((found) => found.code === code && found.pointer === pointer);

  it('picks the dialect from the casing of the event key', () => {
    expect(at('/hooks/preToolUse/0')).toMatchObject({
      event: 'PreToolUse',
      eventKey: 'preToolUse',
      dialect: 'copilot',
    });
    expect(at('/hooks/PreToolUse/0')).toMatchObject({
      event: 'PreToolUse',
      eventKey: 'PreToolUse',
      dialect: 'copilot-compat',
    });
    expect(at('/hooks/agentStop/0')).toMatchObject({ event: 'Stop', eventKey: 'agentStop' });
  });

  it('defaults type to command and copies bash/powershell/cwd/env; timeoutSec in seconds', () => {
    expect(at('/hooks/sessionStart/1')).toMatchObject({
      type: 'command',
      timeoutMs: 10_000,
      spec: { bash: './start.sh', powershell: '.\\start.ps1', cwd: 'scripts', env: { A: '1' } },
      source: { line: 6, column: 7, scope: 'project' },
    });
    expect(at('/hooks/preToolUse/0')).toMatchObject({ timeoutMs: 5_000, matcher: 'bash|edit' });
    expect(at('/hooks/preToolUse/2')).toMatchObject({ spec: { exec: 'node', args: ['guard.js'] } });
    expect(at('/hooks/preToolUse/4')).toMatchObject({
      type: 'http',
      spec: { url: 'https://hooks.example.com/pre' },
    });
  });

  it('collects sessionStart prompt entries as prompts, not handlers', () => {
    expect(result.prompts).toEqual([
      {
        prompt: '/review',
        source: {
          file: 'hooks.json',
          pointer: '/hooks/sessionStart/0',
          scope: 'project',
          line: 5,
          column: 7,
        },
      },
    ]);
    expect(diag('CONFIG_UNSUPPORTED_BY_HOST', '/hooks/agentStop/1/type')).toMatchObject({
      line: 22,
      column: 17,
    });
  });

  it('drops each malformed entry with a located diagnostic while its siblings load', () => {
    expect(diag('CONFIG_INVALID_MATCHER', '/hooks/preToolUse/1/matcher')).toMatchObject({
      severity: 'error',
      line: 10,
      column: 59,
    });
    expect(diag('CONFIG_INVALID_FIELD', '/hooks/preToolUse/3/exec')).toMatchObject({ line: 12, column: 17 });
    expect(diag('CONFIG_UNKNOWN_HANDLER_TYPE', '/hooks/preToolUse/5/type')).toMatchObject({
      suggestion: 'command',
      line: 14,
      column: 17,
    });
    expect(diag('CONFIG_INVALID_FIELD', '/hooks/preToolUse/6')).toMatchObject({ line: 15, column: 7 });
    expect(result.handlers.map((handler) => handler.source.pointer)).toEqual([
      '/hooks/sessionStart/1',
      '/hooks/preToolUse/0',
      '/hooks/preToolUse/2',
      '/hooks/preToolUse/4',
      '/hooks/PreToolUse/0',
      '/hooks/agentStop/0',
    ]);
  });

  it('warns on unknown keys and events, a matcher on an event without one, and a ms-looking timeoutSec', () => {
    expect(diag('CONFIG_UNKNOWN_KEY', '/hooks/PreToolUse/0/timeoutMs')).toMatchObject({
      severity: 'warning',
      line: 18,
      column: 52,
    });
    expect(diag('CONFIG_UNKNOWN_EVENT', '/hooks/preToolUSE')).toMatchObject({
      severity: 'warning',
      suggestion: 'preToolUse',
    });
    expect(diag('CONFIG_MATCHER_IGNORED', '/hooks/agentStop/0/matcher')).toMatchObject({
      line: 21,
      column: 41,
    });
    expect(diag('CONFIG_TIMEOUT_UNIT', '/hooks/preToolUse/2/timeoutSec')).toMatchObject({
      line: 11,
      column: 61,
    });
    expect(at('/hooks/agentStop/0')?.matcher).toBeUndefined();
  });

  it('accepts Claude-format "*" and "**" matchers on PascalCase PreToolUse only (§1.4)', () => {
    const text =
      '{"version":1,"hooks":{"PreToolUse":[{"bash":"a","matcher":"**"}],"preToolUse":[{"bash":"b","matcher":"*"}]}}';
    const parsed = read(text);
    expect(parsed.handlers.map((handler) => [handler.eventKey, handler.matcher])).toEqual([
      ['PreToolUse', '**'],
    ]);
    expect(parsed.diagnostics).toEqual([
      expect.objectContaining({
        code: 'CONFIG_INVALID_MATCHER',
        pointer: '/hooks/preToolUse/0/matcher',
        column: 102,
      }),
    ]);
  });

  it('never deduplicates Copilot entries (every entry from every source runs, §1.2)', () => {
    expect(result.handlers.every((handler) => handler.identity === undefined)).toBe(true);
  });

  it('honours per-file disableAllHooks', () => {
    const off = read('{"version":1,"disableAllHooks":true,"hooks":{"sessionEnd":[{"bash":"x"}]}}');
    expect(off.fileDisabled).toBe(true);
    expect(off.handlers).toHaveLength(1);
  });

  it('rejects the whole file on structural errors: bad version, non-array event list, bad JSON', () => {
    const version = read('{\n  "version": 2,\n  "hooks": {"sessionEnd": [{"bash": "x"}]}\n}');
    expect(version.handlers).toEqual([]);
    expect(version.diagnostics).toEqual([
      expect.objectContaining({ code: 'CONFIG_INVALID_VERSION', line: 2, column: 14, found: 'number 2' }),
    ]);

    const nonArray = read(
      '{"version": 1, "hooks": {"sessionEnd": [{"bash": "x"}], "preToolUse": {"bash": "y"}}}',
    );
    expect(nonArray.handlers).toEqual([]);
    expect(nonArray.diagnostics).toEqual([
      expect.objectContaining({
        code: 'CONFIG_INVALID_STRUCTURE',
        pointer: '/hooks/preToolUse',
        line: 1,
        column: 71,
      }),
    ]);

    const json = read('{"version": 1,, "hooks": {}}');
    expect(json.diagnostics).toEqual([
      expect.objectContaining({ code: 'CONFIG_INVALID_JSON', line: 1, column: 15 }),
    ]);
  });

  it('warns when version is missing (DOCS SILENT) but loads the file', () => {
    const missing = read('{"hooks":{"sessionEnd":[{"bash":"x"}]}}');
    expect(missing.handlers).toHaveLength(1);
    expect(missing.diagnostics).toEqual([
      expect.objectContaining({ code: 'CONFIG_INVALID_VERSION', severity: 'warning' }),
    ]);
  });
});

describe('Copilot inline settings hooks are strict (other-agents-hooks.md §1.1)', () => {
  it('loads a valid block and reads top-level disableAllHooks as policy', () => {
    const ok = read(
      '{"disableAllHooks": false, "model": "x", "hooks": {"sessionEnd": [{"bash": "x"}]}}',
      'copilot-settings',
    );
    expect(ok.handlers).toHaveLength(1);
    expect(ok.policy).toEqual({ disableAllHooks: false });
    expect(ok.diagnostics).toEqual([]);
  });

  it('rejects the whole block when any item is invalid, keeping the item diagnostics', () => {
    const text = '{\n  "hooks": {\n    "sessionEnd": [{"bash": "x"}, {"type": "comand"}]\n  }\n}';
    const bad = read(text, 'copilot-settings');
    expect(bad.handlers).toEqual([]);
    expect(bad.diagnostics.map((found) => [found.code, found.line, found.column])).toEqual([
      ['CONFIG_UNKNOWN_HANDLER_TYPE', 3, 44],
      ['CONFIG_BLOCK_REJECTED', 2, 12],
    ]);
  });
});
