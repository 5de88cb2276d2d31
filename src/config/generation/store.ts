import { loadConfig } from './load-config.ts';
import type { ConfigGeneration, LoadOptions } from './types.ts';
import type { ConfigWatcher, WatchOptions } from './watcher.ts';

export interface ConfigStore {
  /** The generation in force; never changes under a caller holding it. */
  current(): ConfigGeneration;
  /** Builds the next generation and makes it current; concurrent calls are serialized. */
  reload(): Promise<ConfigGeneration>;
  /** Starts the file watcher (chokidar is imported only now). */
  watch(options?: WatchOptions): Promise<ConfigWatcher>;
  /** Stops every watcher started by `watch`. */
  close(): Promise<void>;
}

/** Loads the first generation and returns a store that can reload and watch. */
export async function createConfigStore(options: LoadOptions): Promise<ConfigStore> {
  let generation = await loadConfig(options);
  let queue: Promise<unknown> = Promise.resolve();
  const watchers: ConfigWatcher[] = [];
  const store: ConfigStore = {
    current: () => generation,
    reload() {
      const next = queue.then(async () => {
        generation = await loadConfig(options, generation);
        return generation;
      });
      queue = next.catch(() => undefined);
      return next;
    },
    async watch(watchOptions = {}) {
      const { watchConfig } = await import('./watcher.ts');
      const watcher = await watchConfig(store, options, watchOptions);
      watchers.push(watcher);
      return watcher;
    },
    async close() {
      await Promise.all(watchers.splice(0).map((w) => w.close()));
    },
  };
  return store;
}
