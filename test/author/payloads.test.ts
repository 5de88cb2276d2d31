import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { detectHost, HOST_ENV } from '../../src/author/detect-host.ts';
import { readPayload } from '../../src/author/read-input.ts';
import type { Host } from '../../src/author/types.ts';
import { type Dialect, EVENTS, type EventName, type EventSpec, renderPayload } from '../../src/index.ts';

// Payload detection and reading per dialect: recorded Claude Code payloads, Copilot CLI payloads
// as copilot-cli-observed.md shows them, VS Code's documented shape, and the engine's renderings.

const RECORDED = JSON.parse(
  readFileSync(new URL('../fixtures/compat/claude-code-2.1.328/hook-inputs.json', import.meta.url), 'utf8'),
) as { events: Record<string, Record<string, unknown>[]> };

const NO_ENV = {};
const COPILOT_ENV = { COPILOT_CLI: '1', CLAUDE_PROJECT_DIR: '/repo' };

const COPILOT_PRE_TOOL = {
  sessionId: 's1',
  timestamp: 1767225600000,
  cwd: '/repo',
  toolName: 'bash',
  toolArgs: { command: 'ls' },
};
const COPILOT_STOP = {
  sessionId: 's1',
  timestamp: 1767225600000,
  cwd: '/repo',
  transcriptPath: '/t',
  stopReason: 'end_turn',
  stop_hook_active: false,
};
const COPILOT_PERMISSION = {
  hookName: 'permissionRequest',
  sessionId: 's1',
  timestamp: 1767225600000,
  cwd: '/repo',
  toolName: 'bash',
  toolInput: { command: 'ls' },
  permissionSuggestions: [],
};
const COMPAT_PRE_TOOL = {
  hook_event_name: 'PreToolUse',
  session_id: 's1',
  timestamp: '2026-12-01T10:00:00.000Z',
  cwd: '/repo',
  tool_name: 'Bash',
  tool_input: { command: 'ls' },
};
const VSCODE_PRE_TOOL = {
  timestamp: '2026-12-01T10:00:00.000Z',
  cwd: '/repo',
  sessionId: 's1',
  hookEventName: 'PreToolUse',
  transcript_path: '/t',
  tool_name: 'editFiles',
  tool_input: { files: ['src/main.ts'] },
  tool_use_id: 'tool-123',
};

describe('detecting the host', () => {
  it.each([
    ['every recorded Claude Code payload', RECORDED.events.PreToolUse?.[0], NO_ENV, 'claude-code'],
    ['Copilot camelCase preToolUse', COPILOT_PRE_TOOL, NO_ENV, 'copilot-cli'],
    ['Copilot agentStop (snake_case stop_hook_active)', COPILOT_STOP, NO_ENV, 'copilot-cli'],
    ['Copilot permissionRequest (hookName)', COPILOT_PERMISSION, NO_ENV, 'copilot-cli'],
    ['Copilot PascalCase-key payload with COPILOT_CLI=1', COMPAT_PRE_TOOL, COPILOT_ENV, 'copilot-cli'],
    ['the same shape without COPILOT_CLI (VS Code code)', COMPAT_PRE_TOOL, NO_ENV, 'vscode'],
    ['VS Code docs shape (hookEventName, sessionId)', VSCODE_PRE_TOOL, COPILOT_ENV, 'vscode'],
  ] as const)('%s', (_name, payload, env, host) => {
    expect(detectHost(payload, env)).toEqual({ host, source: 'payload' });
  });

  it('every recorded Claude Code payload reads as Claude Code', () => {
    for (const payloads of Object.values(RECORDED.events)) {
      for (const payload of payloads) expect(detectHost(payload, COPILOT_ENV).host).toBe('claude-code');
    }
  });

  it('falls back to the environment, and yields to an explicit choice', () => {
    expect(detectHost(undefined, { COPILOT_CLI: '1' })).toEqual({
      host: 'copilot-cli',
      source: 'environment',
    });
    expect(detectHost('nonsense', { CLAUDE_PROJECT_DIR: '/repo' })).toEqual({
      host: 'claude-code',
      source: 'environment',
    });
    expect(detectHost(undefined, {})).toEqual({ host: 'claude-code', source: 'default' });
    expect(detectHost(COPILOT_PRE_TOOL, { [HOST_ENV]: 'vscode' })).toEqual({
      host: 'vscode',
      source: 'environment override',
    });
    expect(detectHost(COPILOT_PRE_TOOL, { [HOST_ENV]: 'vscode' }, 'claude-code').source).toBe('option');
    expect(detectHost(COPILOT_PRE_TOOL, { [HOST_ENV]: 'cursor' }).host).toBe('copilot-cli');
  });
});

