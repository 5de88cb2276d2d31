import { describe, expect, it } from 'vitest';
import { renderPayload, VSCODE_COMMON_KEYS } from '../../src/events/payload.ts';

const NOW = new Date('2026-11-30T10:00:00.000Z');
const COMMON = { sessionId: 'sess-1', transcriptPath: '/t/sess-1.jsonl', cwd: '/repo', now: NOW };

const BASH_INPUT = { tool_name: 'Bash', tool_input: { command: 'npm test' }, tool_use_id: 'toolu_1' };

describe('claude dialect (claude-code-hooks.md §3.1)', () => {
  it('PreToolUse: common fields first, then the event fields', () => {
    const payload = renderPayload(
      'PreToolUse',
      { ...BASH_INPUT, permission_mode: 'default' },
      'claude',
      COMMON,
    );
    expect(payload).toEqual({
      session_id: 'sess-1',
      transcript_path: '/t/sess-1.jsonl',
      cwd: '/repo',
      permission_mode: 'default',
      hook_event_name: 'PreToolUse',
      ...BASH_INPUT,
    });
    expect(Object.keys(payload).slice(0, 5)).toEqual([
      'session_id',
      'transcript_path',
      'cwd',
      'permission_mode',
      'hook_event_name',
    ]);
  });

  it('input common fields win over the defaults; hook_event_name is always the event', () => {
    const payload = renderPayload(
      'SessionEnd',
      { reason: 'other', session_id: 'other', cwd: '/elsewhere', hook_event_name: 'Stop' },
      'claude',
      COMMON,
    );
    expect(payload).toEqual({
      session_id: 'other',
      transcript_path: '/t/sess-1.jsonl',
      cwd: '/elsewhere',
      hook_event_name: 'SessionEnd',
      reason: 'other',
    });
  });

  it('unknown fields pass through after the known ones', () => {
    const payload = renderPayload('Stop', { custom: 1, stop_hook_active: false }, 'claude', COMMON);
    expect(Object.keys(payload)).toEqual([
      'session_id',
      'transcript_path',
      'cwd',
      'hook_event_name',
      'stop_hook_active',
      'custom',
    ]);
  });

  it('UserPromptSubmit, SessionStart, ErrorOccurred carry their fields', () => {
    expect(renderPayload('UserPromptSubmit', { prompt: 'hi' }, 'claude', COMMON).prompt).toBe('hi');
    expect(renderPayload('SessionStart', { source: 'startup' }, 'claude', COMMON).source).toBe('startup');
    const error = { message: 'boom', name: 'Error' };
    expect(
      renderPayload('ErrorOccurred', { error, error_context: 'system', recoverable: true }, 'claude', COMMON),
    ).toMatchObject({ hook_event_name: 'ErrorOccurred', error, error_context: 'system', recoverable: true });
  });
});

