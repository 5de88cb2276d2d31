import type { McpToolHandler } from '../../model/handler.ts';
import { startDeadline } from '../deadline.ts';
import { abortedResult, failureResult, successResult } from '../llm/runner-result.ts';
import type { HandlerRunner, RunnerDiagnostic, RunnerResult } from '../types.ts';
import { type McpServerConfig, readProjectMcpServers } from './mcp-config.ts';
import type { McpCallOutcome, McpToolCaller } from './mcp-tool-caller.ts';
import { createSdkMcpCaller } from './sdk-mcp-caller.ts';
import { substituteToolInput } from './substitute-input.ts';

export interface McpToolRunnerOptions {
  /** Servers by name; default: the `mcpServers` of `<projectDir>/.mcp.json`. */
  servers?: Record<string, McpServerConfig>;
  /** Where `.mcp.json` is read from (default: each request's `projectDir`, read once). */
  projectDir?: string;
  /** A host's own MCP connections; when given, `servers` and `.mcp.json` are not used. */
  client?: McpToolCaller;
  /** Environment for `${VAR}` expansion in `.mcp.json` (default `process.env`). */
  env?: NodeJS.ProcessEnv;
}

export type McpToolRunner = HandlerRunner<McpToolHandler> & {
  /**
   * Closes every connection the runner opened (not those of an injected `client`) and waits until
   * their stdio servers have exited. Final: later calls report the server as not connected.
   */
  close(): Promise<void>;
};

const CLOSED_CALLER: McpToolCaller = {
  callTool: async () => ({ kind: 'not-connected', message: 'the MCP connections were closed' }),
};

/** What a tool call produced: its text as stdout, or a non-blocking failure with its code. */
function readOutcome(outcome: McpCallOutcome, server: string, tool: string, startedAt: number): RunnerResult {
  if (outcome.kind === 'not-connected')
    return failureResult(startedAt, 'RUNNER_MCP_NOT_CONNECTED', outcome.message);
  if (outcome.kind === 'error') return failureResult(startedAt, 'RUNNER_MCP_CALL_FAILED', outcome.message);
  const texts = outcome.content
    .filter((b) => b.type === 'text' && typeof b.text === 'string')
    .map((b) => b.text);
  const text = texts.join('\n');
  if (outcome.isError) {
    return failureResult(
      startedAt,
      'RUNNER_MCP_TOOL_ERROR',
      `MCP tool "${tool}" on "${server}" reported an error: ${text}`,
    );
  }
  return successResult(startedAt, text, ignoredContent(outcome, texts.length));
}

/** What of a result is not read as the hook's output: non-text blocks, structuredContent alone. */
function ignoredContent(outcome: McpCallOutcome & { kind: 'result' }, texts: number): RunnerDiagnostic[] {
  const found: RunnerDiagnostic[] = [];
  const skipped = outcome.content.length - texts;
  if (skipped)
    found.push({
      code: 'RUNNER_MCP_CONTENT_IGNORED',
      message: `${skipped} non-text content block(s) ignored`,
    });
  // §4.4: only text content is the hook's output; an answer only in structuredContent decides nothing.
  if (texts === 0 && outcome.structuredContent !== undefined) {
    found.push({
      code: 'RUNNER_MCP_STRUCTURED_CONTENT_IGNORED',
      message:
        'the tool answered with structuredContent and no text; only text content is read as the hook output',
    });
  }
  return found;
}

/**
 * Runs `mcp_tool` hooks (claude-code-hooks.md §4.4, §3.3): calls `tool` on `server` with `input`
 * after `${path}` substitution. The tool's text content becomes stdout with exit code 0, so the
 * engine reads it like command stdout; a server that is not connected, a protocol error or a
 * result with `isError` is a non-blocking failure (blocking only with `onFailure: "block"`).
 */
export function createMcpToolRunner(options: McpToolRunnerOptions = {}): McpToolRunner {
  let owned: (McpToolCaller & { close(): Promise<void> }) | undefined;
  let projectServers: Promise<Record<string, McpServerConfig>> | undefined;
  let closed = false;

  function callerFor(projectDir: string): McpToolCaller {
    if (options.client) return options.client;
    // A hook still starting when the runner closed must not open a connection nobody closes.
    if (closed) return CLOSED_CALLER;
    owned ??= createSdkMcpCaller({
      cwd: options.projectDir ?? projectDir,
      servers:
        options.servers ??
        (() => {
          projectServers ??= readProjectMcpServers(
            options.projectDir ?? projectDir,
            options.env ?? process.env,
          ).then((r) => r.servers);
          return projectServers;
        }),
    });
    return owned;
  }

  const run = async (request: Parameters<HandlerRunner<McpToolHandler>>[0]): Promise<RunnerResult> => {
    const startedAt = Date.now();
    const { server, tool, input } = request.handler.spec;
    const args = (substituteToolInput(input ?? {}, request.input) ?? {}) as Record<string, unknown>;
    const deadline = startDeadline(request.signal, request.timeoutMs);
    try {
      const outcome = await callerFor(request.projectDir).callTool({
        server,
        tool,
        arguments: args,
        signal: deadline.signal,
        timeoutMs: request.timeoutMs,
      });
      if (deadline.signal.aborted)
        return abortedResult(startedAt, deadline, 'the MCP tool call', request.timeoutMs);
      return readOutcome(outcome, server, tool, startedAt);
    } finally {
      deadline.dispose();
    }
  };

  return Object.assign(run, {
    close: async (): Promise<void> => {
      closed = true;
      await owned?.close();
    },
  });
}