describe('reading a payload into the canonical input', () => {
  it('accepts every recorded Claude Code payload for its event', () => {
    for (const [event, payloads] of Object.entries(RECORDED.events)) {
      for (const payload of payloads)
        expect(readPayload(event as EventName, payload)).toMatchObject({ ok: true });
    }
  });

  it('Copilot camelCase: Claude tool names, parsed toolArgs, no tool_use_id needed', () => {
    const read = readPayload('PreToolUse', { ...COPILOT_PRE_TOOL, toolArgs: '{"command":"rm -rf /"}' });
    expect(read).toEqual({
      ok: true,
      input: {
        session_id: 's1',
        cwd: '/repo',
        tool_name: 'Bash',
        tool_input: { command: 'rm -rf /' },
        hook_event_name: 'PreToolUse',
      },
    });
    expect(readPayload('Stop', COPILOT_STOP)).toMatchObject({
      ok: true,
      input: { stop_hook_active: false, transcript_path: '/t' },
    });
    expect(readPayload('PermissionRequest', COPILOT_PERMISSION)).toMatchObject({
      ok: true,
      input: { tool_name: 'Bash' },
    });
  });

  it('VS Code: its own tool names pass with their input as sent', () => {
    expect(readPayload('PreToolUse', VSCODE_PRE_TOOL)).toMatchObject({
      ok: true,
      input: {
        session_id: 's1',
        hook_event_name: 'PreToolUse',
        tool_name: 'editFiles',
        tool_input: { files: ['src/main.ts'] },
      },
    });
  });

  it('says what is wrong: not an object, another event, a missing field', () => {
    expect(readPayload('Stop', [1])).toEqual({ ok: false, message: 'the payload is [1], not a JSON object' });
    expect(readPayload('Stop', COMPAT_PRE_TOOL)).toEqual({
      ok: false,
      message:
        'the payload is for "PreToolUse", but this hook was defined for Stop: register it under Stop in the configuration',
    });
    expect(
      readPayload('UserPromptSubmit', { hook_event_name: 'UserPromptSubmit', session_id: 's', cwd: '/' }),
    ).toEqual({
      ok: false,
      message: 'prompt: Invalid input: expected string, received undefined',
    });
  });

  it('a tool input that does not fit its tool fails only when the handler reads it', () => {
    const read = readPayload('PreToolUse', {
      ...COMPAT_PRE_TOOL,
      tool_name: 'Read',
      tool_input: { path: '/repo/a.ts' },
    });
    if (!read.ok) throw new Error(read.message);
    expect(read.toolInputProblem).toEqual({
      message:
        "tool_input.file_path: Invalid input: expected string, received undefined (a Read call on PreToolUse; the SDK types tool_input by Claude Code's Read input)",
      read: false,
    });
    expect(read.input.tool_name).toBe('Read');
    expect(() => read.input.tool_input).toThrow('tool_input.file_path: Invalid input');
    expect(read.toolInputProblem?.read).toBe(true);
  });
});

/** A valid canonical input for `spec`: its required fields, with known values where the schema lists them. */
function sampleInput(spec: EventSpec): Record<string, unknown> {
  const special: Record<string, unknown> = {
    tool_name: 'Bash',
    tool_input: { command: 'ls' },
    tool_calls: [],
    error: spec.name === 'ErrorOccurred' ? { message: 'm', name: 'Error' } : 'rate_limit',
  };
  const byType = { string: 's', number: 1, boolean: false, array: [], object: {}, unknown: null };
  const input: Record<string, unknown> = {};
  for (const field of spec.input) {
    if (field.optional) continue;
    input[field.name] =
      field.name in special ? special[field.name] : (field.values?.[0] ?? byType[field.type]);
  }
  return input;
}

const DIALECT_HOST: Record<Dialect, { env: NodeJS.ProcessEnv; host: Host }> = {
  claude: { env: {}, host: 'claude-code' },
  copilot: { env: COPILOT_ENV, host: 'copilot-cli' },
  'copilot-compat': { env: COPILOT_ENV, host: 'copilot-cli' },
  vscode: { env: {}, host: 'vscode' },
};

describe('every event, as the engine renders it for each dialect', () => {
  const common = { sessionId: 's1', transcriptPath: '/t', cwd: '/repo', now: new Date(0) };
  const cases = EVENTS.flatMap((spec) =>
    (['claude', 'copilot', 'copilot-compat', 'vscode'] as const)
      .filter(
        (dialect) =>
          dialect === 'claude' || spec.dialects[dialect === 'copilot-compat' ? 'copilotCompat' : dialect],
      )
      .map((dialect) => [spec.name, dialect, spec] as const),
  );
  it.each(cases)('%s in the %s dialect is detected and read', (event, dialect, spec) => {
    const payload = renderPayload(event, sampleInput(spec), dialect, common);
    expect(detectHost(payload, DIALECT_HOST[dialect].env).host).toBe(DIALECT_HOST[dialect].host);
    expect(readPayload(event, payload)).toMatchObject({
      ok: true,
      input: { hook_event_name: event, session_id: 's1' },
    });
  });
});
