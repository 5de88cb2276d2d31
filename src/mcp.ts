/**
 * `agent-hooks/mcp`: the `mcp_tool` hook runner and its MCP client. A separate entry point so that
 * hosts without `mcp_tool` hooks never load the MCP client.
 */
export {
  type McpHttpServerConfig,
  type McpServerConfig,
  type McpStdioServerConfig,
  readProjectMcpServers,
} from './runners/mcp/mcp-config.ts';
export type {
  McpCallOutcome,
  McpContentBlock,
  McpToolCall,
  McpToolCaller,
} from './runners/mcp/mcp-tool-caller.ts';
export {
  createMcpToolRunner,
  type McpToolRunner,
  type McpToolRunnerOptions,
} from './runners/mcp/mcp-tool-runner.ts';
export { createSdkMcpCaller, type SdkMcpCallerOptions } from './runners/mcp/sdk-mcp-caller.ts';
export { substituteToolInput } from './runners/mcp/substitute-input.ts';
