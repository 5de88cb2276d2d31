import type { EventName } from '../../model/event-name.ts';
import type { NormalizedHandler } from '../../model/handler.ts';
import type { ProfileName } from '../../model/profile-name.ts';
import { type SessionHookEntry, sessionHookHandler } from './session-hook-entry.ts';
import type { FunctionHookCallback, FunctionHookOptions, SessionHookStore } from './session-hooks.ts';

/**
 * A registered hook: call it to remove the hook again. `id` is the seed's hook id, which
 * `removeFunctionHook(event, id)` also accepts (seed 004 "session hooks").
 */
export type HookRegistration = (() => void) & { readonly id: string; readonly event: EventName };

function registration(id: string, event: EventName, remove: () => void): HookRegistration {
  let removed = false;
  const dispose = () => {
    if (removed) return;
    removed = true;
    remove();
  };
  return Object.assign(dispose, { id, event });
}

/**
 * The hooks of one session id (seed 004 "session hooks"). Made by `engine.session(id)`; every
 * registration returns a disposer.
 */
export class SessionHandle {
  readonly id: string;
  readonly #store: SessionHookStore;
  readonly #onEnd: () => void;

  readonly #frontmatter: (file: string) => readonly NormalizedHandler[];
  readonly #profile: ProfileName;

  constructor(
    store: SessionHookStore,
    id: string,
    onEnd: () => void,
    frontmatter: (file: string) => readonly NormalizedHandler[] = () => [],
    profile: ProfileName = 'claude-code',
  ) {
    this.#store = store;
    this.id = id;
    this.#onEnd = onEnd;
    this.#frontmatter = frontmatter;
    this.#profile = profile;
  }

  /**
   * Adds a hook to this session: an entry as a Claude settings file spells it (seed 004:
   * `{ type: 'command', command: './verify-output.sh' }`), validated like configuration (an
   * invalid one throws ENGINE_INVALID_SESSION_HOOK here) and read as the profile's host reads a
   * Claude settings file (VS Code's rules under vscode: what it drops is in each dispatch result
   * the hook runs in), or an already-normalized handler. Returns its disposer.
   */
  addSessionHook(
    event: EventName,
    matcher: string | undefined,
    handler: NormalizedHandler | SessionHookEntry,
  ): HookRegistration {
    const read = sessionHookHandler(event, matcher, handler, this.#profile);
    const id = this.#store.addSessionHook(this.id, event, read.matcher, read.handler, read.notes);
    return registration(id, event, () => this.#store.removeSessionHook(this.id, event, id));
  }

  /**
   * Adds an in-process hook, called with the typed payload of `event`; `false`, a throw or a
   * timeout blocks with `errorMessage`. Returns a
   * disposer that also carries the hook id (`registration.id`).
   */
  addFunctionHook<E extends EventName>(
    event: E,
    matcher: string | undefined,
    callback: FunctionHookCallback<E>,
    errorMessage: string,
    options: FunctionHookOptions = {},
  ): HookRegistration {
    // The runner calls it only with the canonical payload of `event` (function-runner.ts).
    const untyped = callback as unknown as FunctionHookCallback;
    const id = this.#store.addFunctionHook(this.id, event, matcher, untyped, errorMessage, options);
    return registration(id, event, () => this.#store.removeSessionHook(this.id, event, id));
  }

  /**
   * Registers the frontmatter `hooks:` of a skill or agent markdown file for this session. The
   * file must be one the configuration discovered (see `agent-hooks list`), or pass handlers.
   * With `subagentId`, an agent's `Stop` fires as `SubagentStop` and the hooks are removed when
   * that subagent stops. Returns a disposer.
   */
  registerFrontmatterHooks(
    fileOrHandlers: string | readonly NormalizedHandler[],
    options: { subagentId?: string } = {},
  ): () => void {
    const handlers = typeof fileOrHandlers === 'string' ? this.#frontmatter(fileOrHandlers) : fileOrHandlers;
    return this.#store.addFrontmatterHooks(this.id, handlers, options);
  }

  /** Removes a hook by its id or registration (seed 004); returns whether it was there. */
  removeFunctionHook(event: EventName, id: string | HookRegistration): boolean {
    return this.#store.removeSessionHook(this.id, event, typeof id === 'string' ? id : id.id);
  }

  /** Whether this session has any hooks registered. */
  hasHooks(): boolean {
    return this.#store.hasAny(this.id);
  }

  /** Ending a session removes all of its hooks and its Stop-block counter. */
  end(): void {
    this.#store.endSession(this.id);
    this.#onEnd();
  }
}
