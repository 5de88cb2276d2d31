import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EVENTS } from '../../src/events/catalogue.ts';
import { inputSchema } from '../../src/events/wire/schemas.ts';
import { RECORDED_OTHER } from '../../src/scenario/recorded-inputs.ts';
import { RECORDED_POST_TOOL } from '../../src/scenario/recorded-post-tool.ts';
import { RECORDED_PRE_TOOL } from '../../src/scenario/recorded-pre-tool.ts';
import { samplePayload } from '../../src/scenario/samples.ts';

// Issue 15 item 2: `agent-hooks test --sample` starts from the recorded Claude Code 2.1.328
// payloads (claude-code-observed.md) and the event catalogue.

const recorded = JSON.parse(
  readFileSync(new URL('../fixtures/compat/claude-code-2.1.328/hook-inputs.json', import.meta.url), 'utf8'),
) as { events: Record<string, Record<string, unknown>[]> };
const SESSION_FIELDS = ['session_id', 'transcript_path', 'cwd', 'hook_event_name'];
const PROJECT = '/home/dev/project';

describe('recorded samples', () => {
  const copies = { ...RECORDED_OTHER, ...RECORDED_PRE_TOOL, ...RECORDED_POST_TOOL };

  it.each(Object.entries(copies))('%s equals the first recording of that event and tool', (key, copy) => {
    const [event, tool] = key.split(':');
    const first = recorded.events[event as string]?.find((p) => tool === undefined || p.tool_name === tool);
    expect(first).toBeDefined();
    const fields = Object.fromEntries(Object.entries(first!).filter(([k]) => !SESSION_FIELDS.includes(k)));
    expect(copy).toEqual(fields);
  });

  it('every recorded event and tool has its copy', () => {
    const keys = Object.entries(recorded.events).flatMap(([event, payloads]) =>
      payloads.map((p) => (typeof p.tool_name === 'string' ? `${event}:${p.tool_name}` : event)),
    );
    expect(Object.keys(copies).sort()).toEqual([...new Set(keys)].sort());
  });
});

describe('samplePayload', () => {
  it.each(EVENTS.map((row) => row.name))(
    '%s: the Claude payload passes the event wire input schema',
    (event) => {
      const payload = samplePayload({ event }, 'claude-code', PROJECT);
      const checked = inputSchema(event).safeParse(payload);
      expect(checked.error?.issues ?? []).toEqual([]);
      expect(payload.hook_event_name).toBe(event);
      expect(payload.cwd).toBe(PROJECT);
    },
  );

  it('PreToolUse:Bash is the recorded call, placeholders filled', () => {
    const payload = samplePayload({ event: 'PreToolUse', tool: 'Bash' }, 'claude-code', PROJECT);
    expect(payload.tool_input).toEqual(RECORDED_PRE_TOOL['PreToolUse:Bash']?.tool_input);
    expect(JSON.stringify(payload)).not.toMatch(/\$(PROJECT_DIR|UUID|HOME)/);
  });

  it('a tool without a recording gets its declared input (Grep), paths into the project', () => {
    const grep = samplePayload({ event: 'PreToolUse', tool: 'Grep' }, 'claude-code', PROJECT);
    expect(grep.tool_input).toEqual({ pattern: 'example pattern' });
    const write = samplePayload({ event: 'PostToolUse', tool: 'Write' }, 'claude-code', PROJECT);
    expect((write.tool_input as { file_path: string }).file_path).toBe(`${PROJECT}/src/a.txt`);
  });

  it("Copilot CLI's payload is camelCase with the runtime tool name and no Claude-only fields", () => {
    const payload = samplePayload({ event: 'PreToolUse', tool: 'Bash' }, 'copilot-cli', PROJECT);
    expect(payload).toMatchObject({ sessionId: 'sample-session', cwd: PROJECT, toolName: 'bash' });
    expect(payload).not.toHaveProperty('prompt_id');
    expect(payload).not.toHaveProperty('effort');
  });

  // copilot-cli-observed.md "Payloads": each event's own camelCase fields and nothing of Claude's.
  it.each([
    ['PreToolUse', 'Bash', ['sessionId', 'timestamp', 'cwd', 'toolName', 'toolArgs']],
    ['PostToolUse', 'Bash', ['sessionId', 'timestamp', 'cwd', 'toolName', 'toolArgs', 'toolResult']],
    ['PostToolUseFailure', 'Bash', ['sessionId', 'timestamp', 'cwd', 'toolName', 'toolArgs', 'error']],
    [
      'Stop',
      undefined,
      ['sessionId', 'timestamp', 'cwd', 'transcriptPath', 'stopReason', 'stop_hook_active'],
    ],
    ['SessionStart', undefined, ['sessionId', 'timestamp', 'cwd', 'source']],
  ])('Copilot CLI %s sample has only the keys the host sends (no tool_use_id)', (event, tool, keys) => {
    const spec = { event: event as 'PreToolUse', ...(tool ? { tool } : {}) };
    expect(Object.keys(samplePayload(spec, 'copilot-cli', PROJECT))).toEqual(keys);
  });

  it('Copilot CLI samples carry the observed values: source "new"; a permission request without description', () => {
    expect(samplePayload({ event: 'SessionStart' }, 'copilot-cli', PROJECT).source).toBe('new');
    const request = samplePayload({ event: 'PermissionRequest', tool: 'Bash' }, 'copilot-cli', PROJECT);
    expect(Object.keys(request)).toEqual([
      'hookName',
      'sessionId',
      'timestamp',
      'cwd',
      'toolName',
      'toolInput',
      'permissionSuggestions',
    ]);
    expect(Object.keys(request.toolInput as object)).toEqual(['command']);
    expect(request.permissionSuggestions).toEqual([]);
  });

  it("VS Code's payload carries the shipped names, the documented aliases and an ISO timestamp", () => {
    const payload = samplePayload({ event: 'Stop' }, 'vscode', PROJECT);
    expect(payload).toMatchObject({
      timestamp: '2026-01-01T00:00:00.000Z',
      hook_event_name: 'Stop',
      session_id: 'sample-session',
      sessionId: 'sample-session',
      hookEventName: 'Stop',
    });
  });
});
