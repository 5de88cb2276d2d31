export type { AskAnswer, AskRequest } from './before-tool.ts';
export {
  onNotification,
  onPostCompact,
  onPreCompact,
  onSessionEnd,
  onSessionStart,
  type PreCompactOutcome,
  type SessionStartOutcome,
} from './lifecycle.ts';
export type { HookSessionOptions } from './options.ts';
export type { HookLoopStop } from './session-state.ts';
export {
  hookLoopStop,
  hookStopWhen,
  onStop,
  runWithStopHooks,
  type StopLoopResult,
  type StopLoopStep,
  type StopOutcome,
} from './stop.ts';
export { ToolHookError } from './tool-hook-error.ts';
export { onUserPrompt, type UserPromptOutcome } from './user-prompt.ts';
export { type WithHooksOptions, withHooks } from './with-hooks.ts';