describe('copilot dialect: camelCase key → camelCase payload (other-agents-hooks.md §1.3)', () => {
  const common = { sessionId: 'sess-1', timestamp: NOW.getTime(), cwd: '/repo' };

  it('preToolUse: runtime tool name, toolArgs object, epoch-ms timestamp', () => {
    const payload = renderPayload('PreToolUse', BASH_INPUT, 'copilot', COMMON);
    expect(payload).toEqual({
      ...common,
      toolName: 'bash',
      toolArgs: { command: 'npm test' },
      tool_use_id: 'toolu_1',
    });
    expect(typeof payload.timestamp).toBe('number');
  });

  it('postToolUse: toolResult {resultType, textResultForLlm}', () => {
    const payload = renderPayload(
      'PostToolUse',
      { tool_name: 'Read', tool_input: { file_path: '/a' }, tool_response: 'line 1' },
      'copilot',
      COMMON,
    );
    expect(payload).toEqual({
      ...common,
      toolName: 'view',
      toolArgs: { file_path: '/a' },
      toolResult: { resultType: 'success', textResultForLlm: 'line 1' },
    });
    const structured = renderPayload(
      'PostToolUse',
      { tool_name: 'Bash', tool_input: {}, tool_response: { stdout: 'x' } },
      'copilot',
      COMMON,
    );
    expect(structured.toolResult).toEqual({ resultType: 'success', textResultForLlm: '{"stdout":"x"}' });
  });

  it('userPromptSubmitted, sessionStart, sessionEnd', () => {
    expect(renderPayload('UserPromptSubmit', { prompt: 'hi' }, 'copilot', COMMON)).toEqual({
      ...common,
      prompt: 'hi',
    });
    expect(
      renderPayload('SessionStart', { source: 'startup', initial_prompt: 'go' }, 'copilot', COMMON),
    ).toEqual({
      ...common,
      source: 'startup',
      initialPrompt: 'go',
    });
    expect(renderPayload('SessionEnd', { reason: 'complete' }, 'copilot', COMMON)).toEqual({
      ...common,
      reason: 'complete',
    });
  });

  it('agentStop: transcriptPath, stopReason, stop_hook_active stays snake_case', () => {
    expect(renderPayload('Stop', { stop_hook_active: true }, 'copilot', COMMON)).toEqual({
      ...common,
      transcriptPath: '/t/sess-1.jsonl',
      stopReason: 'end_turn',
      stop_hook_active: true,
    });
  });

  it('errorOccurred: error object, errorContext, recoverable; a string error becomes the message', () => {
    expect(
      renderPayload(
        'ErrorOccurred',
        { error: 'boom', error_context: 'model_call', recoverable: false },
        'copilot',
        COMMON,
      ),
    ).toEqual({
      ...common,
      error: { message: 'boom', name: 'Error' },
      errorContext: 'model_call',
      recoverable: false,
    });
  });

  it('subagentStop, preCompact, postToolUseFailure, userPromptTransformed', () => {
    expect(
      renderPayload(
        'SubagentStop',
        { agent_id: 'a1', agent_type: 'explore', last_assistant_message: 'done', stop_hook_active: false },
        'copilot',
        COMMON,
      ),
    ).toEqual({
      ...common,
      transcriptPath: '/t/sess-1.jsonl',
      agentId: 'a1',
      agentType: 'explore',
      agentName: 'explore',
      response: 'done',
      stopReason: 'end_turn',
      stop_hook_active: false,
    });
    expect(
      renderPayload('PreCompact', { trigger: 'auto', custom_instructions: '' }, 'copilot', COMMON),
    ).toEqual({
      ...common,
      transcriptPath: '/t/sess-1.jsonl',
      trigger: 'auto',
      customInstructions: '',
    });
    expect(
      renderPayload(
        'PostToolUseFailure',
        { tool_name: 'Bash', tool_input: {}, error: 'Exit code 3' },
        'copilot',
        COMMON,
      ),
    ).toEqual({ ...common, toolName: 'bash', toolArgs: {}, error: 'Exit code 3' });
    expect(
      renderPayload('UserPromptTransformed', { prompt: 'p', transformed_prompt: 'tp' }, 'copilot', COMMON),
    ).toEqual({ ...common, prompt: 'p', transformedPrompt: 'tp' });
  });

  it('notification keeps its mixed casing', () => {
    const payload = renderPayload(
      'Notification',
      { message: 'm', notification_type: 'agent_idle' },
      'copilot',
      COMMON,
    );
    expect(payload).toEqual({
      ...common,
      hook_event_name: 'Notification',
      message: 'm',
      notification_type: 'agent_idle',
    });
  });
});

