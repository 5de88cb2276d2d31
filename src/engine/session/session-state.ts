// What the engine remembers about a session between dispatches: the consecutive Stop blocks
// (claude-code-hooks.md §2.18) and which `once` hooks have run (§4.1). In memory by default; a
// host that answers one session from several processes (the fleet server on one database, the
// per-call `bridge`) passes a store they share.

/** Counters by key. Each call may be synchronous or return a promise. */
export interface SessionStateStore {
  /** The counter's value; 0 when it was never set or was reset. */
  get(key: string): number | Promise<number>;
  /** Adds one and returns the new value, atomically: two callers never both get 1. */
  increment(key: string): number | Promise<number>;
  /** Removes the counter. */
  reset(key: string): void | Promise<void>;
}

/** The default store: a Map in this process. */
export class MemorySessionState implements SessionStateStore {
  readonly #counters = new Map<string, number>();

  get(key: string): number {
    return this.#counters.get(key) ?? 0;
  }

  increment(key: string): number {
    const value = (this.#counters.get(key) ?? 0) + 1;
    this.#counters.set(key, value);
    return value;
  }

  reset(key: string): void {
    this.#counters.delete(key);
  }
}

/** Keys start with what they count and hold the session id, so a store can expire them by age. */
export function stopStateKey(loopKey: string): string {
  return `stop-blocks\u0000${loopKey}`;
}

export function onceStateKey(sessionId: string, source: { file: string; pointer: string }): string {
  return `once\u0000${sessionId}\u0000${source.file}#${source.pointer}`;
}

/**
 * One engine's keys, kept apart from the others' in a store they share: the bridge's origins in
 * one session file, the fleet server's teams in one database.
 */
export function prefixedState(store: SessionStateStore, prefix: string): SessionStateStore {
  return {
    get: (key) => store.get(`${prefix}\u0000${key}`),
    increment: (key) => store.increment(`${prefix}\u0000${key}`),
    reset: (key) => store.reset(`${prefix}\u0000${key}`),
  };
}
