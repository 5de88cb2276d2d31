export {
  AGENT_MAX_TURNS,
  type AgentFields,
  type AgentRunnerOptions,
  createAgentRunner,
  type StopGuardContext,
} from './agent-runner.ts';
export { type AiSdkClientOptions, createAiSdkClient } from './ai-sdk-client.ts';
export { substituteArguments } from './arguments.ts';
export type {
  JsonSchemaObject,
  ModelCallResult,
  ModelClient,
  ModelFailureCode,
  ModelMessage,
  ModelToolCall,
  ModelToolSpec,
  ModelTurn,
  ObjectRequest,
  TurnRequest,
} from './model-client.ts';
export { type ModelSettings, type ResolvedModel, resolveModel } from './model-config.ts';
export { createPromptRunner, type LlmRunnerOptions, PROMPT_HOOK_SYSTEM_PROMPT } from './prompt-runner.ts';
