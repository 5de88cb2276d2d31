import type { NormalizedHandler } from '../config/model.ts';
import type { EventName } from '../events/names.ts';
import type { FunctionHookCallback, FunctionHookOptions, SessionHookStore } from './session-hooks.ts';

/** The hooks of one session id (seed 004 "session hooks"). */
export class SessionHandle {
  readonly id: string;
  readonly #store: SessionHookStore;
  readonly #onEnd: () => void;

  constructor(store: SessionHookStore, id: string, onEnd: () => void) {
    this.#store = store;
    this.id = id;
    this.#onEnd = onEnd;
  }

  addSessionHook(event: EventName, matcher: string | undefined, handler: NormalizedHandler): string {
    return this.#store.addSessionHook(this.id, event, matcher, handler);
  }

  /** Returns the hook id; `false`, a throw or a timeout blocks with `errorMessage`. */
  addFunctionHook(
    event: EventName,
    matcher: string | undefined,
    callback: FunctionHookCallback,
    errorMessage: string,
    options: FunctionHookOptions = {},
  ): string {
    return this.#store.addFunctionHook(this.id, event, matcher, callback, errorMessage, options);
  }

  removeFunctionHook(event: EventName, id: string): boolean {
    return this.#store.removeFunctionHook(this.id, event, id);
  }

  /** Ending a session removes all of its hooks and its Stop-block counter. */
  end(): void {
    this.#store.endSession(this.id);
    this.#onEnd();
  }
}
