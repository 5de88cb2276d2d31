export {
  ASYNC_CALLBACK_DEFAULT_TIMEOUT_MS,
  type ClaudeSdkHookCallback,
  type ClaudeSdkHookMatcher,
  type ClaudeSdkHookOutput,
  type ClaudeSdkHooks,
  type ClaudeSdkRegisterOptions,
  registerClaudeSdkHooks,
} from './claude-agent-sdk.ts';
export {
  COPILOT_SDK_DEFAULT_TIMEOUT_MS,
  COPILOT_SDK_EVENTS,
  type CopilotSdkHookCallback,
  type CopilotSdkHookInput,
  type CopilotSdkHooks,
  type CopilotSdkInvocation,
  type CopilotSdkRegisterOptions,
  registerCopilotSdkHooks,
} from './copilot-sdk.ts';
export type { PendingAsyncCallback, SdkCallbackIssue, SdkHooksRegistration } from './registration.ts';
