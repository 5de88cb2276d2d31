import { hash, randomUUID } from 'node:crypto';
import type { DispatchResult } from '../../index.ts';
import type { DispatchRow } from './schema.ts';

/** Who asked and what for, known before the hooks run. */
export interface DispatchContext {
  id: string;
  startedMs: number;
  team: string;
  host: string;
  event: string;
  sessionId: string | null;
  machine: string | null;
  tool: string | null;
  /** The raw request body (digested always, stored only with `recordInput`). */
  body: string;
  recordInput: boolean;
  configVersion: string | null;
  serverId: string;
  /** Coded problems of the team's configuration while this dispatch ran (SERVER_TEAM_HOOKS_MISSING). */
  diagnostics?: string[];
}

export type DispatchStatus = 'ok' | 'deadline' | 'cancelled' | 'error' | 'overloaded' | 'bad-request';

export function newDispatchId(): string {
  return randomUUID();
}

/** SHA-256 hex; the one-shot `crypto.hash` (Node ≥ 20.12) costs about a third of a Hash object. */
export function digest(text: string): string {
  return hash('sha256', text, 'hex');
}

/** PostgreSQL text cannot hold NUL; a hook's output or a malformed body may. */
function text(value: string): string;
function text(value: string | null): string | null;
function text(value: string | null): string | null {
  return value === null || !value.includes('\u0000') ? value : value.replace(/\u0000/g, '\uFFFD');
}

/** The audit row for one dispatch; `result` is null when the host got a failure answer. */
export function auditRow(
  ctx: DispatchContext,
  status: DispatchStatus,
  result: DispatchResult | null,
  durationMs: number,
  failure?: string,
): DispatchRow {
  return {
    id: ctx.id,
    time_ms: ctx.startedMs,
    team: ctx.team,
    host: ctx.host,
    session_id: text(ctx.sessionId),
    machine: text(ctx.machine),
    event: text(ctx.event),
    tool: text(ctx.tool),
    input_digest: digest(ctx.body),
    input: ctx.recordInput ? text(ctx.body) : null,
    status,
    decision: result?.decision ?? null,
    reason: text(result?.reason ?? failure ?? null),
    duration_ms: Math.round(durationMs * 1000) / 1000,
    hooks: JSON.stringify(result ? hookSummaries(result) : []),
    texts: JSON.stringify({
      ...(result ? textsOf(result) : {}),
      ...(ctx.diagnostics?.length ? { diagnostics: ctx.diagnostics } : {}),
    }),
    config_version: ctx.configVersion,
    server_id: ctx.serverId,
  };
}

/** Each hook's outcome without its raw output (output may hold secrets; the input digest does not). */
function hookSummaries(result: DispatchResult) {
  return result.hooks.map((hook) => ({
    source: { file: hook.source.file, pointer: hook.source.pointer, scope: hook.source.scope },
    type: hook.type,
    label: hook.label,
    outcome: hook.outcome,
    exitCode: hook.exitCode,
    durationMs: hook.durationMs,
    effect: hook.effect,
  }));
}

/** The texts the decision produced, as the host would show them. */
function textsOf(result: DispatchResult) {
  return {
    toModel: result.messages.toModel,
    toUser: result.messages.toUser,
    additionalContext: result.additionalContext,
    systemMessages: result.systemMessages,
    ...(result.continue ? {} : { stopReason: result.stopReason ?? '' }),
    ...(result.skipped.length > 0 ? { skipped: result.skipped.map((s) => s.why) } : {}),
  };
}
