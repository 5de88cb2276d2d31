import type { Server } from 'node:http';
import type { AuditWriter, DrainResult } from './audit/writer.ts';
import type { ServerContext } from './context.ts';

/** Kubernetes' default terminationGracePeriodSeconds: the SIGKILL comes this long after SIGTERM. */
const DEFAULT_SHUTDOWN_GRACE_MS = 30_000;
/** Kept back from the grace period for logging and exiting: a tenth of it, at most this. */
const MARGIN_MAX_MS = 2_000;
const MARGIN_SHARE = 0.1;
/**
 * The end of the budget is kept for, from last to first: closing the audit database, draining
 * the audit queue (a stalled database holds it to its deadline, then the rest is spilled), and
 * letting cancelled hooks report. Each a share of the budget, at most its cap; running
 * dispatches get what is left.
 */
const CLOSE_AUDIT = { share: 0.1, maxMs: 2_000 };
const DRAIN = { share: 0.2, maxMs: 6_000 };
const CANCEL_SETTLE = { share: 0.1, maxMs: 3_000 };

/** When each step of the shutdown must end, all from one start (ms since the epoch). */
interface ShutdownDeadlines {
  cancelAt: number;
  settledBy: number;
  drainedBy: number;
  closedBy: number;
}

/** Splits `graceMs` less the margin, so the whole shutdown ends before the supervisor's SIGKILL. */
function shutdownDeadlines(startMs: number, graceMs: number): ShutdownDeadlines {
  const budget = graceMs - Math.min(MARGIN_MAX_MS, graceMs * MARGIN_SHARE);
  const part = (step: { share: number; maxMs: number }) => Math.min(step.maxMs, budget * step.share);
  const closedBy = startMs + budget;
  const drainedBy = closedBy - part(CLOSE_AUDIT);
  const settledBy = drainedBy - part(DRAIN);
  return { cancelAt: settledBy - part(CANCEL_SETTLE), settledBy, drainedBy, closedBy };
}

/** What a running server must stop, in order. */
export interface ShutdownParts {
  ctx: ServerContext;
  server: Server;
  writer: AuditWriter;
  /** Closes the audit database (and the writer's worker) once the writer has drained. */
  closeAudit: () => Promise<void>;
  /** Stops the timers and file watchers that would keep the process alive. */
  stopBackground: () => void;
  graceMs: number | undefined;
  log: (line: string) => void;
}

/**
 * Stops accepting requests, lets running dispatches finish (cancelling their hooks after the
 * grace period), writes every audit record (SIGTERM drains), then closes the database.
 */
export async function shutdownServer(parts: ShutdownParts): Promise<DrainResult> {
  const { ctx, server, writer, log } = parts;
  const by = shutdownDeadlines(Date.now(), parts.graceMs ?? DEFAULT_SHUTDOWN_GRACE_MS);
  ctx.closing = true;
  parts.stopBackground();
  const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  ctx.live.closeAll();
  if (!(await settleAll(ctx.inFlight, by.cancelAt))) {
    log('shutdown: dispatches still running at their share of the shutdown budget; cancelling their hooks');
  }
  // Closing the engines kills their hooks; a hook that will not die must not hold the rest.
  await settleWithin([ctx.tenants.close()], by.settledBy - Date.now());
  await settleAll(ctx.inFlight, by.settledBy);
  const drained = await writer.drain(by.drainedBy);
  if (drained.spilled > 0)
    log(
      `SERVER_AUDIT_SPILLED: ${drained.spilled} audit records could not be written to ${ctx.store.location}; they are in ${drained.spillFile} (import them with agent-hooks audit --import)`,
    );
  server.closeAllConnections();
  await stopped;
  // A connection stalled inside a query is never given back, so closing the pool would wait
  // for ever; every record is written or spilled by now, so stop waiting after a while.
  if (!(await settleWithin([parts.closeAudit()], by.closedBy - Date.now())))
    log('shutdown: the audit database did not close within the shutdown budget; leaving it');
  reportUnrecorded(ctx, writer, log);
  return drained;
}

/**
 * Dispatches still running when the budget ran out (their record is made when they end) and
 * records queued after the drain are neither written nor spilled: the process exits now.
 */
function reportUnrecorded(ctx: ServerContext, writer: AuditWriter, log: (line: string) => void): void {
  const lost = ctx.gate.running + writer.pending;
  if (lost > 0)
    log(
      `SERVER_AUDIT_LOST: the shutdown budget ran out with ${lost} audit record${lost === 1 ? '' : 's'} neither written nor spilled (${ctx.gate.running} dispatch${ctx.gate.running === 1 ? '' : 'es'} still running)`,
    );
}

/** Waits until `pending` is empty (entries may be added meanwhile); false at `deadline` (epoch ms). */
async function settleAll(pending: Set<Promise<void>>, deadline: number): Promise<boolean> {
  while (pending.size > 0) {
    const left = deadline - Date.now();
    if (left <= 0 || !(await settleWithin([...pending], left))) return pending.size === 0;
  }
  return true;
}

/** Whether every promise settled within `ms`. */
async function settleWithin(promises: Promise<unknown>[], ms: number): Promise<boolean> {
  if (promises.length === 0) return true;
  if (ms <= 0) return false;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  const all = Promise.allSettled(promises).then(() => true as const);
  const settled = await Promise.race([all, timeout]);
  clearTimeout(timer);
  return settled;
}
