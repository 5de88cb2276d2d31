// Task-augmented tool calls (MCP 2025-11-25 "Tasks", basic/utilities/tasks): a client that sends
// `params.task` gets a CreateTaskResult `{ task: { taskId, status, … } }` from the server, and the
// call's real CallToolResult later, as the answer to its `tasks/result { taskId }`. The proxy keeps
// each task's call until then, so the PostToolUse hooks run on that answer as on a direct result.
import { isRecord } from '../events/payload-values.ts';
import type { ErrorResponse, Result } from './jsonrpc.ts';
import { type PendingCall, type ProxyContext, withheld } from './tool-hooks.ts';

/**
 * How many task-augmented calls may await their `tasks/result` at once. Each keeps its input, and a
 * client may never fetch a result, so past this many the oldest is forgotten: its result, should
 * it come, is then withheld (fail closed) rather than kept in memory without limit.
 */
export const MAX_TASKS_AWAITING_RESULT = 256;

/** What the answer to a `tasks/result` request belongs to. */
export interface Fetched {
  taskId: unknown;
  /** The call behind the task; undefined when the proxy has none (see `unknown`). */
  pending: PendingCall | undefined;
}

export class TaskCalls {
  readonly #ctx: ProxyContext;
  /** taskId → its call, oldest first (a Map keeps insertion order). */
  readonly #awaiting = new Map<string, PendingCall>();
  /** The client's `tasks/result` requests the server has not answered: request key → taskId. */
  readonly #fetches = new Map<string, unknown>();

  constructor(ctx: ProxyContext) {
    this.#ctx = ctx;
  }

  /**
   * The server's answer to a task-augmented call: undefined when it is the call's task, now kept
   * until its result is fetched; else what the call's hooks get (a direct result, or a malformed
   * answer that `checkResult` withholds). A task id another awaiting call holds is withheld here:
   * ids are unique per server ("Task ID Requirements"), and a reused one would put one call's
   * result through the other call's hooks.
   */
  created(response: Result | ErrorResponse, pending: PendingCall): Result | ErrorResponse | undefined {
    if ('error' in response || Array.isArray(response.result.content)) return response;
    const taskId = createdTaskId(response.result);
    if (taskId === undefined) return response;
    if (this.#awaiting.has(taskId)) {
      const problem = `its task id ${JSON.stringify(taskId)} is already another call's`;
      return withheld(this.#ctx, pending.call, response, problem);
    }
    if (this.#awaiting.size >= MAX_TASKS_AWAITING_RESULT) this.#evictOldest();
    this.#awaiting.set(taskId, pending);
    return undefined;
  }

  /** The client asked for a task's result with the request of this key. */
  fetching(requestKey: string, taskId: unknown): void {
    this.#fetches.set(requestKey, taskId);
  }

  /** The client cancelled a request; a cancelled `tasks/result` gets no answer. */
  cancelled(requestKey: string): void {
    this.#fetches.delete(requestKey);
  }

  /**
   * For the server's answer to the request of this key: undefined unless it answers a
   * `tasks/result`; else the task's call, forgotten here since its result is now delivered.
   */
  answered(requestKey: string): Fetched | undefined {
    if (!this.#fetches.has(requestKey)) return undefined;
    const taskId = this.#fetches.get(requestKey);
    this.#fetches.delete(requestKey);
    if (typeof taskId !== 'string') return { taskId, pending: undefined };
    const pending = this.#awaiting.get(taskId);
    this.#awaiting.delete(taskId);
    return { taskId, pending };
  }

  /**
   * The answer to a `tasks/result` for a task with no call here (never made through the proxy,
   * already delivered, forgotten): with no call no PostToolUse hook can run, so a result is
   * withheld. A JSON-RPC error (task not found, expired) carries no tool output and passes.
   */
  unknown(response: Result | ErrorResponse, taskId: unknown): Result | ErrorResponse {
    if ('error' in response) return response;
    const task = `task ${JSON.stringify(taskId)}`;
    this.#ctx.log(
      `MCP_PROXY_UNKNOWN_TASK: the server sent the result of ${task}, which is no call this proxy awaits (never made through it, already delivered, or forgotten); the client gets an error result`,
    );
    const text = `agent-hooks withheld the result of ${task}: the proxy has no record of its tool call (never made through the proxy, already delivered, or forgotten), so its PostToolUse hooks cannot run`;
    return { jsonrpc: '2.0', id: response.id, result: { isError: true, content: [{ type: 'text', text }] } };
  }

  #evictOldest(): void {
    const [taskId, pending] = this.#awaiting.entries().next().value as [string, PendingCall];
    this.#awaiting.delete(taskId);
    this.#ctx.log(
      `MCP_PROXY_TASK_EVICTED: ${MAX_TASKS_AWAITING_RESULT} task-augmented calls await their result; the oldest, ${pending.call.toolName} (task ${JSON.stringify(taskId)}), was forgotten, and its result will be withheld`,
    );
  }
}

/** The task id of a CreateTaskResult; undefined when `result` is not one. */
function createdTaskId(result: Record<string, unknown>): string | undefined {
  const task = result.task;
  if (task === null || typeof task !== 'object') return undefined;
  const taskId = (task as { taskId?: unknown }).taskId;
  return typeof taskId === 'string' && taskId !== '' ? taskId : undefined;
}

/** The `_meta` key of a text hosts may show their model at once while a task runs (Tasks). */
const IMMEDIATE_RESPONSE_KEY = 'io.modelcontextprotocol/model-immediate-response';

/**
 * The task answer as the client gets it: without a model-immediate-response. That text reaches the
 * model as the tool's first answer, but no PostToolUse hook could screen it (they run on the task's
 * result), so a server could say past every guard what its result may not; it is dropped, said.
 */
export function withoutImmediateResponse(ctx: ProxyContext, toolName: string, response: Result): Result {
  const meta = response.result._meta;
  if (!isRecord(meta) || !(IMMEDIATE_RESPONSE_KEY in meta)) return response;
  const { [IMMEDIATE_RESPONSE_KEY]: _dropped, ...rest } = meta;
  ctx.log(
    `MCP_PROXY_IMMEDIATE_RESPONSE_DROPPED: ${toolName}: the task answer's ${IMMEDIATE_RESPONSE_KEY} was removed; no PostToolUse hook could screen it`,
  );
  return { ...response, result: { ...response.result, _meta: rest } };
}
