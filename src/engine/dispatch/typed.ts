// The types of the typed dispatch API (issue 17 item 4): per-event input, function-hook input and
// result, all read off the wire schemas (src/events/wire/) and the catalogue. Types only.
import type { CommonInput, EventFields } from '../../events/inputs.ts';
import type { HookSpecificFields } from '../../events/outputs.ts';
import type { WIRE } from '../../events/wire/registry.ts';
import type { EventName } from '../../model/event-name.ts';
import type { DispatchOptions } from '../options.ts';
import type { DispatchResult } from './result.ts';

type Wire = typeof WIRE;

/** Whether `E` is the whole `EventName` union (an untyped call) rather than one event. */
type IsAnyEvent<E extends EventName> = [EventName] extends [E] ? true : false;

/**
 * What `engine.dispatch(event, input)` takes for a canonical event name: the event's own fields
 * as its wire schema declares them (required ones required), and any common field (§3.1), which
 * the engine fills when absent.
 */
export type DispatchInput<E extends EventName> =
  IsAnyEvent<E> extends true
    ? Record<string, unknown>
    : E extends EventName
      ? EngineFilled<EventFields<E>> & Partial<CommonInput>
      : never;

/** Event fields the engine fills when the host leaves them out: the Stop loop's `stop_hook_active` (stop-loop.ts). */
type FilledByEngine = 'stop_hook_active';

type EngineFilled<T> = Omit<T, FilledByEngine> & Partial<Pick<T, FilledByEngine & keyof T>>;

/** `input` may be left out only where the event has no required field (`Stop`, `SessionEnd` …). */
export type DispatchArgs<E extends EventName> =
  Record<string, never> extends EngineFilled<EventFields<E>>
    ? [input?: DispatchInput<E>, options?: DispatchOptions]
    : [input: DispatchInput<E>, options?: DispatchOptions];

/**
 * What a function hook on `E` receives: the canonical payload, common fields filled in by the
 * engine and `hook_event_name` set to `E` (claude-code-hooks.md §3.1).
 */
export type FunctionHookInput<E extends EventName> =
  IsAnyEvent<E> extends true
    ? Record<string, unknown>
    : EventFields<E> & Omit<CommonInput, 'hook_event_name'> & { hook_event_name: E };

/** Keys of an event's Copilot flat output, when it has one. */
type CopilotKeys<E extends EventName> = Wire[E] extends { readonly copilot: infer C } ? keyof C : never;

type Reads<E extends EventName, K extends string> = K extends keyof Wire[E]['hookSpecific'] | CopilotKeys<E>
  ? true
  : false;

/** `hookSpecificOutput` fields the engine maps onto the result's own fields, not `eventOutput`. */
type MappedSpecific =
  | 'permissionDecision'
  | 'permissionDecisionReason'
  | 'updatedInput'
  | 'additionalContext'
  | 'decision'
  | 'reason'
  | 'updatedToolOutput'
  | 'updatedMCPToolOutput';

/**
 * `eventOutput` of one event: its own `hookSpecificOutput` fields the result has no field for
 * (`sessionTitle`, `watchPaths`, `retry`, `action`, …), typed; other keys a handler printed
 * (and Copilot's rewrite fields) stay `unknown`.
 */
export type EventOutput<E extends EventName> = Omit<HookSpecificFields<E>, MappedSpecific> &
  Record<string, unknown>;

/** Result fields only some events can set; on other events they are absent from the type. */
type Unused<E extends EventName> =
  | (Reads<E, 'updatedToolOutput'> | Reads<E, 'modifiedResult'> extends false ? 'updatedToolOutput' : never)
  | (Reads<E, 'modifiedPrompt'> extends false ? 'updatedPrompt' : never)
  | (E extends 'PermissionRequest' ? never : 'permission')
  | (E extends 'Stop' | 'SubagentStop' ? never : 'stopCapReached')
  | (RewritesInput<E> extends true ? never : 'updatedInputCheck');

/** Whether a handler can rewrite the tool input on `E` (`updatedInput`, Copilot `modifiedArgs`). */
type RewritesInput<E extends EventName> = E extends 'PermissionRequest'
  ? true
  : Reads<E, 'updatedInput'> | Reads<E, 'modifiedArgs'> extends false
    ? false
    : true;

/**
 * The result of dispatching `E`: `event` is `E`, `eventOutput` carries the event's own fields,
 * and fields no handler can set on `E` (`permission` outside PermissionRequest, …) are absent.
 */
export type EventDispatchResult<E extends EventName> =
  IsAnyEvent<E> extends true
    ? DispatchResult
    : Omit<DispatchResult, 'event' | 'eventOutput' | 'updatedInput' | Unused<E>> & {
        event: E;
        eventOutput: EventOutput<E>;
        updatedInput: RewritesInput<E> extends true ? Record<string, unknown> | null : null;
      };

/**
 * An event name the compiler cannot check: a `string` read at run time (a CLI argument, a
 * request body). A string literal that is no event's spelling is rejected (`never`); at run time
 * an unknown name is the coded error ENGINE_UNKNOWN_EVENT.
 */
export type RuntimeEventName<S extends string> = string extends S ? S : never;
