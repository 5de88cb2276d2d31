import { type DispatchResult, isHookError } from '../index.ts';
import { monotonicMs } from '../model/clock.ts';
import { isFinal, unanswerable } from './answerable.ts';
import { auditRow, type DispatchContext, type DispatchStatus, newDispatchId } from './audit/record.ts';
import type { DispatchScope, ServerContext } from './context.ts';
import { BadHostRequest, HOST_FORMATS, type HostFormat, type HostRequest } from './host-formats/index.ts';
import { abortSettleMs, answerDeadlineMs, earlyDeadlineMs } from './limits.ts';
import { hooksMissing } from './team-health.ts';
import type { TenantEngine } from './tenants.ts';

/** One `POST /hooks/<host>/<event>` as the routes hand it over. */
export interface HookRequest {
  host: string;
  pathEvent?: string;
  authorization?: string | null;
  /** `X-Agent-Hooks-Machine`, else the peer address. */
  machine: string | null;
  body: string;
  /** The `timeout` query parameter (seconds), mirroring the hook's own `timeout`. */
  timeout?: string;
}

export interface HookAnswer {
  status: number;
  json?: Record<string, unknown>;
  text?: string;
  dispatchId?: string;
  /** Ask the client to close the connection (shutdown), so kept-alive connections end. */
  closeConnection?: boolean;
}

const DEADLINE = Symbol('deadline');

function failure(status: number, text: string, dispatchId?: string): HookAnswer {
  return { status, text: `agent-hooks: ${text}\n`, ...(dispatchId ? { dispatchId } : {}) };
}

/**
 * Authenticates, runs the team's hooks with the calling host's semantics and answers in that
 * host's format. Every failure is a non-2xx answer, which each host treats as a failed HTTP
 * hook (claude-code-hooks.md §3.3; other-agents-hooks.md §1.5), and it comes before the host's
 * own timeout. Every request that reached a team is in the audit, whatever its answer.
 */
export function answerHookRequest(ctx: ServerContext, req: HookRequest): Promise<HookAnswer> {
  if (ctx.closing)
    return Promise.resolve({
      ...failure(503, 'the server is shutting down; no hook ran'),
      closeConnection: true,
    });
  // Tracked from the first moment, so a shutdown waits for it (and its audit row) to finish.
  const answer = authenticateAndRun(ctx, req);
  const tracked = answer.then(
    () => undefined,
    () => undefined,
  );
  ctx.inFlight.add(tracked);
  void tracked.then(() => ctx.inFlight.delete(tracked));
  return answer;
}

async function authenticateAndRun(ctx: ServerContext, req: HookRequest): Promise<HookAnswer> {
  const receivedMs = monotonicMs();
  const format = HOST_FORMATS.get(req.host);
  if (!format) return failure(404, `unknown host "${req.host}"; use claude-code or copilot-cli`);
  let team: string | undefined;
  try {
    const budgetMs = earlyDeadlineMs(format, req.pathEvent, req.timeout);
    team = ctx.anonymousTeam ?? (await ctx.tokens.teamOf(req.authorization, budgetMs));
  } catch (error) {
    // No team yet, so no audit row: the log has SERVER_TOKEN_LOOKUP_FAILED (token-lookup.ts).
    return failure(503, `${describe(error)}; no hook ran`);
  }
  if (!team) return failure(401, 'missing or unknown bearer token; no hook ran');
  if (!ctx.config().teams.has(team))
    return failure(403, `team "${team}" is not configured on this server; no hook ran`);
  if (ctx.writer.full) return failure(503, 'the audit backlog is full; no hook ran');
  const audit: DispatchContext = {
    id: newDispatchId(),
    startedMs: Date.now(),
    team,
    host: format.name,
    event: req.pathEvent ?? 'unknown',
    sessionId: null,
    machine: req.machine,
    tool: null,
    body: req.body,
    recordInput: ctx.config().teams.get(team)?.recordInput ?? false,
    configVersion: null,
    serverId: ctx.serverId,
  };
  const started = monotonicMs();
  const record = (status: DispatchStatus, result: DispatchResult | null, why?: string) =>
    recordDispatch(ctx, audit, status, result, monotonicMs() - started, why);
  let request: HostRequest;
  try {
    request = format.parse(req.pathEvent, JSON.parse(req.body));
  } catch (error) {
    const why =
      error instanceof BadHostRequest ? error.message : `the body is not JSON: ${(error as Error).message}`;
    record('bad-request', null, why);
    return failure(400, `${why}; no hook ran`, audit.id);
  }
  Object.assign(audit, { event: request.event, sessionId: request.sessionId, tool: request.tool });
  const entered = ctx.gate.tryEnter(team);
  if (!entered.ok) {
    const why = `too many dispatches at once (${entered.why})`;
    record('overloaded', null, why);
    return failure(503, `${why}; no hook ran`, audit.id);
  }
  return runDispatch(ctx, format, request, audit, { timeout: req.timeout, receivedMs }, record);
}

