/**
 * `agent-hooks/llm`: prompt and agent hook runners and the model client. A separate entry point so
 * that hosts running only command hooks never load the AI SDK.
 */
export * from './runners/llm/index.ts';
