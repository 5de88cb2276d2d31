// Passes every JSON-RPC message between the client (upstream) and the real server (downstream),
// and runs the hooks on the two exchanges that have them: `tools/call` and `elicitation/create`.

import { randomUUID } from 'node:crypto';
import type { Transport } from '@modelcontextprotocol/client';
import { isRecord } from '../events/payload-values.ts';
import { monotonicMs } from '../model/clock.ts';
import { afterElicitation, beforeElicitation } from './elicitation-hooks.ts';
import {
  type ErrorResponse,
  errorResponse,
  INTERNAL_ERROR,
  idKey,
  isRequest,
  isResponse,
  METHOD_NOT_FOUND,
  type Message,
  type Request,
  type Result,
  result,
  toolError,
} from './jsonrpc.ts';
import { TaskCalls, withoutImmediateResponse } from './tasks.ts';
import {
  afterCall,
  beforeCall,
  checkResult,
  type PendingCall,
  type ProxyContext,
  type ToolCall,
  type Verdict,
} from './tool-hooks.ts';

export class Relay {
  readonly #ctx: ProxyContext;
  readonly #upstream: Transport;
  readonly #downstream: Transport & { setProtocolVersion?: (version: string) => void };
  /** tools/call requests waiting for the server's answer. */
  readonly #calls = new Map<string, PendingCall>();
  /** Task-augmented tools/call requests answered with a task, and the client's tasks/result requests. */
  readonly #tasks: TaskCalls;
  /** tools/call requests still in PreToolUse, cancellable by the client. */
  readonly #screening = new Map<string, AbortController>();
  /**
   * The client's requests the server was given and has not answered. A response for any other id
   * is dropped: a server that answered a tools/call it was never sent (ids are counters, easy to
   * guess) while its PreToolUse hooks ran would put its text before the model as the tool's
   * result, past a deny and past the PostToolUse hooks.
   */
  readonly #sentToServer = new Set<string>();
  /** elicitation/create requests waiting for the user's answer. */
  readonly #elicitations = new Map<string, Record<string, unknown>>();
  #initializeId: string | undefined;

  constructor(ctx: ProxyContext, upstream: Transport, downstream: Transport) {
    this.#ctx = ctx;
    this.#upstream = upstream;
    this.#downstream = downstream;
    this.#tasks = new TaskCalls(ctx);
    upstream.onmessage = (message) => this.#fromClient(message);
    downstream.onmessage = (message) => this.#fromServer(message);
  }

