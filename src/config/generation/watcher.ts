import path from 'node:path';
import { discoveryTable } from '../discovery/index.ts';
import { readVscodeSettings, vscodeSettingsFiles } from '../discovery/vscode-settings.ts';
import { discoveryContext } from './load-config.ts';
import type { ConfigChange, ConfigGeneration, LoadOptions } from './types.ts';
import { isRelevant, type WatchTarget, watchRoots, watchTarget } from './watch-targets.ts';

/** Edits usually arrive as several events (truncate, write, rename); one reload covers them. */
export const WATCH_DEBOUNCE_MS = 150;
/**
 * chokidar drops a file's `change` event that comes within 50 ms of the one before it (it does
 * not defer it). A reload scheduled at least that long after the last delivered event reads the
 * file after any dropped write; a shorter wait could leave the engine on a half-written file's
 * last good hooks with the finished file never read again.
 */
export const MIN_WATCH_DEBOUNCE_MS = 50;

export interface WatchOptions {
  /** Quiet time before a reload (default 150 ms; at least `MIN_WATCH_DEBOUNCE_MS`). */
  debounceMs?: number;
  /**
   * Called once per changed file before the reload, with the generation still in force (the
   * engine dispatches `ConfigChange` hooks here). Return `false` to block applying the change;
   * `policy_settings` changes cannot be blocked (claude-code-hooks.md §2.21).
   */
  onChange?: (
    change: ConfigChange,
    current: ConfigGeneration,
  ) => boolean | undefined | Promise<boolean | undefined>;
  onReload?: (generation: ConfigGeneration) => void;
  /** Called instead of reloading when every change of a batch was blocked. */
  onBlocked?: (changes: ConfigChange[]) => void;
  onError?: (error: unknown) => void;
}

export interface ConfigWatcher {
  close(): Promise<void>;
}

interface Reloadable {
  current(): ConfigGeneration;
  reload(): Promise<ConfigGeneration>;
}

function targetFor(targets: readonly WatchTarget[], file: string): WatchTarget | undefined {
  return targets.find((t) => t.matches(file));
}

/**
 * The places to watch: every enabled location of the profile and, where the vscode profile reads
 * VS Code's settings files (`chat.hookFilesLocations` decides its locations), those files too.
 */
async function watchTargets(loadOptions: LoadOptions): Promise<WatchTarget[]> {
  const ctx = discoveryContext(loadOptions);
  const readsSettings = ctx.profile === 'vscode' && loadOptions.vscodeSettings === undefined;
  if (readsSettings) ctx.vscodeSettings = (await readVscodeSettings(ctx)).settings;
  const specs = discoveryTable(ctx).filter(
    (s) => !s.disabledReason && !s.rejectedReason && s.inlineText === undefined,
  );
  const settings = readsSettings
    ? vscodeSettingsFiles(ctx).map((file) => ({
        dir: path.dirname(file),
        matches: (f: string) => f === file,
      }))
    : [];
  return [...specs.map(watchTarget), ...settings];
}

/**
 * Watches every location of the profile and reloads the store when one of its files changes.
 * Lives in its own module so that chokidar is imported only by callers that watch.
 */
export async function watchConfig(
  store: Reloadable,
  loadOptions: LoadOptions,
  options: WatchOptions = {},
): Promise<ConfigWatcher> {
  const { watch } = await import('chokidar');
  let targets = await watchTargets(loadOptions);
  // A change of VS Code's settings files can add or remove locations: the targets follow it.
  const followsSettings = loadOptions.profile === 'vscode' && loadOptions.vscodeSettings === undefined;
  const pending = new Map<string, ConfigChange | undefined>();
  let timer: NodeJS.Timeout | undefined;
  let flushing = Promise.resolve();
  let closed = false;
  const debounceMs = Math.max(options.debounceMs ?? WATCH_DEBOUNCE_MS, MIN_WATCH_DEBOUNCE_MS);

  const flush = async (): Promise<void> => {
    const changes = [...pending.values()];
    pending.clear();
    if (followsSettings && !closed) {
      // Before the reload, so the locations it reads are watched by the time it is in force.
      targets = await watchTargets(loadOptions);
      watcher.add(watchRoots(targets));
    }
    await applyBatch(changes, store, options, () => closed);
  };

  const schedule = (file: string): void => {
    const abs = path.resolve(file);
    const target = targetFor(targets, abs);
    if (!target && !targets.some((t) => t.dir === abs)) return;
    const change = target?.changeSource ? { source: target.changeSource, file_path: abs } : undefined;
    if (!pending.has(abs) || change) pending.set(abs, change);
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      flushing = flushing.then(flush).catch((error: unknown) => options.onError?.(error));
    }, debounceMs);
  };

  const watcher = watch(watchRoots(targets), {
    ignoreInitial: true,
    ignored: (p: string) => !isRelevant(targets, path.resolve(p)),
  });
  for (const event of ['add', 'change', 'unlink', 'addDir', 'unlinkDir'] as const) {
    watcher.on(event, (file: string) => schedule(file));
  }
  watcher.on('error', (error: unknown) => options.onError?.(error));
  await new Promise<void>((resolve) => watcher.once('ready', () => resolve()));

  return {
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      await watcher.close();
      await flushing;
    },
  };
}

/**
 * One debounced batch of changes: each change's ConfigChange verdict first (`policy_settings`
 * cannot be blocked, claude-code-hooks.md §2.21), then the reload, unless every change was blocked.
 */
async function applyBatch(
  changes: readonly (ConfigChange | undefined)[],
  store: Reloadable,
  options: WatchOptions,
  closed: () => boolean,
): Promise<void> {
  let blocked = false;
  let unblockable = false;
  for (const change of changes) {
    if (!change) continue;
    if (change.source === 'policy_settings') unblockable = true;
    const verdict = await options.onChange?.(change, store.current());
    if (verdict === false && change.source !== 'policy_settings') blocked = true;
  }
  if (closed()) return;
  if (blocked && !unblockable) {
    options.onBlocked?.(changes.filter((change): change is ConfigChange => change !== undefined));
    return;
  }
  // Not `onReload?.(await store.reload())`: an absent callback would skip the reload itself.
  const next = await store.reload();
  options.onReload?.(next);
}
