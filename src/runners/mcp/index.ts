export {
  type McpHttpServerConfig,
  type McpServerConfig,
  type McpStdioServerConfig,
  readProjectMcpServers,
} from './mcp-config.ts';
export type { McpCallOutcome, McpContentBlock, McpToolCall, McpToolCaller } from './mcp-tool-caller.ts';
export { createMcpToolRunner, type McpToolRunner, type McpToolRunnerOptions } from './mcp-tool-runner.ts';
export { createSdkMcpCaller, type SdkMcpCallerOptions } from './sdk-mcp-caller.ts';
export { substituteToolInput } from './substitute-input.ts';
