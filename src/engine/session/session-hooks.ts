import type { Diagnostic } from '../../errors.ts';
import type { EventName } from '../../model/event-name.ts';
import type { FunctionHandler, NormalizedHandler } from '../../model/handler.ts';
import { FUNCTION_HOOK_DEFAULT_TIMEOUT_MS } from '../../runners/function/function-runner.ts';
import type { FunctionHookInput } from '../dispatch/typed.ts';

/** An in-process hook; on one event `E` it receives that event's typed payload. */
export type FunctionHookCallback<E extends EventName = EventName> = (
  input: FunctionHookInput<E>,
  signal: AbortSignal,
  messages?: readonly unknown[],
) => unknown;

export interface FunctionHookOptions {
  /** Timeout in milliseconds (default 5,000, claude-code-hooks.md §4.8). */
  timeout?: number;
  id?: string;
}

let nextHookId = 1;

/**
 * In-memory hooks for one session id, never persisted (seed 004, "session hooks"). State is a
 * Map keyed by session id; ending a session drops its hooks.
 */
export class SessionHookStore {
  readonly #sessions = new Map<string, Map<EventName, NormalizedHandler[]>>();
  readonly #subagentOf = new WeakMap<NormalizedHandler, string>();
  /** Each registered frontmatter hook's configured handler: trust is decided on that one. */
  readonly #originOf = new WeakMap<NormalizedHandler, NormalizedHandler>();
  /** What reading each session hook's entry said (sayRegistrationNotes puts it in the results). */
  readonly #notes = new WeakMap<NormalizedHandler, readonly Diagnostic[]>();
  #version = 0;

  /** Changes whenever any session's hooks change, so planners can cache per version. */
  get version(): number {
    return this.#version;
  }

  hooksFor(sessionId: string, event: EventName): readonly NormalizedHandler[] {
    return this.#sessions.get(sessionId)?.get(event) ?? [];
  }

  hasAny(sessionId: string): boolean {
    return this.#sessions.has(sessionId);
  }

  addSessionHook(
    sessionId: string,
    event: EventName,
    matcher: string | undefined,
    handler: NormalizedHandler,
    notes: readonly Diagnostic[] = [],
  ): string {
    const hook = { ...handler, event, ...(matcher !== undefined ? { matcher } : {}) } as NormalizedHandler;
    const id = hook.type === 'function' ? hook.spec.id : `session-hook-${nextHookId++}`;
    const stored = {
      ...hook,
      source: { ...hook.source, scope: 'session' as const, pointer: `${SESSION_POINTER}${id}` },
    } as NormalizedHandler;
    if (notes.length > 0) this.#notes.set(stored, notes);
    this.#push(sessionId, event, stored);
    return id;
  }

  /** What reading a session hook's entry said short of an error, if anything. */
  notesOf(hook: NormalizedHandler): readonly Diagnostic[] | undefined {
    return this.#notes.get(hook);
  }

  addFunctionHook(
    sessionId: string,
    event: EventName,
    matcher: string | undefined,
    callback: FunctionHookCallback,
    errorMessage: string,
    options: FunctionHookOptions = {},
  ): string {
    const id = options.id ?? `function-hook-${nextHookId++}`;
    const handler: FunctionHandler = {
      type: 'function',
      event,
      eventKey: event,
      dialect: 'claude',
      source: { file: '<session>', pointer: `/session/${id}`, scope: 'session' },
      ...(matcher !== undefined && matcher !== '' ? { matcher } : {}),
      timeoutMs: options.timeout ?? FUNCTION_HOOK_DEFAULT_TIMEOUT_MS,
      spec: { id, callback, errorMessage },
    };
    this.#push(sessionId, event, handler);
    return id;
  }

  /**
   * Registers a skill's or an agent's frontmatter hooks (claude-code-hooks.md §4.8, §2.15). For an
   * agent running as a subagent, `Stop` becomes `SubagentStop` and the hooks go away when that
   * subagent stops. Returns a disposer.
   */
  addFrontmatterHooks(
    sessionId: string,
    handlers: readonly NormalizedHandler[],
    options: { subagentId?: string } = {},
  ): () => void {
    const added: NormalizedHandler[] = [];
    for (const handler of handlers) {
      const event: EventName =
        options.subagentId !== undefined && handler.event === 'Stop' ? 'SubagentStop' : handler.event;
      const hook = {
        ...handler,
        event,
        source: { ...handler.source, scope: 'session' as const },
      } as NormalizedHandler;
      // claude-code-hooks.md §4.1 `once`: honoured in skill frontmatter only, ignored for agents.
      if (options.subagentId !== undefined) delete hook.once;
      if (options.subagentId !== undefined) this.#subagentOf.set(hook, options.subagentId);
      this.#originOf.set(hook, handler);
      this.#push(sessionId, event, hook);
      added.push(hook);
    }
    return () => this.removeWhere(sessionId, (hook) => added.includes(hook));
  }

  /**
   * The configured handler a registered frontmatter hook was copied from (its scope became
   * `session`); the hook itself for every other hook. The trust gate asks about this one.
   */
  originOf(hook: NormalizedHandler): NormalizedHandler {
    return this.#originOf.get(hook) ?? hook;
  }

  /** The subagent a frontmatter hook belongs to, if any. */
  subagentOf(hook: NormalizedHandler): string | undefined {
    return this.#subagentOf.get(hook);
  }

  removeSessionHook(sessionId: string, event: EventName, id: string): boolean {
    const hooks = this.#sessions.get(sessionId)?.get(event);
    if (!hooks) return false;
    const index = hooks.findIndex((hook) => sessionHookId(hook) === id);
    if (index < 0) return false;
    hooks.splice(index, 1);
    this.#version += 1;
    return true;
  }

  removeWhere(sessionId: string, predicate: (hook: NormalizedHandler) => boolean): void {
    const events = this.#sessions.get(sessionId);
    if (!events) return;
    for (const [event, hooks] of events)
      events.set(
        event,
        hooks.filter((hook) => !predicate(hook)),
      );
    this.#version += 1;
  }

  endSession(sessionId: string): void {
    if (this.#sessions.delete(sessionId)) this.#version += 1;
  }

  #push(sessionId: string, event: EventName, handler: NormalizedHandler): void {
    let events = this.#sessions.get(sessionId);
    if (!events) {
      events = new Map();
      this.#sessions.set(sessionId, events);
    }
    const hooks = events.get(event) ?? [];
    hooks.push(handler);
    events.set(event, hooks);
    this.#version += 1;
  }
}

const SESSION_POINTER = '/session/';

/** The id a session hook was registered under (function hooks keep their own id). */
function sessionHookId(hook: NormalizedHandler): string | undefined {
  if (hook.type === 'function') return hook.spec.id;
  return hook.source.pointer.startsWith(SESSION_POINTER)
    ? hook.source.pointer.slice(SESSION_POINTER.length)
    : undefined;
}
