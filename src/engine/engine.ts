import { homedir } from 'node:os';
import { resolve } from 'node:path';
import { HookError } from '../errors.ts';
import type { EventAlias } from '../events/event-spelling.ts';
import type { EventName } from '../model/event-name.ts';
import type { ProfileName } from '../model/profile-name.ts';
import { SpillStore } from './aggregate/spill-store.ts';
import { AsyncHookRegistry } from './async/async-registry.ts';
import type { AsyncHookResult, AsyncHookStart } from './async/async-types.ts';
import type { EngineContext } from './context.ts';
import { dispatchEvent, unboundedSignal } from './dispatch/dispatch.ts';
import type { DispatchResult, HookRunReport } from './dispatch/result.ts';
import type { DispatchArgs, EventDispatchResult, RuntimeEventName } from './dispatch/typed.ts';
import type { DispatchOptions, EngineWatchOptions, HookEngineOptions } from './options.ts';
import { getProfile } from './profiles/profiles.ts';
import { checkInvalidRewriteOption } from './rewrite-check/invalid-rewrite-option.ts';
import { RunnerRegistry } from './run/runner-registry.ts';
import { agentStopGate } from './session/agent-stop-gate.ts';
import { type HookRegistration, SessionHandle } from './session/session-handle.ts';
import {
  type FunctionHookCallback,
  type FunctionHookOptions,
  SessionHookStore,
} from './session/session-hooks.ts';
import { MemorySessionState, type SessionStateStore, stopStateKey } from './session/session-state.ts';
import { GenerationQueue } from './snapshot/generation-queue.ts';
import { loadOptionsOf, loadSnapshot } from './snapshot/load-snapshot.ts';
import type { ConfigSnapshot, ConfigView } from './snapshot/snapshot.ts';
import { TelemetryBus } from './telemetry/bus.ts';
import { responseEvent } from './telemetry/response.ts';

/** The engine: dispatch events to configured and session hooks, and explain every decision. */
export class HookEngine {
  readonly options: Readonly<HookEngineOptions>;
  readonly telemetry: TelemetryBus;
  readonly #sessionHooks = new SessionHookStore();
  readonly #registry: RunnerRegistry;
  readonly #asyncHooks: AsyncHookRegistry;
  readonly #sessionState: SessionStateStore;
  readonly #generations: GenerationQueue<ConfigSnapshot>;
  #closed = false;
  #closeDone: Promise<void> | undefined;
  readonly #watchers: { close(): Promise<void> }[] = [];
  #cachedContext: EngineContext | undefined;
  readonly #closing = new AbortController();
  readonly #planCache: EngineContext['planCache'] = new Map();
  readonly #spills: SpillStore;

