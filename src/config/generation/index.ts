export { loadConfig } from './load-config.ts';
export { createConfigStore } from './store.ts';
export type { ConfigChange, ConfigGeneration, LoadOptions } from './types.ts';
// The watcher is deliberately not re-exported: import './watcher.ts' only when watching.
