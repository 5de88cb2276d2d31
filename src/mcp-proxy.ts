/**
 * `agent-hooks/mcp-proxy`: a stdio MCP server that forwards everything to a real MCP server and runs
 * the hooks around tool calls and elicitations (`agent-hooks mcp-proxy` on the command line). A
 * separate entry point: it loads the MCP SDK, which the root entry never does.
 */
export { deriveServerName, normalizeServerName } from './mcp-proxy/server-name.ts';
export { type McpProxy, type McpProxyOptions, startMcpProxy } from './mcp-proxy/start.ts';
