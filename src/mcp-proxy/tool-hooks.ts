// PreToolUse / PermissionRequest / PostToolUse(Failure) around one MCP `tools/call`, with the
// payloads Claude Code sends for MCP tools (claude-code-observed.md "Payload facts").
import type { DispatchResult, EventName, HookEngine } from '../index.ts';
import type { ErrorResponse, Result } from './jsonrpc.ts';

export interface ProxyContext {
  engine: HookEngine;
  sessionId: string;
  serverName: string;
  /** One line for the person behind the host (the proxy's stderr, which hosts keep in their MCP log). */
  log: (line: string) => void;
}

export interface ToolCall {
  /** The tool's name on the server. */
  tool: string;
  /** `mcp__<server>__<tool>`, the name hooks match. */
  toolName: string;
  toolUseId: string;
  input: Record<string, unknown>;
}

export type Verdict =
  | { kind: 'run'; input: Record<string, unknown>; texts: string[] }
  | { kind: 'refuse'; text: string };

/** A screened call the server was given, waiting for its result (directly, or through its task). */
export interface PendingCall {
  call: ToolCall;
  verdict: Extract<Verdict, { kind: 'run' }>;
  started: number;
  /** The client sent `params.task` (MCP 2025-11-25 "Tasks"): the server may answer with a task. */
  taskAugmented: boolean;
}

/** How many of a malformed result's field names a diagnostic names. */
const KEYS_SHOWN = 5;

/** `mcp_server.source` names where the server configuration came from; here, this proxy. */
const SERVER_SOURCE = 'mcp-proxy';

export async function dispatchFor(
  ctx: ProxyContext,
  event: EventName,
  input: Record<string, unknown>,
  signal?: AbortSignal,
): Promise<DispatchResult> {
  const result = await ctx.engine.dispatch(event, input, {
    sessionId: ctx.sessionId,
    ...(signal ? { signal } : {}),
  });
  for (const line of result.messages.toUser) ctx.log(line);
  for (const found of result.diagnostics) ctx.log(`${found.severity} ${found.code}: ${found.message}`);
  if (!result.continue) {
    ctx.log(`${event}: a hook asked to stop the agent (continue: false); an MCP server cannot stop its host`);
  }
  return result;
}

/** PreToolUse, and on `ask` the PermissionRequest hooks (nobody else can answer: no decision denies). */
export async function beforeCall(ctx: ProxyContext, call: ToolCall, signal: AbortSignal): Promise<Verdict> {
  const mcpServer = { name: ctx.serverName, source: SERVER_SOURCE };
  const base = { tool_name: call.toolName, mcp_server: mcpServer };
  const pre = await dispatchFor(
    ctx,
    'PreToolUse',
    { ...base, tool_input: call.input, tool_use_id: call.toolUseId },
    signal,
  );
  const input = pre.updatedInput ?? call.input;
  switch (pre.decision) {
    case 'deny':
      return {
        kind: 'refuse',
        text: modelText(pre, `PreToolUse:${call.toolName} hook error: ${pre.reason ?? ''}`),
      };
    case 'defer':
      ctx.log(
        `PreToolUse: ${call.toolName} was deferred by a hook; the proxy cannot defer, so it did not run`,
      );
      return { kind: 'refuse', text: `PreToolUse:${call.toolName} hook deferred this call` };
    case 'ask': {
      const request = await dispatchFor(ctx, 'PermissionRequest', { ...base, tool_input: input }, signal);
      if (request.decision === 'allow') {
        return { kind: 'run', input: request.updatedInput ?? input, texts: pre.messages.toModel };
      }
      const fallback =
        request.decision === 'deny'
          ? `Permission to use ${call.toolName} was denied by a PermissionRequest hook`
          : '';
      // claude-code-observed.md: with nobody to ask, an ask is denied with the bare reason.
      return {
        kind: 'refuse',
        text: request.decision === 'deny' ? modelText(request, fallback) : (pre.reason ?? ''),
      };
    }
    default:
      return { kind: 'run', input, texts: pre.messages.toModel };
  }
}