async function runDispatch(
  ctx: ServerContext,
  format: HostFormat,
  request: HostRequest,
  audit: DispatchContext,
  clock: { timeout: string | undefined; receivedMs: number },
  record: (status: DispatchStatus, result: DispatchResult | null, why?: string) => void,
): Promise<HookAnswer> {
  const controller = new AbortController();
  const scope: DispatchScope = { id: audit.id, team: audit.team, host: audit.host, machine: audit.machine };
  const dispatch = () => dispatchOnce(ctx, format, request, audit, controller.signal);
  // The scope labels telemetry for the live inspector; AsyncLocalStorage costs every promise a
  // hook on Node 20, so it is only used while someone watches.
  const settled = (ctx.live.clients > 0 ? ctx.scope.run(scope, dispatch) : dispatch()).then(
    (result) => ({ result }) as const,
    (error: unknown) => ({ error }) as const,
  );
  let timer: NodeJS.Timeout | undefined;
  let timedOut = false;
  const deadlineMs = answerDeadlineMs(format.defaultTimeoutMs(request.event), clock.timeout);
  const deadlineText = `the hooks did not finish within ${Math.round(deadlineMs)} ms (the host's timeout less a margin)`;
  // The host's clock started before the token lookup: what that took is gone from the hooks' time.
  const leftMs = Math.max(1, deadlineMs - (monotonicMs() - clock.receivedMs));
  const deadline = new Promise<typeof DEADLINE>((resolve) => {
    timer = setTimeout(() => resolve(DEADLINE), leftMs);
  });
  let failed: { status: DispatchStatus; why: string } | undefined;
  let gaveUp = false;
  // The audit row is queued when the dispatch settles, even after a deadline answer went out.
  const done = settled.then((outcome) => {
    ctx.gate.leave(audit.team);
    if (!('result' in outcome)) return record(timedOut ? 'deadline' : 'error', null, describe(outcome.error));
    if (timedOut)
      return record(gaveUp || !isFinal(outcome.result) ? 'deadline' : 'ok', outcome.result, deadlineText);
    // As at the deadline: a deny or block that arrived stands, whatever was cancelled or missing.
    failed = isFinal(outcome.result) ? undefined : unanswerable(ctx, audit, outcome.result);
    record(failed?.status ?? 'ok', outcome.result, failed?.why);
  });
  ctx.inFlight.add(done);
  void done.finally(() => ctx.inFlight.delete(done));
  const winner = await Promise.race([settled, deadline]);
  clearTimeout(timer);
  if (winner === DEADLINE) {
    timedOut = true;
    controller.abort(new Error(deadlineText));
    // The cancelled hooks count as timed out, which contributes nothing (claude-code-hooks.md
    // §3.3: a non-blocking error; other-agents-hooks.md §1.5: fail-open), so a deny or block
    // from the hooks that finished is what the host itself would do, and stricter than a 504.
    const late = await settlesWithin(
      settled,
      abortSettleMs(format.defaultTimeoutMs(request.event), clock.timeout),
    );
    if (late && 'result' in late && isFinal(late.result))
      return { status: 200, json: format.render(late.result), dispatchId: audit.id };
    gaveUp = true;
    return failure(504, `${deadlineText}; the host treats this as a failed hook`, audit.id);
  }
  await done;
  if ('error' in winner) return failure(500, `the dispatch failed: ${describe(winner.error)}`, audit.id);
  if (failed) return failure(503, `${failed.why}; the host treats this as a failed hook`, audit.id);
  return { status: 200, json: format.render(winner.result), dispatchId: audit.id };
}

/**
 * Dispatches on the team's engine. A reload closes a replaced engine only after its running
 * dispatches; one closed between lookup and dispatch (ENGINE_CLOSED) is replaced once.
 */
async function dispatchOnce(
  ctx: ServerContext,
  format: HostFormat,
  request: HostRequest,
  audit: DispatchContext,
  signal: AbortSignal,
): Promise<DispatchResult> {
  for (let attempt = 0; ; attempt++) {
    const pending = ctx.tenants.get(audit.team, format.profile);
    if (!pending) throw new Error('the server is shutting down');
    const tenant: TenantEngine = await pending;
    audit.configVersion = tenant.version;
    const missing = hooksMissing(tenant.team);
    audit.diagnostics = missing ? [missing] : undefined;
    try {
      return await ctx.tenants.dispatch(tenant, (engine) =>
        engine.dispatch(request.event, request.input, { signal, ...sessionOf(request, audit) }),
      );
    } catch (error) {
      if (attempt > 0 || !isHookError(error) || error.code !== 'ENGINE_CLOSED') throw error;
    }
  }
}

/**
 * A request without a session id is a session of its own. Sharing one per team made one client's
 * state another's: a `once` hook one client ran never ran for the next, and the Stop-block count
 * of all such clients added up, so after eight blocks the Stop guard let every client stop.
 */
function sessionOf(request: HostRequest, audit: DispatchContext): { sessionId?: string } {
  return request.sessionId ? {} : { sessionId: `${SESSIONLESS_PREFIX}${audit.id}` };
}

/** The session id of a request that names none, before its dispatch id. */
const SESSIONLESS_PREFIX = 'no-session-';

/** What `promise` settled with within `ms`, else undefined. */
async function settlesWithin<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), ms);
  });
  const settled = await Promise.race([promise, late]);
  clearTimeout(timer);
  return settled;
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function recordDispatch(
  ctx: ServerContext,
  audit: DispatchContext,
  status: DispatchStatus,
  result: DispatchResult | null,
  durationMs: number,
  why?: string,
): void {
  const row = auditRow(audit, status, result, durationMs, why);
  ctx.writer.add(row);
  ctx.live.publish(row);
  const m = ctx.metrics;
  m.dispatches.inc({
    team: audit.team,
    host: audit.host,
    event: audit.event,
    decision: result?.decision ?? (status === 'ok' ? 'none' : status),
  });
  m.dispatchSeconds.observe({ host: audit.host }, durationMs / 1000);
  for (const hook of result?.hooks ?? []) {
    m.hookRuns.inc({ team: audit.team, type: hook.type, outcome: hook.outcome });
    m.hookSeconds.observe({ type: hook.type }, hook.durationMs / 1000);
  }
}
