import type { EventName } from '../../model/event-name.ts';
import type { NormalizedHandler } from '../../model/handler.ts';
import type { FunctionHookCallback, FunctionHookOptions, SessionHookStore } from './session-hooks.ts';

/** The hooks of one session id (seed 004 "session hooks"). */
export class SessionHandle {
  readonly id: string;
  readonly #store: SessionHookStore;
  readonly #onEnd: () => void;

  readonly #frontmatter: (file: string) => readonly NormalizedHandler[];

  constructor(
    store: SessionHookStore,
    id: string,
    onEnd: () => void,
    frontmatter: (file: string) => readonly NormalizedHandler[] = () => [],
  ) {
    this.#store = store;
    this.id = id;
    this.#onEnd = onEnd;
    this.#frontmatter = frontmatter;
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

  removeFunctionHook(event: EventName, id: string): boolean {
    return this.#store.removeFunctionHook(this.id, event, id);
  }

  /** Ending a session removes all of its hooks and its Stop-block counter. */
  end(): void {
    this.#store.endSession(this.id);
    this.#onEnd();
  }
}
