// The session events around an AI SDK agent loop: SessionStart, SessionEnd, PreCompact,
// PostCompact and Notification (claude-code-hooks.md §2.1, §2.13, §2.27, §2.28, §2.33).
import type { DispatchResult, HookEngine } from '../index.ts';
import { type HookSessionOptions, hookSession } from './options.ts';
import { dropSessionState } from './session-state.ts';

export interface SessionStartOutcome {
  /**
   * Texts for the model as Claude Code words them (`SessionStart:startup hook success: …`,
   * `SessionStart hook additional context: …`); Claude Code puts them first in the system prompt.
   */
  context: string[];
  /** `context` joined, ready for the `system` option, or undefined when there is none. */
  system: string | undefined;
  /** `export` lines the hooks wrote to `CLAUDE_ENV_FILE`: give them to later shell tool calls. */
  envExports: Record<string, string>;
  result: DispatchResult;
}

export async function onSessionStart(
  engine: HookEngine,
  options: HookSessionOptions & {
    source?: 'startup' | 'resume' | 'clear' | 'compact' | 'fork';
    model?: string;
  } = {},
): Promise<SessionStartOutcome> {
  const result = await hookSession(engine, options).dispatch('SessionStart', {
    source: options.source ?? 'startup',
    ...(options.model !== undefined ? { model: options.model } : {}),
  });
  const context = result.messages.toModel;
  return {
    context,
    system: context.length > 0 ? context.join('\n') : undefined,
    envExports: result.envExports,
    result,
  };
}

/** Dispatches SessionEnd and forgets the session's loop state. */
export async function onSessionEnd(
  engine: HookEngine,
  options: HookSessionOptions & {
    reason?: 'clear' | 'resume' | 'logout' | 'prompt_input_exit' | 'other';
  } = {},
): Promise<DispatchResult> {
  const session = hookSession(engine, options);
  const result = await session.dispatch('SessionEnd', { reason: options.reason ?? 'other' });
  dropSessionState(engine, session.sessionId);
  return result;
}

export interface PreCompactOutcome {
  /** A hook blocked the compaction: keep the history as it is. */
  blocked: boolean;
  reason: string | null;
  result: DispatchResult;
}

/** Dispatches PreCompact before the host summarises the history. */
export async function onPreCompact(
  engine: HookEngine,
  options: HookSessionOptions & { trigger?: 'manual' | 'auto'; customInstructions?: string | null } = {},
): Promise<PreCompactOutcome> {
  const result = await hookSession(engine, options).dispatch('PreCompact', {
    trigger: options.trigger ?? 'auto',
    custom_instructions: options.customInstructions ?? null,
  });
  return { blocked: result.decision === 'block', reason: result.reason, result };
}

/** Dispatches PostCompact with the summary the host made. */
export function onPostCompact(
  engine: HookEngine,
  options: HookSessionOptions & { trigger?: 'manual' | 'auto'; compactSummary: string },
): Promise<DispatchResult> {
  return hookSession(engine, options).dispatch('PostCompact', {
    trigger: options.trigger ?? 'auto',
    compact_summary: options.compactSummary,
  });
}

/** Dispatches Notification (e.g. `permission_prompt` while the host waits for the person). */
export function onNotification(
  engine: HookEngine,
  options: HookSessionOptions & { message: string; notificationType: string; title?: string },
): Promise<DispatchResult> {
  return hookSession(engine, options).dispatch('Notification', {
    message: options.message,
    notification_type: options.notificationType,
    ...(options.title !== undefined ? { title: options.title } : {}),
  });
}
