import type { Server } from 'node:http';
import type { AuditWriter, DrainResult } from './audit/writer.ts';
import type { ServerContext } from './context.ts';

const DEFAULT_SHUTDOWN_GRACE_MS = 30_000;
/** After the grace period, cancelled hooks get this long to report before the audit is drained. */
const CANCEL_SETTLE_MS = 10_000;
const DRAIN_DEADLINE_MS = 30_000;
const CLOSE_AUDIT_DEADLINE_MS = 5_000;

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
  ctx.closing = true;
  parts.stopBackground();
  const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  ctx.live.closeAll();
  const grace = parts.graceMs ?? DEFAULT_SHUTDOWN_GRACE_MS;
  if (!(await settleAll(ctx.inFlight, grace))) {
    log(`shutdown: dispatches still running after ${grace} ms; cancelling their hooks`);
  }
  await ctx.tenants.close();
  await settleAll(ctx.inFlight, CANCEL_SETTLE_MS);
  const drained = await writer.drain(Date.now() + DRAIN_DEADLINE_MS);
  if (drained.spilled > 0)
    log(
      `SERVER_AUDIT_SPILLED: ${drained.spilled} audit records could not be written to ${ctx.store.location}; they are in ${drained.spillFile} (import them with agent-hooks audit --import)`,
    );
  server.closeAllConnections();
  await stopped;
  // A connection stalled inside a query is never given back, so closing the pool would wait
  // for ever; every record is written or spilled by now, so stop waiting after a while.
  if (!(await settleWithin([parts.closeAudit()], CLOSE_AUDIT_DEADLINE_MS)))
    log(`shutdown: the audit database did not close within ${CLOSE_AUDIT_DEADLINE_MS} ms; leaving it`);
  return drained;
}

/** Waits until `pending` is empty (entries may be added meanwhile); false after `ms`. */
async function settleAll(pending: Set<Promise<void>>, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (pending.size > 0) {
    const left = deadline - Date.now();
    if (left <= 0 || !(await settleWithin([...pending], left))) return pending.size === 0;
  }
  return true;
}

/** Whether every promise settled within `ms`. */
async function settleWithin(promises: Promise<unknown>[], ms: number): Promise<boolean> {
  if (promises.length === 0) return true;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  const all = Promise.allSettled(promises).then(() => true as const);
  const settled = await Promise.race([all, timeout]);
  clearTimeout(timer);
  return settled;
}
