/**
 * Tells the code cache (src/cli/code-cache.ts) that this start has run a whole event: the
 * functions V8 compiled by now are the ones every start of `run` and `bridge` needs, so the cache
 * written at exit holds them. A start that ended early (bad input, `--version`, a usage error)
 * would cache too little, and every later start would compile the rest again. A symbol in the
 * global registry, not an import: the loader is loaded before, and apart from, the code it runs.
 */
const COLD_PATH_WARM = Symbol.for('agent-hooks.cold-path-warm');

export function markColdPathWarm(): void {
  (globalThis as Record<symbol, unknown>)[COLD_PATH_WARM] = true;
}