/** PostToolUse or PostToolUseFailure; returns the response the client gets. */
export async function afterCall(
  ctx: ProxyContext,
  call: ToolCall,
  verdict: { input: Record<string, unknown>; texts: string[] },
  response: Result | ErrorResponse,
  durationMs: number,
): Promise<Result | ErrorResponse> {
  const base = {
    tool_name: call.toolName,
    tool_input: verdict.input,
    tool_use_id: call.toolUseId,
    mcp_server: { name: ctx.serverName, source: SERVER_SOURCE },
  };
  if ('error' in response) {
    const failure = await dispatchFor(ctx, 'PostToolUseFailure', {
      ...base,
      error: response.error.message,
      is_interrupt: false,
      duration_ms: durationMs,
    });
    const texts = [...verdict.texts, ...failure.messages.toModel];
    if (texts.length === 0) return response;
    // Context needs a result to travel in: the error becomes an error result that carries it.
    const message = `MCP error ${response.error.code}: ${response.error.message}`;
    return {
      jsonrpc: '2.0',
      id: response.id,
      result: { isError: true, content: textBlocks([message, ...texts]) },
    };
  }
  const checked = checkResult(ctx, call, response);
  if (checked !== response) return afterCall(ctx, call, verdict, checked, durationMs);
  const content = response.result.content as unknown[];
  if (response.result.isError === true) {
    const failure = await dispatchFor(ctx, 'PostToolUseFailure', {
      ...base,
      error: textOf(content),
      is_interrupt: false,
      duration_ms: durationMs,
    });
    return withTexts(response, content, [...verdict.texts, ...failure.messages.toModel]);
  }
  // Claude Code sends an MCP tool's content blocks as tool_response (hook-inputs.json).
  const post = await dispatchFor(ctx, 'PostToolUse', {
    ...base,
    tool_response: content,
    duration_ms: durationMs,
  });
  const replaced =
    post.updatedToolOutput === undefined ? response : replaceOutput(response, post.updatedToolOutput);
  const shown = Array.isArray(replaced.result.content) ? (replaced.result.content as unknown[]) : [];
  return withTexts(replaced, shown, [...verdict.texts, ...post.messages.toModel]);
}

/**
 * The response itself when it can be shown, else the error result that replaces it. A finished call
 * answers with a CallToolResult, whose `content` array is required; anything else (a task the client
 * did not ask for, an empty object) would pass every PostToolUse hook by, so it is withheld.
 */
export function checkResult(
  ctx: ProxyContext,
  call: ToolCall,
  response: Result | ErrorResponse,
): Result | ErrorResponse {
  if ('error' in response || Array.isArray(response.result.content)) return response;
  // Quoted and few: the names are the server's, and go to stderr and to the model.
  const keys = Object.keys(response.result).map((key) => JSON.stringify(key));
  const more = keys.length > KEYS_SHOWN ? ', …' : '';
  const has = keys.length > 0 ? `it has ${keys.slice(0, KEYS_SHOWN).join(', ')}${more}` : 'it is empty';
  return withheld(ctx, call, response, `its result has no content array (${has})`);
}

/** The error result the client gets instead of a malformed answer (fail closed), said on stderr. */
export function withheld(ctx: ProxyContext, call: ToolCall, response: Result, problem: string): Result {
  ctx.log(`MCP_PROXY_MALFORMED_RESULT: ${call.toolName}: ${problem}; the client gets an error result`);
  const text = `agent-hooks withheld the MCP server's answer to ${call.toolName}: ${problem}`;
  return { jsonrpc: '2.0', id: response.id, result: { isError: true, content: textBlocks([text]) } };
}

/** The texts a host words for the model, joined; `fallback` when there are none. */
function modelText(result: DispatchResult, fallback: string): string {
  return result.messages.toModel.length > 0 ? result.messages.toModel.join('\n\n') : fallback;
}

function textBlocks(texts: readonly string[]): { type: 'text'; text: string }[] {
  return texts.map((text) => ({ type: 'text', text }));
}

function withTexts(response: Result, content: unknown[], texts: readonly string[]): Result {
  if (texts.length === 0) return response;
  return { ...response, result: { ...response.result, content: [...content, ...textBlocks(texts)] } };
}

function textOf(content: unknown[]): string {
  return content
    .map((block) => (block as { type?: unknown; text?: unknown }).text)
    .filter((text): text is string => typeof text === 'string')
    .join('\n');
}

/**
 * `updatedToolOutput` / `updatedMCPToolOutput` (claude-code-hooks.md §2.10; MCP output passes
 * unvalidated): a string becomes one text block, an array is the new content, an object with a
 * `content` array is the new result.
 */
function replaceOutput(response: Result, output: unknown): Result {
  if (typeof output === 'string')
    return { ...response, result: { ...response.result, content: textBlocks([output]) } };
  if (Array.isArray(output)) return { ...response, result: { ...response.result, content: output } };
  if (
    output !== null &&
    typeof output === 'object' &&
    Array.isArray((output as { content?: unknown }).content)
  ) {
    return { ...response, result: output as Record<string, unknown> };
  }
  return { ...response, result: { ...response.result, content: textBlocks([JSON.stringify(output)]) } };
}
