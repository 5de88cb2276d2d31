/**
 * `agent-hooks/mcp`: the `mcp_tool` hook runner and its MCP client. A separate entry point so that
 * hosts without `mcp_tool` hooks never load the MCP client.
 */
export * from './runners/mcp/index.ts';
