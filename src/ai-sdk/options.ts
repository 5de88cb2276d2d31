import type { Diagnostic, DispatchResult, EventName, HookEngine } from '../index.ts';
import { type SessionState, sessionState } from './session-state.ts';

/** Options every helper of `agent-hooks/ai-sdk` takes. */
export interface HookSessionOptions {
  /** The session the hooks see as `session_id` (default: the engine's). */
  sessionId?: string;
  /** Sent as `permission_mode` where Claude Code sends it (default `"default"`). */
  permissionMode?: string;
  /** Every dispatch result, e.g. to show `messages.toUser` or keep an audit trail. */
  onResult?: (result: DispatchResult) => void;
  /**
   * Findings about the wrapper's own work (a discarded rewrite, an unwrappable tool). Without
   * this callback they are emitted as Node process warnings, so none is silent.
   */
  onDiagnostic?: (diagnostic: Diagnostic) => void;
  /**
   * The subagent these dispatches run in: every payload gets its `agent_id` and `agent_type`, as
   * Claude Code sends them on a subagent's events (claude-code-hooks.md §3.1), so hooks scoped to
   * that agent fire and the main thread's do not see it as their own.
   */
  agent?: { id: string; type: string };
}

/** Claude Code sends `permission_mode` on these events (claude-code-observed.md "Payload facts"). */
const WITH_PERMISSION_MODE = new Set<EventName>([
  'UserPromptSubmit',
  'PreToolUse',
  'PostToolUse',
  'PostToolUseFailure',
  'PermissionRequest',
  'Stop',
]);

/** Events without `prompt_id` even after a prompt (claude-code-observed.md "Payload facts"). */
const WITHOUT_PROMPT_ID = new Set<EventName>(['SessionStart', 'Setup', 'InstructionsLoaded']);

/** Binds an engine and a session: dispatches with the session's common fields and reports. */
export interface HookSession {
  readonly engine: HookEngine;
  readonly sessionId: string;
  readonly state: SessionState;
  dispatch(
    event: EventName,
    input: Record<string, unknown>,
    extra?: { signal?: AbortSignal; messages?: readonly unknown[] },
  ): Promise<DispatchResult>;
  report(diagnostic: Diagnostic): void;
}

export function hookSession(engine: HookEngine, options: HookSessionOptions = {}): HookSession {
  const sessionId = options.sessionId ?? engine.sessionId;
  const state = sessionState(engine, sessionId);
  const report = (found: Diagnostic): void => {
    if (options.onDiagnostic) options.onDiagnostic(found);
    else process.emitWarning(found.message, { code: found.code });
  };
  return {
    engine,
    sessionId,
    state,
    report,
    async dispatch(event, input, extra = {}) {
      const payload: Record<string, unknown> = {};
      if (state.promptId !== undefined && !WITHOUT_PROMPT_ID.has(event)) payload.prompt_id = state.promptId;
      if (WITH_PERMISSION_MODE.has(event)) payload.permission_mode = options.permissionMode ?? 'default';
      if (options.agent)
        Object.assign(payload, { agent_id: options.agent.id, agent_type: options.agent.type });
      Object.assign(payload, input);
      const result = await engine.dispatch(event, payload, {
        sessionId,
        ...(extra.signal ? { signal: extra.signal } : {}),
        ...(extra.messages ? { messages: extra.messages } : {}),
      });
      options.onResult?.(result);
      return result;
    },
  };
}
