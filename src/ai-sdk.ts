/**
 * `agent-hooks/ai-sdk`: hooks for agents built on the Vercel AI SDK 6. `withHooks` wraps a tool
 * set so every call runs PreToolUse / PostToolUse like a Claude Code tool call; the other helpers
 * dispatch the loop's events. A separate entry point: it loads `ai`, which the root entry never does.
 */
export {
  hookPrepareStep,
  onToolBatch,
  type ToolBatchContent,
  type ToolBatchOutcome,
} from './ai-sdk/batch.ts';
export type { AskAnswer, AskRequest } from './ai-sdk/before-tool.ts';
export {
  onNotification,
  onPostCompact,
  onPreCompact,
  onSessionEnd,
  onSessionStart,
  type PreCompactOutcome,
  type SessionStartOutcome,
} from './ai-sdk/lifecycle.ts';
export type { HookSessionOptions } from './ai-sdk/options.ts';
export type { HookLoopStop } from './ai-sdk/session-state.ts';
export {
  hookLoopStop,
  hookStopWhen,
  onStop,
  runWithStopHooks,
  type StopLoopResult,
  type StopLoopStep,
  type StopOutcome,
} from './ai-sdk/stop.ts';
export {
  runSubagent,
  type SubagentOptions,
  type SubagentResult,
  type SubagentStep,
} from './ai-sdk/subagent.ts';
export { ToolHookError } from './ai-sdk/tool-hook-error.ts';
export { onUserPrompt, type UserPromptOutcome } from './ai-sdk/user-prompt.ts';
export { type WithHooksOptions, withHooks } from './ai-sdk/with-hooks.ts';
