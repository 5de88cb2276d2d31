/**
 * `agent-hooks/llm`: prompt and agent hook runners and the model client. A separate entry point so
 * that hosts running only command hooks never load the AI SDK.
 */
export {
  AGENT_MAX_TURNS,
  type AgentFields,
  type AgentRunnerOptions,
  createAgentRunner,
  type StopGate,
  type StopGuardContext,
} from './runners/llm/agent-runner.ts';
export { type AiSdkClientOptions, createAiSdkClient } from './runners/llm/ai-sdk-client.ts';
export { substituteArguments } from './runners/llm/arguments.ts';
export type {
  JsonSchemaObject,
  ModelCallCommon,
  ModelCallResult,
  ModelClient,
  ModelFailureCode,
  ModelMessage,
  ModelToolCall,
  ModelToolSpec,
  ModelTurn,
  ObjectRequest,
  TurnRequest,
} from './runners/llm/model-client.ts';
export {
  type ModelSettings,
  type ProviderName,
  type ResolvedModel,
  resolveModel,
} from './runners/llm/model-config.ts';
export {
  createPromptRunner,
  type LlmRunnerOptions,
  PROMPT_HOOK_SYSTEM_PROMPT,
} from './runners/llm/prompt-runner.ts';
