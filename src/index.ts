/**
 * agent-hooks: one hook engine for every coding agent. This barrel is the whole public API;
 * heavy features (LLM, MCP) live behind the `agent-hooks/llm` and `agent-hooks/mcp` subpaths.
 */
export { type ConfigKind, type ReadOptions, type ReadResult, readConfig } from './config/read-config.ts';
export type { AsyncHookResult, AsyncWake } from './engine/async/async-types.ts';
export type {
  Decision,
  DispatchResult,
  HookRunReport,
  HostMessages,
  Outcome,
  SkippedReport,
} from './engine/dispatch/result.ts';
export { createHookEngine, HookEngine } from './engine/engine.ts';
export type { DispatchOptions, HookEngineOptions, InlineSource } from './engine/options.ts';
export { PROFILE_NAMES, PROFILES, type Profile, type ProfileName } from './engine/profiles/profiles.ts';
export { SessionHandle } from './engine/session/session-handle.ts';
export {
  type SubscribeOptions,
  TelemetryBus,
  type TelemetryBusOptions,
  type TelemetryEvent,
  type TelemetryListener,
} from './engine/telemetry/bus.ts';
export {
  type CodeInfo,
  type Diagnostic,
  diagnostic,
  ERROR_CODES,
  type ErrorCode,
  HookError,
  isHookError,
  type Severity,
} from './errors.ts';
export { EVENT_BY_NAME, EVENTS, getEvent } from './events/catalogue.ts';
export { eventKeyFor, resolveEventName, suggestEventName } from './events/dialect-names.ts';
export type { CommonInput, EventInput } from './events/inputs.ts';
export { normalizeInput } from './events/normalize-input.ts';
export { renderPayload } from './events/payload.ts';
export type { EventSpec } from './events/types.ts';
export type { Dialect } from './model/dialect.ts';
export { EVENT_NAMES, type EventName, isEventName } from './model/event-name.ts';
export type { CommandFields, HandlerType, NormalizedHandler } from './model/handler.ts';
export type { Scope, SourceRef } from './model/source.ts';
export type { HandlerRunner, RunnerResult, RunRequest } from './runners/types.ts';
export * from './sdk/index.ts';
export * from './telemetry/index.ts';
