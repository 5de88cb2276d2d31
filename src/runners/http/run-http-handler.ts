import { fetch } from 'undici';
import { monotonicMs } from '../../model/clock.ts';
import type { HttpHandler } from '../../model/handler.ts';
import { deadlineDiagnostic, startDeadline } from '../deadline.ts';
import { type HandlerRunner, type RunnerResult, type RunRequest, runnerResult } from '../types.ts';
import type { Connector, HostLookup } from './guarded-connector.ts';
import { createHttpAgents, type HttpAgents } from './http-agents.ts';
import { classifyResponse, failureFromError } from './http-outcome.ts';
import { type PreparedRequest, prepareRequest } from './http-request.ts';
import { HTTP_MAX_BODY_BYTES, readCappedBody } from './read-capped-body.ts';

export interface HttpRunnerOptions {
  /** Resolver for hostnames (all addresses). Default: `dns.lookup` with `all: true`. */
  lookup?: HostLookup;
  /** Opens the socket once the guard has vetted the address. Default: undici `buildConnector()`. */
  connector?: Connector;
  /** Environment for header interpolation, proxy variables and Copilot switches; default `request.env`. */
  env?: NodeJS.ProcessEnv;
  /** Response body cap in bytes; default {@link HTTP_MAX_BODY_BYTES}. */
  maxBodyBytes?: number;
}

/** An HTTP runner; `close()` drops its pooled keep-alive connections and aborts requests in flight. */
export type HttpRunner = HandlerRunner<HttpHandler> & { close(): Promise<void> };

/**
 * Creates the `http` handler runner (claude-code-hooks.md §4.3, §3.3). Checks run before any
 * I/O (see `prepareRequest`); then the payload is POSTed through an undici `Agent` whose connect
 * step is the SSRF guard (bypassed only when a proxy applies). Redirects are never followed and
 * the body is capped; a JSON body is returned as the hook's output object.
 */
export function createHttpRunner(options: HttpRunnerOptions = {}): HttpRunner {
  const agents = createHttpAgents(options);
  const run = (request: RunRequest<HttpHandler>) => runHttp(request, options, agents);
  return Object.assign(run, { close: agents.close });
}

async function runHttp(
  request: RunRequest<HttpHandler>,
  options: HttpRunnerOptions,
  agents: HttpAgents,
): Promise<RunnerResult> {
  const started = monotonicMs();
  const result = (fields: Partial<RunnerResult>): RunnerResult =>
    runnerResult({ durationMs: Math.round(monotonicMs() - started), ...fields });
  if (request.signal.aborted) return result({ cancelled: true });
  const prepared = prepareRequest(request, options.env ?? request.env ?? process.env, agents);
  const diagnostics = prepared.diagnostics;
  const withDiagnostics = (fields: Partial<RunnerResult>): RunnerResult =>
    result({ ...fields, ...(diagnostics.length > 0 ? { diagnostics } : {}) });
  if ('refused' in prepared) return withDiagnostics({ failure: prepared.refused });
  const fields = await send(request, prepared, options.maxBodyBytes ?? HTTP_MAX_BODY_BYTES);
  return withDiagnostics({ ...fields, http: prepared.notes });
}

/** POSTs the payload under the run's deadline; every way it can end is a field of the result. */
async function send(
  request: RunRequest<HttpHandler>,
  prepared: PreparedRequest,
  maxBodyBytes: number,
): Promise<Partial<RunnerResult>> {
  const { url, headers, dispatcher, diagnostics } = prepared;
  const deadline = startDeadline(request.signal, request.timeoutMs);
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers,
      body: request.payloadJson,
      redirect: 'manual',
      signal: deadline.signal,
      dispatcher,
    });
    const body = await readCappedBody(response, maxBodyBytes);
    return classifyResponse(response, body, maxBodyBytes);
  } catch (error) {
    const ended = deadlineDiagnostic(deadline, 'the HTTP hook', request.timeoutMs);
    if (ended) diagnostics.push(ended);
    if (deadline.timedOut) {
      return { timedOut: true, stderr: `HTTP hook timed out after ${request.timeoutMs} ms` };
    }
    if (deadline.cancelled) return { cancelled: true };
    return failureFromError(error, url);
  } finally {
    deadline.dispose();
    if (prepared.oneOff) void dispatcher.destroy().catch(() => undefined);
  }
}

/** The process-wide runner with real DNS and sockets. */
export const runHttpHandler: HttpRunner = createHttpRunner();
