import type { HookEngine } from '../index.ts';

/**
 * Closes the engines a reload replaced only once nothing runs on them. Closing an engine cancels
 * its running hooks, and a cancelled hook decides nothing: a guard that was about to deny would
 * be answered as an allow (200 with no decision) just because the configuration changed.
 */
export class EngineRetirement {
  readonly #running = new Map<HookEngine, number>();
  readonly #retired = new Set<HookEngine>();

  /** Runs one dispatch on `engine`, counted so a retirement waits for it. */
  async use<T>(engine: HookEngine, run: () => Promise<T>): Promise<T> {
    this.#running.set(engine, (this.#running.get(engine) ?? 0) + 1);
    try {
      return await run();
    } finally {
      const left = (this.#running.get(engine) ?? 1) - 1;
      if (left > 0) this.#running.set(engine, left);
      else {
        this.#running.delete(engine);
        if (this.#retired.delete(engine)) void engine.close().catch(() => undefined);
      }
    }
  }

  /** Closes `engine` now if idle, else after its last running dispatch. */
  retire(engine: HookEngine): Promise<void> {
    if (this.#running.has(engine)) {
      this.#retired.add(engine);
      return Promise.resolve();
    }
    return engine.close();
  }

  /** Shutdown: closes the retired engines still running dispatches (which cancels their hooks). */
  async closeAll(): Promise<void> {
    const engines = [...this.#retired];
    this.#retired.clear();
    await Promise.all(engines.map((engine) => engine.close().catch(() => undefined)));
  }
}
