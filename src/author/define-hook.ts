import { type EventName, isEventName } from '../model/event-name.ts';
import type { HookResult } from './effects.ts';
import { type OnError, outcomeApplies } from './failure.ts';
import {
  type HookContext,
  type HookDefinition,
  type HookRun,
  type InvokeOptions,
  invokeHook,
} from './invoke.ts';
import { isMain, type RunOptions, runDefinition } from './run.ts';
import {
  type ForTools,
  type HookInput,
  type Host,
  TOOL_EVENTS,
  type ToolEvent,
  type ToolName,
} from './types.ts';

export interface HookOptions<E extends EventName, T extends ToolName = ToolName> {
  /** Named in messages (default: the script's file name). */
  name?: string;
  /**
   * Tool events only: the tools this hook answers (exact names); others get no decision. Narrows
   * `input` to those tools and gives `matcher` for the configuration.
   */
  tools?: E extends ToolEvent ? readonly T[] : never;
  /** The outcome when the hook fails (bad payload, a throw, a timeout, an invalid answer). */
  onError?: OnError<E>;
  /** How long the handler may take (default: 90% of the host's default timeout for the event). */
  timeoutMs?: number;
  /** Answer this host, instead of detecting it from the payload and environment. */
  host?: Host;
}

export type HookHandler<E extends EventName, I = HookInput<E>> = (
  input: I,
  context: HookContext<E>,
) => HookResult<E> | Promise<HookResult<E>>;

/** A hook written with the SDK: run it as a script, call it in a test, or register it in an engine. */
export interface DefinedHook<E extends EventName = EventName> {
  readonly event: E;
  readonly name: string | undefined;
  readonly tools: readonly string[] | undefined;
  /** A Claude Code `matcher` for `tools` (`Bash|Write`), or `''` (every tool). */
  readonly matcher: string;
  readonly timeoutMs: number | undefined;
  /** Runs the hook on one payload (any host's shape) and returns what its process would print. */
  invoke(payload: unknown, options?: InvokeOptions): Promise<HookRun>;
  /** Reads stdin, answers, prints, and exits with the host's code (the code is also returned). */
  run(options?: RunOptions): Promise<number>;
  /** `run()` when `moduleUrl` (pass `import.meta.url`) is the script node started; returns the hook. */
  runIfMain(moduleUrl: string, options?: RunOptions): this;
}

function check(condition: boolean, message: string): void {
  if (!condition) throw new TypeError(`defineHook: ${message}`);
}

function validate(event: unknown, options: HookOptions<EventName>): asserts event is EventName {
  if (typeof event !== 'string' || !isEventName(event)) {
    throw new TypeError(
      `defineHook: ${JSON.stringify(event)} is not an event name (e.g. "PreToolUse", "Stop")`,
    );
  }
  const { tools, onError, timeoutMs } = options;
  if (tools !== undefined) {
    check(
      (TOOL_EVENTS as readonly string[]).includes(event),
      `tools applies to tool events only, not ${event}`,
    );
    check(
      Array.isArray(tools) && tools.every((tool) => typeof tool === 'string' && tool !== ''),
      'tools must list tool names',
    );
  }
  if (typeof onError === 'string') {
    check(outcomeApplies(event, onError), `onError ${JSON.stringify(onError)} does not apply to ${event}`);
  }
  if (timeoutMs !== undefined) {
    check(Number.isFinite(timeoutMs) && timeoutMs > 0, `timeoutMs must be a positive number of milliseconds`);
  }
}

/**
 * Defines a hook for one event. `input` is typed per event and, on tool events, per tool; the
 * handler returns helpers (`allow()`, `deny(reason)`, `context(text)`, …) or nothing.
 */
export function defineHook<E extends EventName>(event: E, handler: HookHandler<E>): DefinedHook<E>;
export function defineHook<E extends EventName, const T extends ToolName = ToolName>(
  event: E,
  options: HookOptions<E, T>,
  handler: HookHandler<E, ForTools<HookInput<E>, T>>,
): DefinedHook<E>;
export function defineHook(
  event: EventName,
  optionsOrHandler: HookOptions<EventName> | HookHandler<EventName, never>,
  maybeHandler?: HookHandler<EventName, never>,
): DefinedHook {
  const options = typeof optionsOrHandler === 'function' ? {} : optionsOrHandler;
  const handler = typeof optionsOrHandler === 'function' ? optionsOrHandler : maybeHandler;
  validate(event, options);
  check(typeof handler === 'function', 'the last argument must be the handler function');
  const def: HookDefinition = {
    event,
    handler: handler as HookDefinition['handler'],
    name: options.name,
    tools: options.tools ? [...options.tools] : undefined,
    onError: options.onError as OnError<EventName> | undefined,
    timeoutMs: options.timeoutMs,
    host: options.host,
  };
  const hook: DefinedHook = {
    event,
    name: def.name,
    tools: def.tools,
    matcher: def.tools?.join('|') ?? '',
    timeoutMs: def.timeoutMs,
    invoke: (payload, invokeOptions) => invokeHook(def, payload, invokeOptions),
    run: (runOptions) => runDefinition(def, runOptions),
    runIfMain(moduleUrl, runOptions) {
      if (isMain(moduleUrl)) void runDefinition(def, runOptions);
      return this;
    },
  };
  return Object.freeze(hook);
}

/** Runs `hook` as the process's hook: the same as `hook.run(options)`. */
export function runHook(hook: DefinedHook, options?: RunOptions): Promise<number> {
  return hook.run(options);
}
