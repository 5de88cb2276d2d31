import { describe, expect, it } from 'vitest';
import { normalizeInput } from '../../src/events/normalize-input.ts';
import { renderPayload } from '../../src/events/payload.ts';

const COMMON = { sessionId: 's', transcriptPath: '/t.jsonl', cwd: '/repo', now: new Date(1_000) };

describe('normalizeInput (DESIGN.md CLI contract: --input accepts canonical or Copilot payloads)', () => {
  it('converts a Copilot camelCase preToolUse payload with JSON-string toolArgs', () => {
    const raw = {
      sessionId: 'abc',
      timestamp: 1_764_496_800_000,
      cwd: '/repo',
      toolName: 'bash',
      toolArgs: '{"command":"rm -rf /tmp/x","description":"clean"}',
    };
    expect(normalizeInput('PreToolUse', raw)).toEqual({
      session_id: 'abc',
      cwd: '/repo',
      tool_name: 'Bash',
      tool_input: { command: 'rm -rf /tmp/x', description: 'clean' },
    });
  });

  it('converts postToolUse toolResult and agentStop / subagentStop fields', () => {
    expect(
      normalizeInput('PostToolUse', {
        toolName: 'view',
        toolArgs: { path: '/a' },
        toolResult: { resultType: 'success', textResultForLlm: 'text' },
      }),
    ).toEqual({ tool_name: 'Read', tool_input: { path: '/a' }, tool_response: 'text' });
    expect(
      normalizeInput('Stop', { transcriptPath: '/t', stopReason: 'end_turn', stop_hook_active: true }),
    ).toEqual({ transcript_path: '/t', stop_reason: 'end_turn', stop_hook_active: true });
    expect(normalizeInput('SubagentStart', { agentName: 'explore', agentDisplayName: 'Explore' })).toEqual({
      agent_name: 'explore',
      agent_display_name: 'Explore',
      agent_type: 'explore',
    });
    expect(normalizeInput('SubagentStop', { agentId: 'a', agentType: 't', response: 'r' })).toEqual({
      agent_id: 'a',
      agent_type: 't',
      last_assistant_message: 'r',
    });
  });

  it('converts Copilot-compat and VS Code payloads', () => {
    expect(
      normalizeInput('PostToolUse', {
        hook_event_name: 'PostToolUse',
        session_id: 's',
        timestamp: '2026-01-01T00:00:00.000Z',
        tool_name: 'Bash',
        tool_input: '{"command":"ls"}',
        tool_result: { result_type: 'success', text_result_for_llm: 'x' },
      }),
    ).toEqual({
      hook_event_name: 'PostToolUse',
      session_id: 's',
      tool_name: 'Bash',
      tool_input: { command: 'ls' },
      tool_response: 'x',
    });
    expect(
      normalizeInput('PreCompact', { sessionId: 's', hookEventName: 'PreCompact', trigger: 'auto' }),
    ).toEqual({
      session_id: 's',
      hook_event_name: 'PreCompact',
      trigger: 'auto',
    });
  });

  it('leaves a canonical input unchanged and lets canonical keys win over aliases', () => {
    const canonical = {
      tool_name: 'Bash',
      tool_input: { command: 'ls' },
      tool_use_id: 'toolu_1',
      extra: [1],
    };
    expect(normalizeInput('PreToolUse', canonical)).toEqual(canonical);
    expect(normalizeInput('PreToolUse', { tool_name: 'Edit', toolName: 'bash' })).toEqual({
      tool_name: 'Edit',
    });
  });

  it('round trips canonical → copilot payload → canonical for the event fields', () => {
    const input = { tool_name: 'Bash', tool_input: { command: 'ls' }, tool_use_id: 'toolu_1' };
    const copilot = renderPayload('PreToolUse', input, 'copilot', COMMON);
    expect(normalizeInput('PreToolUse', copilot)).toEqual({ session_id: 's', cwd: '/repo', ...input });
    const error = { error: { message: 'm', name: 'E' }, error_context: 'system', recoverable: true };
    const back = normalizeInput('ErrorOccurred', renderPayload('ErrorOccurred', error, 'copilot', COMMON));
    expect(back).toMatchObject(error);
  });
});
