export type {
  BlockEvent,
  EffectKind,
  PermissionChoice,
  StopEvent,
  SystemMessageEvent,
} from './capabilities.ts';
export type { HookResponse } from './combine.ts';
export { type DefinedHook, defineHook, type HookHandler, type HookOptions, runHook } from './define-hook.ts';
export { HOST_ENV } from './detect-host.ts';
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
} from './effects.ts';
export {
  type FunctionHookTarget,
  IN_PROCESS_TIMEOUT_MS,
  type RegisterHookOptions,
  registerHook,
} from './engine-adapter.ts';
export {
  defaultOnError,
  type FailureKind,
  type HookFailure,
  type OnError,
  type OnErrorChoice,
} from './failure.ts';
export { defaultTimeoutMs, type HookContext, type HookRun, type InvokeOptions } from './invoke.ts';
export { isMain, MAX_PAYLOAD_BYTES, type RunOptions } from './run.ts';
export type {
  ForTools,
  HookInput,
  Host,
  McpToolName,
  ToolCall,
  ToolEvent,
  ToolName,
  UntypedToolName,
} from './types.ts';
