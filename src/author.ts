/**
 * `agent-hooks/author`: write a hook in TypeScript once and run it under Claude Code, Copilot CLI
 * and VS Code. `defineHook(event, handler)` types the input per event and per tool, the helpers
 * (`allow`, `deny`, `context`, `block`, …) say what to do, and the runner reads any host's
 * payload and prints that host's JSON. It loads zod and the event schemas, not the engine.
 */
export type {
  BlockEvent,
  EffectKind,
  PermissionChoice,
  StopEvent,
  SystemMessageEvent,
} from './author/capabilities.ts';
export type { HookResponse } from './author/combine.ts';
export {
  type DefinedHook,
  defineHook,
  type HookHandler,
  type HookOptions,
  runHook,
} from './author/define-hook.ts';
export { HOST_ENV, type HostSource } from './author/detect-host.ts';
export {
  allow,
  ask,
  type BlockEffect,
  block,
  type ContextEffect,
  context,
  defer,
  deny,
  type Effect,
  type EffectFor,
  type HookResult,
  type InputEffect,
  type Permission,
  type PermissionEffect,
  type StopEffect,
  type SystemMessageEffect,
  stop,
  systemMessage,
  updateInput,
} from './author/effects.ts';
export {
  type FunctionHookTarget,
  IN_PROCESS_TIMEOUT_MS,
  type RegisterHookOptions,
  registerHook,
} from './author/engine-adapter.ts';
export {
  defaultOnError,
  type FailureKind,
  type HookFailure,
  type OnError,
  type OnErrorChoice,
} from './author/failure.ts';
export { defaultTimeoutMs, type HookContext, type HookRun, type InvokeOptions } from './author/invoke.ts';
export { isMain, MAX_PAYLOAD_BYTES, type RunOptions } from './author/run.ts';
export type {
  ForTools,
  HookInput,
  Host,
  McpToolName,
  ToolCall,
  ToolEvent,
  ToolName,
  UntypedToolName,
} from './author/types.ts';