  constructor(options: HookEngineOptions, snapshot: ConfigSnapshot) {
    this.options = options;
    this.#sessionState = options.sessionState ?? new MemorySessionState();
    this.#spills = new SpillStore(options.spillDir);
    this.#spills.sweep();
    this.#generations = new GenerationQueue(snapshot, (id, current) => loadSnapshot(options, id, current));
    const gateHost = {
      sessionHooks: this.#sessionHooks,
      dispatch: this.dispatch.bind(this),
      forgetStopBlocks: (sessionId: string) => this.#forgetStopBlocks(sessionId),
    };
    this.#registry = new RunnerRegistry(options.runners, {
      stopGate: (check, message, { sessionId }) => agentStopGate(gateHost, check, message, sessionId),
    });
    this.#asyncHooks = new AsyncHookRegistry({
      ...(options.onAsyncWake ? { onWake: options.onAsyncWake } : {}),
      onFinished: (start, _result, report) => this.#asyncFinished(start, report),
    });
    this.telemetry = new TelemetryBus({
      includeHookEvents: options.includeHookEvents ?? false,
      ...(options.progressIntervalMs !== undefined ? { progressIntervalMs: options.progressIntervalMs } : {}),
    });
    if (options.onTelemetry) this.telemetry.subscribe(options.onTelemetry);
  }

  get profile(): ProfileName {
    return this.options.profile ?? 'claude-code';
  }

  get sessionId(): string {
    return this.options.sessionId ?? 'agent-hooks-session';
  }

  /** The configuration generation in use (handlers, skipped entries, diagnostics, locations). */
  get config(): ConfigView {
    return this.#generations.current;
  }

  /**
   * Dispatches one event. With a canonical name the input and the result are typed per event
   * (`dispatch('PreToolUse', { tool_name, tool_input, tool_use_id })`); another dialect's spelling
   * (`preToolUse`, `agentStop`) takes that host's payload as is; a `string` only known at run time
   * is checked then (ENGINE_UNKNOWN_EVENT). A misspelt literal does not compile.
   */
  dispatch<E extends EventName>(event: E, ...rest: DispatchArgs<E>): Promise<EventDispatchResult<E>>;
  dispatch(
    event: EventAlias,
    input?: Record<string, unknown>,
    options?: DispatchOptions,
  ): Promise<DispatchResult>;
  dispatch<S extends string>(
    event: RuntimeEventName<S>,
    input?: Record<string, unknown>,
    options?: DispatchOptions,
  ): Promise<DispatchResult>;
  dispatch(event: string, input?: object, options: DispatchOptions = {}): Promise<DispatchResult> {
    if (this.#closed) return Promise.reject(new HookError('ENGINE_CLOSED', 'dispatch() after close()'));
    return dispatchEvent(this.#context(), event, (input ?? {}) as Record<string, unknown>, options);
  }

  /** The hooks of one session: function hooks and frontmatter hooks live here. */
  session(sessionId: string = this.sessionId): SessionHandle {
    return new SessionHandle(
      this.#sessionHooks,
      sessionId,
      () => this.#forgetStopBlocks(sessionId),
      (file) => {
        const wanted = resolve(this.config.projectDir, file);
        const found = this.config.frontmatter.filter((handler) => resolve(handler.source.file) === wanted);
        if (found.length === 0) {
          throw new HookError('ENGINE_NO_FRONTMATTER_HOOKS', `no frontmatter hooks were loaded from ${file}`);
        }
        return found;
      },
      this.profile,
    );
  }

  /**
   * Convenience: registers a function hook on the default (or given) session; returns its
   * disposer. The callback receives the typed payload of `event`.
   */
  addFunctionHook<E extends EventName>(
    event: E,
    matcher: string,
    callback: FunctionHookCallback<E>,
    errorMessage: string,
    options: FunctionHookOptions & { sessionId?: string } = {},
  ): HookRegistration {
    return this.session(options.sessionId ?? this.sessionId).addFunctionHook(
      event,
      matcher,
      callback,
      errorMessage,
      options,
    );
  }

  /**
   * Reads configuration again into a new generation; the old one keeps serving until it is built.
   * Concurrent calls are serialized: the newest read always wins, and generation ids only increase.
   */
  reload(): Promise<ConfigView> {
    return this.#generations.reload();
  }

  /**
   * The host's poll (seed 004 `checkForAsyncHookResponses`): results of background hooks that
   * finished since the last call. Deliver `additionalContext` and `systemMessage` to the model on
   * its next turn; nothing else from them has an effect (claude-code-hooks.md §4.7).
   */
  collectAsyncResults(): AsyncHookResult[] {
    return this.#asyncHooks.collect();
  }

  /** How many background hooks are still running. */
  pendingAsync(): number {
    return this.#asyncHooks.pending;
  }

  /** Resolves when no background hook is running; their results then wait in `collectAsyncResults()`. */
  waitForAsync(): Promise<void> {
    return this.#asyncHooks.waitForAll();
  }

  /**
   * Watches every configuration location of the profile (chokidar, loaded only now). Each changed
   * file first dispatches `ConfigChange` with its `source` and `file_path`; a block keeps the old
   * configuration, except for policy settings, which cannot be blocked (claude-code-hooks.md
   * §2.21, §6.3). Otherwise the engine reloads into a new generation.
   */
  async watch(options: EngineWatchOptions = {}): Promise<{ close(): Promise<void> }> {
    if (this.options.discover === false) {
      throw new HookError(
        'ENGINE_WATCH_WITHOUT_DISCOVERY',
        'watch() needs discovered configuration (discover: true)',
      );
    }
    const { watchConfig } = await import('../config/generation/watcher.ts');
    const store = {
      current: () => this.#generations.current.generation!,
      reload: async () => (await this.#generations.reload()).generation!,
    };
    const watcher = await watchConfig(store, loadOptionsOf(this.options), {
      ...(options.debounceMs !== undefined ? { debounceMs: options.debounceMs } : {}),
      onChange: async (change) => {
        const result = await this.dispatch('ConfigChange', {
          source: change.source,
          file_path: change.file_path,
        });
        options.onConfigChange?.(result);
        return result.decision !== 'block';
      },
      onReload: () => options.onReload?.(this.config),
      ...(options.onBlocked ? { onBlocked: options.onBlocked } : {}),
      ...(options.onError ? { onError: options.onError } : {}),
    });
    this.#watchers.push(watcher);
    return watcher;
  }

  /**
   * Cancels running hooks and refuses further dispatches. Background hooks still running are
   * killed (whole process group) and reported as `cancelled` by a last `collectAsyncResults()`.
   * Runners close too: every MCP connection the engine opened, each stdio server verified gone.
   * The output this engine spilled is deleted unless `keepSpillsOnClose`.
   */
  close(): Promise<void> {
    // Idempotent: a CLI closes on a signal and again on its normal way out; both wait for one close.
    this.#closeDone ??= this.#shutDown();
    return this.#closeDone;
  }

  async #shutDown(): Promise<void> {
    this.#closed = true;
    this.#closing.abort(new Error('engine closed'));
    await Promise.all(this.#watchers.splice(0).map((watcher) => watcher.close()));
    await this.#asyncHooks.cancelAll();
    await this.#registry.close();
    if (!this.options.keepSpillsOnClose) this.#spills.deleteWritten();
  }

  #asyncFinished(start: AsyncHookStart, report: HookRunReport): void {
    if (!this.telemetry.active) return;
    const { dispatchId, id: hookId, event, sessionId } = start;
    this.telemetry.emit(responseEvent(report, { dispatchId, hookId, event, sessionId }, { decision: null }));
  }

  /** A session ended (or an agent hook's private session closed): its Stop-block count goes. */
  #forgetStopBlocks(sessionId: string): void {
    // Best effort: a shared store that fails here only keeps a count that expires with the session.
    void Promise.resolve()
      .then(() => this.#sessionState.reset(stopStateKey(sessionId)))
      .catch(() => undefined);
  }

  #context(): EngineContext {
    const snapshot = this.#generations.current;
    if (this.#cachedContext && this.#cachedContext.snapshot === snapshot) return this.#cachedContext;
    this.#cachedContext = {
      options: this.options,
      snapshot,
      profile: getProfile(this.profile),
      registry: this.#registry,
      telemetry: this.telemetry,
      sessionHooks: this.#sessionHooks,
      sessionState: this.#sessionState,
      closing: unboundedSignal(this.#closing.signal),
      planCache: this.#planCache,
      homeDir: this.options.homeDir ?? homedir(),
      projectDir: resolve(this.options.projectDir ?? this.options.cwd ?? process.cwd()),
      asyncHooks: this.#asyncHooks,
      spills: this.#spills,
    };
    return this.#cachedContext;
  }
}

/** Creates an engine and reads its configuration (DESIGN.md "Public library API"). */
export async function createHookEngine(options: HookEngineOptions = {}): Promise<HookEngine> {
  checkInvalidRewriteOption(options.invalidRewrite);
  const snapshot = await loadSnapshot(options, 1);
  return new HookEngine(options, snapshot);
}
