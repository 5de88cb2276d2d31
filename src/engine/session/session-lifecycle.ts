// The session-scoped parts of a dispatch: in-memory session hooks, retiring spent ones, Copilot
// sessionStart prompts.

import { type Diagnostic, diagnostic } from '../../errors.ts';
import type { EventName } from '../../model/event-name.ts';
import type { NormalizedHandler } from '../../model/handler.ts';
import type { EngineContext } from '../context.ts';
import type { DispatchResult, SkippedReport } from '../dispatch/result.ts';
import { type PlannedHandler, planHandler } from '../plan/build-index.ts';
import type { RunItem } from '../run/run-entry.ts';

/** Session hooks are planned once per store version, not on every dispatch. */
export function withSessionHooks(
  ctx: EngineContext,
  sessionId: string,
  event: EventName,
  configured: readonly PlannedHandler[],
): readonly PlannedHandler[] {
  let bySession = ctx.planCache.get(sessionId);
  if (!bySession) {
    bySession = new Map();
    ctx.planCache.set(sessionId, bySession);
  }
  const cached = bySession.get(event);
  if (cached && cached.version === ctx.sessionHooks.version && cached.configured === configured)
    return cached.planned;
  const notes: Diagnostic[] = [];
  const session = ctx.sessionHooks
    .hooksFor(sessionId, event)
    .map((handler, i) => planHandler(handler, configured.length + i, ctx.profile, notes));
  const planned = [...configured, ...session];
  bySession.set(event, { version: ctx.sessionHooks.version, configured, planned });
  return planned;
}

/**
 * Skill hooks with `once` go after their first successful run; an agent's hooks go when its
 * subagent stops (claude-code-hooks.md §4.1, §4.8).
 */
export function retireSessionHooks(
  ctx: EngineContext,
  event: EventName,
  input: Record<string, unknown>,
  items: RunItem[],
  sessionId: string,
  keptRunning: boolean,
): void {
  let spent: NormalizedHandler[] | undefined;
  for (const item of items) {
    const { handler } = item;
    if (handler.once && handler.source.scope === 'session' && item.interpretation.outcome === 'success') {
      spent ??= [];
      spent.push(handler);
    }
  }
  if (spent) ctx.sessionHooks.removeWhere(sessionId, (hook) => spent.includes(hook));
  if (
    event === 'SubagentStop' &&
    !keptRunning &&
    typeof input.agent_id === 'string' &&
    ctx.sessionHooks.hasAny(sessionId)
  ) {
    const agentId = input.agent_id;
    ctx.sessionHooks.removeWhere(sessionId, (hook) => ctx.sessionHooks.subagentOf(hook) === agentId);
  }
}

/**
 * An agent's frontmatter hooks registered for one subagent fire only for inputs carrying that
 * subagent's `agent_id` (claude-code-hooks.md §4.8: they are scoped to the component's lifetime);
 * every one left out is reported with the reason.
 */
export function scopeToSubagent(
  ctx: EngineContext,
  input: Record<string, unknown>,
  plan: { selected: PlannedHandler[]; skipped: SkippedReport[] },
): { selected: PlannedHandler[]; skipped: SkippedReport[] } {
  const agentId = typeof input.agent_id === 'string' ? input.agent_id : undefined;
  const selected: PlannedHandler[] = [];
  const skipped = [...plan.skipped];
  for (const entry of plan.selected) {
    const owner = ctx.sessionHooks.subagentOf(entry.handler);
    if (owner === undefined || owner === agentId) {
      selected.push(entry);
      continue;
    }
    const from = agentId === undefined ? 'the main thread' : `subagent ${agentId}`;
    skipped.push({
      source: entry.handler.source,
      why: `registered for subagent ${owner}; this input is from ${from}`,
    });
  }
  return { selected, skipped };
}

/** Copilot `prompt` entries: only for new interactive sessions (seed 003; other-agents-hooks.md §1.1). */
export function sessionStartPrompts(ctx: EngineContext, input: Record<string, unknown>): string[] {
  if (ctx.snapshot.prompts.length === 0) return [];
  const source = input.source;
  if (source === 'resume' || !ctx.options.interactive) return [];
  return ctx.snapshot.prompts.map((entry) => entry.prompt);
}

/**
 * What reading each session hook that ran said at registration (addSessionHook; under the vscode
 * profile VS Code's CONFIG_UNSUPPORTED_BY_HOST notes: `async` ignored and the hook waited for, `if`
 * not read, …), in the result's diagnostics with its code and severity, and a warning among the
 * hook's: a session hook has no file for `validate` or `list` to show these for.
 */
export function sayRegistrationNotes(
  ctx: EngineContext,
  event: EventName,
  items: readonly RunItem[],
  result: DispatchResult,
): void {
  for (const item of items) {
    const notes = ctx.sessionHooks.notesOf(item.handler);
    if (notes === undefined) continue;
    const { file, pointer } = item.handler.source;
    for (const note of notes) {
      if (note.severity === 'warning') item.report.warnings.push(note.message);
      const message = `${event} hook ${item.label}: ${note.message}`;
      result.diagnostics.push(
        diagnostic(note.code, message, { severity: note.severity, event, file, pointer }),
      );
    }
  }
}