  #fromClient(message: Message): void {
    if (isRequest(message)) {
      if (message.method === 'tools/call') return void this.#toolCall(message);
      if (message.method === 'initialize') this.#initializeId = idKey(message.id);
      if (message.method === 'tasks/result') this.#tasks.fetching(idKey(message.id), message.params?.taskId);
      // The 2026-07-28 handshake would carry elicitations inside results, out of the hooks' sight:
      // answering "method not found" makes clients fall back to `initialize` (2025 handshake).
      if (message.method === 'server/discover') {
        return void this.#reply(
          errorResponse(message.id, METHOD_NOT_FOUND, 'server/discover is not supported by this proxy'),
        );
      }
    } else if (isResponse(message)) {
      const params = this.#elicitations.get(idKey(message.id));
      if (params) return void this.#elicitationAnswered(message, params);
    } else if ('method' in message && message.method === 'notifications/cancelled') {
      const requestId = (message.params as { requestId?: string | number } | undefined)?.requestId;
      if (requestId !== undefined) {
        this.#screening.get(idKey(requestId))?.abort();
        // A cancelled request gets no answer (MCP cancellation), so nothing waits for one.
        this.#calls.delete(idKey(requestId));
        this.#tasks.cancelled(idKey(requestId));
      }
    }
    void this.#forward(message);
  }

  #fromServer(message: Message): void {
    if (isResponse(message)) {
      const key = idKey(message.id);
      if (!this.#sentToServer.delete(key)) {
        this.#ctx.log(
          `MCP_PROXY_UNEXPECTED_RESPONSE: the server answered request ${JSON.stringify(message.id)}, which it was not sent or had answered already; the answer was dropped`,
        );
        return;
      }
      const pending = this.#calls.get(key);
      if (pending) return void this.#toolCallAnswered(message, pending, key);
      // The result of a task-augmented call: the hooks of its call run on it (tasks.ts).
      const fetched = this.#tasks.answered(key);
      if (fetched?.pending) return void this.#deliver(message, fetched.pending);
      if (fetched) return void this.#reply(this.#tasks.unknown(message, fetched.taskId) as Message);
      if (key === this.#initializeId && 'result' in message) {
        // The HTTP transport sends the negotiated version as a header on later requests.
        const version = (message.result as { protocolVersion?: unknown }).protocolVersion;
        if (typeof version === 'string') this.#downstream.setProtocolVersion?.(version);
      }
    } else if (isRequest(message) && message.method === 'elicitation/create') {
      return void this.#elicitation(message);
    }
    void this.#reply(message);
  }

  async #toolCall(request: Request): Promise<void> {
    const params = request.params ?? {};
    const tool = String(params.name);
    const input = isRecord(params.arguments) ? params.arguments : {};
    const call: ToolCall = {
      tool,
      toolName: `mcp__${this.#ctx.serverName}__${tool}`,
      toolUseId: `mcp_proxy_${randomUUID()}`,
      input,
    };
    const key = idKey(request.id);
    const screening = new AbortController();
    this.#screening.set(key, screening);
    let verdict: Verdict;
    try {
      verdict = await beforeCall(this.#ctx, call, screening.signal);
    } catch (error) {
      // Fail closed: a call the hooks could not screen does not run.
      const text = `agent-hooks could not run the PreToolUse hooks for ${call.toolName}: ${describe(error)}`;
      this.#ctx.log(`MCP_PROXY_HOOK_FAILED: ${text}`);
      verdict = { kind: 'refuse', text };
    } finally {
      this.#screening.delete(key);
    }
    if (screening.signal.aborted) {
      // Cancelled by the client: no answer is expected, and the server never sees the call.
      this.#ctx.log(`${call.toolName}: cancelled by the client during PreToolUse; not forwarded`);
      return;
    }
    if (verdict.kind === 'refuse') {
      await this.#reply(toolError(request.id, verdict.text));
      return;
    }
    const taskAugmented = isRecord(params.task);
    this.#calls.set(key, { call, verdict, started: monotonicMs(), taskAugmented });
    const forwarded =
      verdict.input === input ? request : { ...request, params: { ...params, arguments: verdict.input } };
    await this.#forward(forwarded as Message);
  }

  async #toolCallAnswered(
    response: Result | ErrorResponse,
    pending: PendingCall,
    key: string,
  ): Promise<void> {
    this.#calls.delete(key);
    const answer = pending.taskAugmented ? this.#tasks.created(response, pending) : response;
    // A task: its result comes with the client's tasks/result, where the PostToolUse hooks run.
    if (answer === undefined)
      return void this.#reply(
        withoutImmediateResponse(this.#ctx, pending.call.toolName, response as Result) as Message,
      );
    await this.#deliver(answer, pending);
  }

  /** PostToolUse or PostToolUseFailure on a call's result; a malformed one is withheld. */
  async #deliver(response: Result | ErrorResponse, pending: PendingCall): Promise<void> {
    const durationMs = Math.round(monotonicMs() - pending.started);
    // Checked first, so that a hook failure below still never lets a malformed answer through.
    const checked = checkResult(this.#ctx, pending.call, response);
    const answer = await afterCall(this.#ctx, pending.call, pending.verdict, checked, durationMs).catch(
      (error: unknown) => {
        // Fail closed, as for PreToolUse: a result the hooks could not screen (a PostToolUse guard
        // that redacts or blocks output) is withheld; the tool has run, and the client is told so.
        const text = `agent-hooks could not run the PostToolUse hooks for ${pending.call.toolName}: ${describe(error)}; its result is withheld`;
        this.#ctx.log(`MCP_PROXY_HOOK_FAILED: ${text}`);
        return toolError(response.id, text);
      },
    );
    await this.#reply(answer as Message);
  }

  async #elicitation(request: Request): Promise<void> {
    const params = request.params ?? {};
    let answer: Awaited<ReturnType<typeof beforeElicitation>>;
    try {
      answer = await beforeElicitation(this.#ctx, params);
    } catch (error) {
      this.#ctx.log(`MCP_PROXY_HOOK_FAILED: Elicitation: ${describe(error)}; the user is asked`);
    }
    if (answer) return void this.#forward(result(request.id, { ...answer }));
    this.#elicitations.set(idKey(request.id), params);
    await this.#reply(request as Message);
  }

  async #elicitationAnswered(
    response: Result | ErrorResponse,
    params: Record<string, unknown>,
  ): Promise<void> {
    this.#elicitations.delete(idKey(response.id));
    let answer: Message = response as Message;
    if ('result' in response) {
      try {
        answer = result(response.id, await afterElicitation(this.#ctx, params, response.result));
      } catch (error) {
        this.#ctx.log(
          `MCP_PROXY_HOOK_FAILED: ElicitationResult: ${describe(error)}; the user's answer is sent`,
        );
      }
    }
    await this.#forward(answer);
  }

  /** To the server; a request that cannot be delivered is answered with an error. */
  async #forward(message: Message): Promise<void> {
    const request = isRequest(message) ? idKey(message.id) : undefined;
    if (request !== undefined) this.#sentToServer.add(request);
    try {
      await this.#downstream.send(message);
    } catch (error) {
      this.#ctx.log(`could not send ${describeMessage(message)} to the server: ${describe(error)}`);
      if (request !== undefined && isRequest(message)) {
        this.#sentToServer.delete(request);
        await this.#reply(
          errorResponse(message.id, INTERNAL_ERROR, `MCP server unreachable: ${describe(error)}`),
        );
      }
    }
  }

  /** To the client. */
  async #reply(message: Message): Promise<void> {
    try {
      await this.#upstream.send(message);
    } catch (error) {
      this.#ctx.log(`could not send ${describeMessage(message)} to the client: ${describe(error)}`);
    }
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function describeMessage(message: Message): string {
  return 'method' in message ? message.method : 'a response';
}
