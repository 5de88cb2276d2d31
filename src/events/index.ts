export { EVENT_BY_NAME, EVENTS, getEvent } from './catalogue.ts';
export {
  type EventFileKind,
  type EventSpelling,
  eventKeyFor,
  type ResolvedEventName,
  resolveEventName,
  suggestEventName,
} from './dialect-names.ts';
export type { CommonInput, EventInput, EventInputMap, EventPayload } from './inputs.ts';
export { INPUT_KEYS } from './inputs.ts';
export { EVENT_NAMES, type EventName, isEventName } from './names.ts';
export { normalizeInput } from './normalize-input.ts';
export type {
  CopilotHookOutput,
  HookOutput,
  HookSpecificOutput,
  HookSpecificOutputMap,
  PermissionDecision,
  PermissionUpdate,
} from './outputs.ts';
export { HOOK_SPECIFIC_KEYS } from './outputs.ts';
export { type PayloadCommon, renderPayload } from './payload.ts';
export { renderEventsDoc } from './render-docs.ts';
export { toClaudeToolName, toCopilotToolName } from './tool-names.ts';
export type {
  CatalogueHandlerType,
  DecisionKind,
  EventSpec,
  Exit2Effect,
  FieldSpec,
  FieldType,
  PlainStdout,
} from './types.ts';
