import type { HookEngine } from '../engine/engine.ts';
import type { EventName } from '../model/event-name.ts';
import type { FunctionHandler } from '../model/handler.ts';

/** Something a callback did that the dispatch result cannot show (fail-open timeouts, errors). */
export interface SdkCallbackIssue {
  event: EventName;
  kind: 'timeout' | 'error' | 'invalid-output';
  message: string;
  toolUseId?: string;
}

/** The catalogue code of each kind of issue (docs/errors.md). */
export const SDK_ISSUE_CODES = {
  timeout: 'SDK_CALLBACK_TIMEOUT',
  error: 'SDK_CALLBACK_FAILED',
  'invalid-output': 'SDK_CALLBACK_INVALID_OUTPUT',
} as const satisfies Record<SdkCallbackIssue['kind'], string>;

/** A callback that answered `{ async: true }` and may still be working (claude-code-hooks.md §4.7). */
export interface PendingAsyncCallback {
  event: EventName;
  toolUseId?: string;
  /** How long its signal stays live, in milliseconds. */
  asyncTimeoutMs: number;
  startedAt: number;
  /** The signal the callback was given; aborted when asyncTimeout passes or on dispose. */
  signal: AbortSignal;
}

/**
 * What `registerClaudeSdkHooks` / `registerCopilotSdkHooks` return: call it to remove the hooks
 * (and abort any async callback still pending); the properties are for hosts and tests.
 */
export interface SdkHooksRegistration {
  (): void;
  readonly sessionId: string;
  /** Ids of the function hooks registered on the session store. */
  readonly hookIds: readonly string[];
  readonly issues: readonly SdkCallbackIssue[];
  pendingAsync(): readonly PendingAsyncCallback[];
  /** Resolves once no async callback is pending. */
  settleAsync(): Promise<void>;
}

/** Shared bookkeeping for one registration: hook ids, issues and pending async callbacks. */
export class RegistrationState {
  readonly ids: { event: EventName; id: string }[] = [];
  readonly issues: SdkCallbackIssue[] = [];
  readonly #pending = new Map<PendingAsyncCallback, { controller: AbortController; timer: NodeJS.Timeout }>();
  #waiters: (() => void)[] = [];
  readonly #onIssue: ((issue: SdkCallbackIssue) => void) | undefined;

  constructor(onIssue?: (issue: SdkCallbackIssue) => void) {
    this.#onIssue = onIssue;
  }

  /**
   * To `onIssue`; without one, a process warning with the issue's code, as `withHooks` reports
   * its diagnostics: a guard callback that keeps failing is never silent.
   */
  report(issue: SdkCallbackIssue): void {
    this.issues.push(issue);
    if (this.#onIssue) this.#onIssue(issue);
    else process.emitWarning(issue.message, { code: SDK_ISSUE_CODES[issue.kind] });
  }

  /** Keeps `controller` live for `asyncTimeoutMs`, then aborts it so background work stops. */
  trackAsync(entry: Omit<PendingAsyncCallback, 'signal' | 'startedAt'>, controller: AbortController): void {
    const pending: PendingAsyncCallback = { ...entry, startedAt: Date.now(), signal: controller.signal };
    const timer = setTimeout(
      () => this.#finish(pending, 'async hook callback timed out'),
      entry.asyncTimeoutMs,
    );
    timer.unref();
    this.#pending.set(pending, { controller, timer });
  }

  pending(): PendingAsyncCallback[] {
    return [...this.#pending.keys()];
  }

  settle(): Promise<void> {
    if (this.#pending.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.#waiters.push(resolve));
  }

  cancelAll(): void {
    for (const pending of [...this.#pending.keys()]) this.#finish(pending, 'SDK hooks were removed');
  }

  #finish(pending: PendingAsyncCallback, why: string): void {
    const entry = this.#pending.get(pending);
    if (!entry) return;
    clearTimeout(entry.timer);
    this.#pending.delete(pending);
    entry.controller.abort(new Error(why));
    if (this.#pending.size === 0) {
      const waiters = this.#waiters;
      this.#waiters = [];
      for (const resolve of waiters) resolve();
    }
  }
}

/** Adds each handler to the session store and wraps the bookkeeping into a disposer. */
export function registerHandlers(
  engine: HookEngine,
  sessionId: string,
  handlers: readonly FunctionHandler[],
  state: RegistrationState,
): SdkHooksRegistration {
  const session = engine.session(sessionId);
  const registrations = handlers.map((handler) =>
    session.addSessionHook(handler.event, handler.matcher, handler),
  );
  for (const added of registrations) state.ids.push({ event: added.event, id: added.id });
  let disposed = false;
  const dispose = () => {
    if (disposed) return;
    disposed = true;
    for (const added of registrations) added();
    state.cancelAll();
  };
  return Object.assign(dispose, {
    sessionId,
    hookIds: state.ids.map((entry) => entry.id),
    issues: state.issues,
    pendingAsync: () => state.pending(),
    settleAsync: () => state.settle(),
  });
}
