/** One content block of a tool result, as MCP defines it (only `text` blocks are read). */
export interface McpContentBlock {
  type: string;
  text?: string;
  [key: string]: unknown;
}

export interface McpToolCall {
  server: string;
  tool: string;
  arguments: Record<string, unknown>;
  signal: AbortSignal;
  timeoutMs: number;
}

/** What calling a tool produced. Expected failures are values, not exceptions. */
export type McpCallOutcome =
  | { kind: 'result'; isError: boolean; content: McpContentBlock[]; structuredContent?: unknown }
  /** The server is unknown, could not be reached, or is not connected. */
  | { kind: 'not-connected'; message: string }
  /** The server answered the call with a protocol error (unknown tool, bad arguments, timeout). */
  | { kind: 'error'; message: string };

/**
 * How the `mcp_tool` runner reaches MCP servers. Claude Code calls tools on servers the session
 * already holds (claude-code-hooks.md §4.4), so a host with its own MCP connections passes an
 * implementation of this; the default (`createSdkMcpCaller`) connects itself, for the CLI.
 */
export interface McpToolCaller {
  callTool(call: McpToolCall): Promise<McpCallOutcome>;
  close?(): Promise<void>;
}