describe('copilot-compat dialect: PascalCase key → VS Code-compatible snake_case (§1.3)', () => {
  const common = {
    hook_event_name: 'PreToolUse',
    session_id: 'sess-1',
    timestamp: NOW.toISOString(),
    cwd: '/repo',
  };

  it('PreToolUse: Claude tool name, JSON-string toolArgs parsed, ISO timestamp', () => {
    const payload = renderPayload(
      'PreToolUse',
      { tool_name: 'bash', tool_input: '{"command":"ls"}' },
      'copilot-compat',
      COMMON,
    );
    expect(payload).toEqual({ ...common, tool_name: 'Bash', tool_input: { command: 'ls' } });
    expect(Object.keys(payload).slice(0, 4)).toEqual(['hook_event_name', 'session_id', 'timestamp', 'cwd']);
  });

  it('PostToolUse: tool_result {result_type, text_result_for_llm}', () => {
    expect(
      renderPayload(
        'PostToolUse',
        { tool_name: 'Bash', tool_input: { command: 'ls' }, tool_response: 'a\nb' },
        'copilot-compat',
        COMMON,
      ),
    ).toEqual({
      ...common,
      hook_event_name: 'PostToolUse',
      tool_name: 'Bash',
      tool_input: { command: 'ls' },
      tool_result: { result_type: 'success', text_result_for_llm: 'a\nb' },
    });
  });

  it('UserPromptSubmit, SessionStart, SessionEnd, Stop, ErrorOccurred', () => {
    const base = { session_id: 'sess-1', timestamp: NOW.toISOString(), cwd: '/repo' };
    expect(renderPayload('UserPromptSubmit', { prompt: 'hi' }, 'copilot-compat', COMMON)).toEqual({
      hook_event_name: 'UserPromptSubmit',
      ...base,
      prompt: 'hi',
    });
    expect(
      renderPayload('SessionStart', { source: 'new', initial_prompt: 'go' }, 'copilot-compat', COMMON),
    ).toEqual({
      hook_event_name: 'SessionStart',
      ...base,
      source: 'new',
      initial_prompt: 'go',
    });
    expect(renderPayload('SessionEnd', { reason: 'abort' }, 'copilot-compat', COMMON)).toEqual({
      hook_event_name: 'SessionEnd',
      ...base,
      reason: 'abort',
    });
    expect(renderPayload('Stop', { stop_hook_active: false }, 'copilot-compat', COMMON)).toEqual({
      hook_event_name: 'Stop',
      ...base,
      transcript_path: '/t/sess-1.jsonl',
      stop_reason: 'end_turn',
      stop_hook_active: false,
    });
    expect(
      renderPayload(
        'ErrorOccurred',
        {
          error: { message: 'x', name: 'TypeError', stack: 's' },
          error_context: 'system',
          recoverable: true,
        },
        'copilot-compat',
        COMMON,
      ),
    ).toEqual({
      hook_event_name: 'ErrorOccurred',
      ...base,
      error: { message: 'x', name: 'TypeError', stack: 's' },
      error_context: 'system',
      recoverable: true,
    });
  });

  it('SubagentStop: last_assistant_message carries the response', () => {
    const payload = renderPayload(
      'SubagentStop',
      { agent_id: 'a1', agent_type: 'explore', last_assistant_message: 'done' },
      'copilot-compat',
      COMMON,
    );
    expect(payload).toMatchObject({
      agent_name: 'explore',
      last_assistant_message: 'done',
      stop_reason: 'end_turn',
    });
  });
});

describe('vscode dialect (other-agents-hooks.md §2.5; seed 000 "common input fields")', () => {
  const common = {
    timestamp: NOW.toISOString(),
    session_id: 'sess-1',
    transcript_path: '/t/sess-1.jsonl',
    cwd: '/repo',
    sessionId: 'sess-1',
  };

  it("PreToolUse: the shipped names in the host's order, then the documented aliases", () => {
    const payload = renderPayload('PreToolUse', BASH_INPUT, 'vscode', COMMON);
    expect(payload).toEqual({
      ...common,
      hook_event_name: 'PreToolUse',
      hookEventName: 'PreToolUse',
      ...BASH_INPUT,
    });
    expect(Object.keys(payload).slice(0, 7)).toEqual([
      'timestamp',
      'hook_event_name',
      'session_id',
      'transcript_path',
      'cwd',
      'sessionId',
      'hookEventName',
    ]);
    expect(Object.keys(payload).slice(0, 7)).toEqual([...VSCODE_COMMON_KEYS]);
  });

  it('both spellings carry the same values, taken from the input where it has them', () => {
    const payload = renderPayload(
      'Stop',
      { stop_hook_active: false, session_id: 'from-host', hook_event_name: 'SubagentStop' },
      'vscode',
      COMMON,
    );
    expect(payload.session_id).toBe('from-host');
    expect(payload.sessionId).toBe('from-host');
    expect(payload.hook_event_name).toBe('Stop');
    expect(payload.hookEventName).toBe('Stop');
  });

  it('PostToolUse: tool_response is text', () => {
    const payload = renderPayload(
      'PostToolUse',
      { ...BASH_INPUT, tool_response: { stdout: 'ok' } },
      'vscode',
      COMMON,
    );
    expect(payload.tool_response).toBe('{"stdout":"ok"}');
  });

  it('SessionStart startup → source "new"; UserPromptSubmit; Stop', () => {
    expect(renderPayload('SessionStart', { source: 'startup' }, 'vscode', COMMON)).toEqual({
      ...common,
      hook_event_name: 'SessionStart',
      hookEventName: 'SessionStart',
      source: 'new',
    });
    expect(renderPayload('UserPromptSubmit', { prompt: 'hi' }, 'vscode', COMMON)).toEqual({
      ...common,
      hook_event_name: 'UserPromptSubmit',
      hookEventName: 'UserPromptSubmit',
      prompt: 'hi',
    });
    expect(renderPayload('Stop', { stop_hook_active: false }, 'vscode', COMMON)).toEqual({
      ...common,
      hook_event_name: 'Stop',
      hookEventName: 'Stop',
      stop_hook_active: false,
    });
  });
});
