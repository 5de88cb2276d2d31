/**
 * agent-hooks: one hook engine for every coding agent.
 *
 * This file IS the public API of the root entry. Every export is a public-API decision: named
 * exports only (no `export *`), values apart from types, and every type a public signature
 * mentions is exported too (test/public-surface.test.ts pins both). Heavy features live behind
 * subpaths and never load from here: `agent-hooks/llm`, `/mcp`, `/otel`, `/ai-sdk`, `/mcp-proxy`.
 *
 * @module agent-hooks
 */

export type { LocationReport, LocationStatus, VscodeSettings } from './config/discovery/types.ts';
export type { EffectivePolicy, SkippedEntry } from './config/policy/types.ts';
export { readConfig } from './config/read-config.ts';
export type {
  ConfigKind,
  CopilotPromptEntry,
  PolicySettings,
  ReadOptions,
  ReadResult,
} from './config/read-types.ts';
export type { TrustFingerprint, TrustItem } from './config/trust/fingerprint.ts';
export type { TrustStatus } from './config/trust/status.ts';
export type { UntrustedInfo, UntrustedPolicy } from './config/trust/untrusted-policy.ts';
export type { AsyncHookResult, AsyncWake } from './engine/async/async-types.ts';
export type {
  BackgroundedRun,
  Decision,
  DispatchResult,
  HookRunReport,
  HostMessages,
  NoVerdict,
  Outcome,
  Placement,
  SkippedReport,
  TerminalReason,
  UpdatedInputCheck,
} from './engine/dispatch/result.ts';
export type {
  DispatchArgs,
  DispatchInput,
  EventDispatchResult,
  EventOutput,
  FunctionHookInput,
  RuntimeEventName,
} from './engine/dispatch/typed.ts';
export type { HookEngine } from './engine/engine.ts';
export { createHookEngine } from './engine/engine.ts';
export type {
  DispatchOptions,
  EngineWatchOptions,
  HookEngineOptions,
  InlineSource,
} from './engine/options.ts';
export type { InvalidRewrite } from './engine/rewrite-check/invalid-rewrite-option.ts';
export type { JsonSchema } from './engine/rewrite-check/json-schema-check.ts';
export type { RunnerTable } from './engine/run/runner-registry.ts';
export type { HookRegistration, SessionHandle } from './engine/session/session-handle.ts';
export type { SessionHookEntry } from './engine/session/session-hook-entry.ts';
export type { FunctionHookCallback, FunctionHookOptions } from './engine/session/session-hooks.ts';
export { MemorySessionState, type SessionStateStore } from './engine/session/session-state.ts';
export type { ConfigView } from './engine/snapshot/snapshot.ts';
export type { SubscribeOptions, TelemetryBus, TelemetryBusOptions } from './engine/telemetry/bus.ts';
export type { TelemetryEvent, TelemetryListener, TelemetryResponseEvent } from './engine/telemetry/events.ts';
export type { CodeInfo, Diagnostic, ErrorCode, Severity } from './errors.ts';

export { diagnostic, ERROR_CODES, HookError, isHookError } from './errors.ts';
export { EVENT_BY_NAME, EVENTS, getEvent } from './events/catalogue.ts';
export type { EventFileKind, EventSpelling, ResolvedEventName } from './events/dialect-names.ts';
export { eventKeyFor, resolveEventName, suggestEventName } from './events/dialect-names.ts';
export type { EventAlias, EventSpellingName } from './events/event-spelling.ts';
export type { CommonInput, EventFields, EventInput, EventPayload } from './events/inputs.ts';
export { normalizeInput } from './events/normalize-input.ts';
export type {
  CopilotHookOutput,
  HookOutput,
  HookSpecificFields,
  HookSpecificOutput,
  PermissionDecision,
  PermissionUpdate,
} from './events/outputs.ts';
export type { PayloadCommon } from './events/payload.ts';
export { renderPayload } from './events/payload.ts';
export type {
  CatalogueHandlerType,
  CatalogueRow,
  DecisionKind,
  EventSpec,
  Exit2Effect,
  FieldSpec,
  FieldType,
  OnFailureBlock,
  PlainStdout,
  SdkTimeout,
  StopLoop,
  TopLevelOutputField,
} from './events/types.ts';
export type { Dialect } from './model/dialect.ts';
export type { EventName } from './model/event-name.ts';
export { EVENT_NAMES, isEventName } from './model/event-name.ts';
export type {
  AgentHandler,
  CommandFields,
  CommandHandler,
  FunctionHandler,
  HandlerBase,
  HandlerType,
  HttpFields,
  HttpHandler,
  McpToolFields,
  McpToolHandler,
  NormalizedHandler,
  PromptFields,
  PromptHandler,
} from './model/handler.ts';
export type { ProfileName } from './model/profile-name.ts';
export { PROFILE_NAMES } from './model/profile-name.ts';
export type { Scope, SourceRef } from './model/source.ts';
export type { CommandRunnerOptions } from './runners/command/run-command-handler.ts';
export { createCommandRunner } from './runners/command/run-command-handler.ts';
export type { Connector, HostLookup, ResolvedAddress } from './runners/http/guarded-connector.ts';
export { createHttpRunner } from './runners/http/lazy-runner.ts';
export type { HttpRunner, HttpRunnerOptions } from './runners/http/run-http-handler.ts';
export type {
  HandlerRunner,
  HttpRunNotes,
  ModelVerdict,
  RunnerDiagnostic,
  RunnerPolicy,
  RunnerResult,
  RunRequest,
} from './runners/types.ts';
export type {
  ClaudeSdkHookCallback,
  ClaudeSdkHookMatcher,
  ClaudeSdkHookOutput,
  ClaudeSdkHooks,
  ClaudeSdkRegisterOptions,
} from './sdk/claude-agent-sdk.ts';
export { ASYNC_CALLBACK_DEFAULT_TIMEOUT_MS, registerClaudeSdkHooks } from './sdk/claude-agent-sdk.ts';
export type {
  CopilotSdkHookCallback,
  CopilotSdkHookInput,
  CopilotSdkHooks,
  CopilotSdkInvocation,
  CopilotSdkRegisterOptions,
} from './sdk/copilot-sdk.ts';
export {
  COPILOT_SDK_DEFAULT_TIMEOUT_MS,
  COPILOT_SDK_EVENTS,
  registerCopilotSdkHooks,
} from './sdk/copilot-sdk.ts';
export type { PendingAsyncCallback, SdkCallbackIssue, SdkHooksRegistration } from './sdk/registration.ts';
export type { AuditLog, AuditLogOptions, AuditRecord } from './telemetry/audit-log.ts';
export { AUDIT_LINE_MAX_BYTES, auditLine, createAuditLog } from './telemetry/audit-log.ts';
export type { SdkHookMessage, SdkHookMessageBase } from './telemetry/sdk-messages.ts';
export { createSdkHookMessages } from './telemetry/sdk-messages.ts';
export type { TraceWriter, TraceWriterOptions } from './telemetry/trace-file.ts';
export { createTraceWriter, traceLine } from './telemetry/trace-file.ts';
